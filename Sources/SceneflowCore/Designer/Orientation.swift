/// Which way the device is held.
public enum Orientation: String, Sendable, CaseIterable {
    /// Upright: the prototype's device size as declared.
    case portrait
    /// Turned a quarter: width and height swapped.
    case landscape

    /// The other orientation.
    public var toggled: Orientation { self == .portrait ? .landscape : .portrait }
}

/// How a scene looks when the device is held in landscape: its own screenshot (landscape
/// pixels) and elements in landscape points:
/// `landscape = { image = "home_land.png", elements = { ... } }`. A scene without one is
/// portrait-only: turning the device leaves it as it is, as a portrait-locked app does.
public struct LandscapeVariant: Equatable, Sendable {
    /// The landscape screenshot, relative to the prototype folder.
    public var image: String
    /// Where the screen lies inside it.
    public var screen: ScreenArea
    /// The elements in landscape points (x along the long side).
    public var elements: [Element]
    /// Creates a variant.
    public init(image: String, screen: ScreenArea = .wholeImage, elements: [Element] = []) {
        self.image = image
        self.screen = screen
        self.elements = elements
    }
}

extension Device {
    /// The device turned a quarter: width and height (points) swapped, same scale.
    public var rotated: Device { Device(width: height, height: width, scale: scale) }

    /// The device as held in `orientation`.
    public func held(_ orientation: Orientation) -> Device { orientation == .portrait ? self : rotated }
}

extension Session {
    /// How long turning the device takes: the screen fades to black in the old orientation and
    /// back in the new one (seconds).
    public static let rotationDuration = 0.3

    /// The orientation the device is held in.
    public var orientation: Orientation { design.orientation }

    /// True when `scene` is shown in landscape: the device is in landscape and the scene has
    /// a landscape variant.
    public func showsLandscape(_ scene: String) -> Bool {
        design.orientation == .landscape && prototype.scenes[scene]?.design.landscape != nil
    }

    /// `scene` as it is shown now: with its landscape image and elements when in landscape.
    func activeScene(_ scene: Scene) -> Scene {
        guard design.orientation == .landscape, let variant = scene.design.landscape else { return scene }
        var shown = scene
        shown.image = variant.image
        shown.screen = variant.screen
        shown.elements = variant.elements
        return shown
    }

    /// Turns the device to `orientation` (nothing when it is already held so). The screen
    /// fades through black over `rotationDuration`; the session is not settled meanwhile.
    /// Returns false (and does nothing) during a navigation transition.
    @discardableResult
    public func rotate(to orientation: Orientation) -> Bool {
        guard navigator.running == nil else { return false }
        guard orientation != design.orientation else { return true }
        design.rotation = (from: design.orientation, start: now)
        design.orientation = orientation
        design.pressed = nil
        design.scrollDrag = nil
        return true
    }

    /// The device for frames of `scene`: turned when the scene shows in landscape.
    func shownDevice(_ scene: String) -> Device {
        showsLandscape(scene) ? prototype.device.rotated : prototype.device
    }

    /// A still layer of `scene` as shown now (its landscape image in landscape).
    func shownLayer(_ scene: String) -> SceneLayer { layer(scene, landscape: showsLandscape(scene)) }

    /// A still layer of `scene`, its landscape variant when `landscape` and it has one.
    func layer(_ scene: String, landscape: Bool) -> SceneLayer {
        var layer = FrameComposer.layer(prototype, scene)
        if landscape, let variant = prototype.scenes[scene]?.design.landscape {
            layer.image = variant.image
            layer.screen = variant.screen
            layer.rotated = true
            layer.slices = []
            layer.contentHeight = nil
        }
        return layer
    }

    /// Ends a finished rotation.
    func finishRotation() {
        if let r = design.rotation, now + 1e-9 >= r.start + Self.rotationDuration { design.rotation = nil }
    }

    /// The frame while the device turns, or nil: the old orientation fading to black for the
    /// first half, the new one fading in for the second.
    func rotationFrame() -> FrameDescription? {
        guard let r = design.rotation else { return nil }
        let half = Self.rotationDuration / 2
        let t = now - r.start
        let scene = currentScene
        let firstHalf = t < half
        let showsOld = firstHalf && r.from != design.orientation
        let landscape = showsOld ? (r.from == .landscape) : (design.orientation == .landscape)
        var layer = self.layer(scene, landscape: landscape)
        let device = layer.rotated ? prototype.device.rotated : prototype.device
        if !layer.rotated { layer = scrolledLayer(layer) }
        let dark = firstHalf ? t / half : 1 - (t - half) / half
        let veil = SceneLayer(
            scene: "", image: "", screen: .wholeImage, offset: Point(x: 0, y: 0), alpha: min(max(dark, 0), 1))
        return FrameDescription(device: device, layers: [layer, veil])
    }
}

extension Session {
    /// The frame when a mounted scene shows in landscape: the device turned, landscape
    /// screenshots; a transition between a landscape and a portrait-only scene cuts.
    func landscapeFrame() -> FrameDescription {
        let device = shownDevice(currentScene)
        guard let running = navigator.running else {
            return FrameDescription(device: device, layers: [shownLayer(currentScene)] + pressedLayers())
        }
        let record = running.record
        let to = shownDevice(record.to)
        guard shownDevice(record.from) == to, record.transition.isAnimated else {
            return FrameDescription(device: to, layers: [shownLayer(record.to)])
        }
        let p = record.transition.curve.value(at: running.linearProgress(at: now))
        let layers = FrameComposer.layers(
            kind: record.transition.kind, progress: p, size: Size(width: to.width, height: to.height),
            from: shownLayer(record.from), to: shownLayer(record.to))
        return FrameDescription(device: to, layers: layers)
    }
}

extension Session {
    /// The screen in points as the current scene is shown: the device turned for a scene
    /// shown in landscape.
    public var screenBounds: Rect { shownDevice(currentScene).bounds }
}
