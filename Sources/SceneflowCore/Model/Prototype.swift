/// The device a prototype imitates: a screen size in points and a scale (pixels per point).
///
/// Example: 360 x 800 points at scale 3 is a 1080 x 2400 pixel screen.
public struct Device: Equatable, Sendable {
    /// Screen width in points.
    public var width: Double
    /// Screen height in points.
    public var height: Double
    /// Pixels per point.
    public var scale: Double
    /// Creates a device from its size in points and its scale.
    public init(width: Double, height: Double, scale: Double) {
        self.width = width
        self.height = height
        self.scale = scale
    }
    /// The screen in points, at the origin.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }
    /// Screen width in pixels (rounded).
    public var pixelWidth: Int { Int(saturating: (width * scale).rounded()) }
    /// Screen height in pixels (rounded).
    public var pixelHeight: Int { Int(saturating: (height * scale).rounded()) }
}

/// Where the device screen lies inside a screenshot.
public enum ScreenArea: Equatable, Sendable {
    /// The whole image is the screen (plain screenshots).
    case wholeImage
    /// The screen is this rectangle of the image, in image pixels (device-framed screenshots).
    case rect(PixelRect)
    /// Find the screen inside a phone frame on a transparent background (see `ScreenFinder`).
    case auto
}

/// Something in a scene with an accessibility label: for now a hotspot, a tappable or
/// swipeable rectangle.
public struct Element: Equatable, Sendable {
    /// The accessibility label, as a person reads it on screen ("Back", "Settings").
    public var label: String
    /// The element's rectangle in points.
    public var frame: Rect
    /// The kind of element; `"hotspot"` for plain hotspots.
    public var kind: String
    /// What a tap does, if anything.
    public var onTap: Action?
    /// What a swipe that starts on this element does, per finger direction.
    public var onSwipe: [SwipeDirection: Action]
    /// What a double tap does; without one, a double tap is two taps.
    public var onDoubleTap: Action?
    /// What a long press (held 0.5 s or more) does, if anything.
    public var onLongPress: Action?
    /// The accessibility value read out after the label ("3 items", "On"), if any.
    public var value: String?
    /// False for a disabled element: it is still hit (it covers what lies below) but does
    /// nothing, as a disabled UIKit control.
    public var enabled: Bool
    /// Where the element was declared, e.g. `scenes.home.elements[2]`, for messages.
    public var path: String
    /// Designer features: the pressed image (see `ElementDesign`).
    public var design = ElementDesign()
    /// A live control drawn over the screenshot (a star rating), or nil for a hotspot.
    public var control: ElementControl?

    /// Creates an element.
    public init(
        label: String, frame: Rect, kind: String = "hotspot", onTap: Action? = nil,
        onSwipe: [SwipeDirection: Action] = [:], path: String = "", onDoubleTap: Action? = nil,
        onLongPress: Action? = nil, value: String? = nil, enabled: Bool = true, control: ElementControl? = nil
    ) {
        self.label = label
        self.frame = frame
        self.kind = kind
        self.onTap = onTap
        self.onSwipe = onSwipe
        self.path = path
        self.onDoubleTap = onDoubleTap
        self.onLongPress = onLongPress
        self.value = value
        self.enabled = enabled
        self.control = control
    }
}

/// One screen of the prototype, drawn from one screenshot.
public struct Scene: Equatable, Sendable {
    /// The scene's name (its key in `scenes`).
    public var name: String
    /// The screenshot's path relative to the prototype folder.
    public var image: String
    /// Where the screen lies inside the screenshot.
    public var screen: ScreenArea
    /// The elements, in declaration order (later ones lie on top for hit testing).
    public var elements: [Element]
    /// Scene-wide swipes, per finger direction, used when no element handles the swipe.
    public var onSwipe: [SwipeDirection: Action]
    /// Designer features: timed action, overlay style (see `SceneDesign`).
    public var design = SceneDesign()

    /// Creates a scene.
    public init(
        name: String, image: String, screen: ScreenArea = .wholeImage, elements: [Element] = [],
        onSwipe: [SwipeDirection: Action] = [:]
    ) {
        self.name = name
        self.image = image
        self.screen = screen
        self.elements = elements
        self.onSwipe = onSwipe
    }

    /// The topmost element containing `point` (the last declared one wins).
    public func element(at point: Point) -> Element? {
        elements.last { $0.frame.contains(point) }
    }

    /// Every action in the scene with the path that declares it.
    public var actions: [(path: String, action: Action)] {
        var result: [(String, Action)] = []
        for element in elements + (design.landscape?.elements ?? []) {
            if let tap = element.onTap { result.append(("\(element.path).on_tap", tap)) }
            if let action = element.onDoubleTap { result.append(("\(element.path).on_double_tap", action)) }
            if let action = element.onLongPress { result.append(("\(element.path).on_long_press", action)) }
            for direction in SwipeDirection.allCases {
                if let action = element.onSwipe[direction] {
                    result.append(("\(element.path).on_swipe.\(direction.rawValue)", action))
                }
            }
            result += element.controlActions
        }
        for direction in SwipeDirection.allCases {
            if let action = onSwipe[direction] {
                result.append(("scenes.\(name).on_swipe.\(direction.rawValue)", action))
            }
        }
        if let after = design.after { result.append(("scenes.\(name).on_after", after.action)) }
        return result
    }
}

/// A whole prototype: the device, the scenes and the start scene, as loaded and validated
/// from `prototype.lua`.
public struct Prototype: Equatable, Sendable {
    /// The display name.
    public var name: String
    /// The device imitated.
    public var device: Device
    /// The scene shown first.
    public var start: String
    /// Scenes by name.
    public var scenes: [String: Scene]
    /// Scene names in the order the file declares them (sorted by name when the file's order
    /// cannot be known).
    public var sceneOrder: [String]
    /// The prototype folder (absolute path).
    public var directory: String
    /// Scenes a Lua function action may go to: named in a `go("…")` / `present("…")` call in
    /// `prototype.lua` that is not one of the fixed actions (`Prototype.codeTargets(in:)`, set
    /// by the loader). Used by `PrototypeChecker.reach`.
    public var codeTargets: Set<String> = []
    /// Per scene with Lua function actions, the scenes those functions may go to
    /// (`Prototype.sceneCodeTargets(in:chunkName:wholeFile:)`, set by the loader); a scene missing here
    /// falls back to `codeTargets`. Used by `PrototypeChecker.reach`.
    public var sceneCodeTargets: [String: Set<String>] = [:]
    /// The tab bar's items, if the prototype has one (`installTabs(_:)`, TabBar.swift).
    public var tabs: [TabItem] = []

    /// Creates a prototype; marks each separate landscape scene with the scene it stands in
    /// for (`SceneDesign.portraitScene`).
    public init(
        name: String, device: Device, start: String, scenes: [Scene], directory: String = "."
    ) {
        self.name = name
        self.device = device
        self.start = start
        self.scenes = Dictionary(scenes.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        self.sceneOrder = scenes.map(\.name)
        self.directory = directory
        linkLandscapeScenes()
    }

    /// The scenes in declaration order.
    public var orderedScenes: [Scene] { sceneOrder.compactMap { scenes[$0] } }
}
