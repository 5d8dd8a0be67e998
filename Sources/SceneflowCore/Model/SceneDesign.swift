/// An action a scene runs by itself after it has been shown for a while (a splash screen
/// that advances itself): `after = 2, on_after = go("home", "crossfade")`.
public struct TimedAction: Equatable, Sendable {
    /// The longest a scene timer may wait, in seconds: a day (a longer one never fires in any
    /// run; red-team 12 m7 had `after = 1e308`).
    public static let maxSeconds = 86_400.0
    /// Seconds after the scene appeared (its transition completed) and stayed on top.
    public var seconds: Double
    /// What to do then.
    public var action: Action
    /// Creates a timed action.
    public init(seconds: Double, action: Action) {
        self.seconds = seconds
        self.action = action
    }
}

/// How a scene presented as an overlay sits over the scene below it:
/// `present("sheet", {overlay = true, position = "bottom", dim = 0.4, dismiss_on_outside = true})`.
public struct OverlayStyle: Equatable, Sendable {
    /// Where the overlay sits on the screen.
    public enum Position: String, Sendable, CaseIterable {
        /// Along the bottom edge, full width by default (a bottom sheet); slides up.
        case bottom
        /// In the middle (a dialog); fades in.
        case center
    }
    /// Where the overlay sits.
    public var position: Position
    /// Opacity 0…1 of the black veil over the scene below.
    public var dim: Double
    /// True when a tap outside the overlay dismisses it; otherwise such a tap does nothing.
    public var dismissOnOutside: Bool
    /// The overlay's size in points (nil: full width and half the height for `bottom`,
    /// 80 % of the width and half the height for `center`).
    public var size: Size?
    /// Creates a style.
    public init(position: Position = .bottom, dim: Double = 0.4, dismissOnOutside: Bool = false, size: Size? = nil) {
        self.position = position
        self.dim = dim
        self.dismissOnOutside = dismissOnOutside
        self.size = size
    }

    /// The overlay's rectangle on a `device` screen, in points.
    public func frame(on device: Device) -> Rect {
        switch position {
        case .bottom:
            let s = size ?? Size(width: device.width, height: device.height / 2)
            return Rect(x: (device.width - s.width) / 2, y: device.height - s.height, width: s.width, height: s.height)
        case .center:
            let s = size ?? Size(width: device.width * 0.8, height: device.height / 2)
            return Rect(
                x: (device.width - s.width) / 2, y: (device.height - s.height) / 2, width: s.width, height: s.height)
        }
    }
}

/// Designer features of a scene kept apart from `Scene`'s core fields.
public struct SceneDesign: Equatable, Sendable {
    /// The timed action (`after` / `on_after`), if any.
    public var after: TimedAction?
    /// Set when some `present` shows this scene as an overlay; its elements' frames are then
    /// relative to the overlay's top-left corner.
    public var overlay: OverlayStyle?
    /// The scroll region, when the scene's image is taller than the screen.
    public var scroll: ScrollRegion?
    /// How the scene looks in landscape; nil for a portrait-only scene.
    public var landscape: LandscapeVariant?
    /// `landscape = "scene"`: the separate scene shown in this one's place while the device is
    /// held in landscape (Apple's AlternateViews pattern); nil when there is none. The first
    /// of `landscapeSequence`; setting it makes the sequence that one scene.
    public var landscapeScene: String? {
        get { landscapeSequence.first }
        set { landscapeSequence = newValue.map { [$0] } ?? [] }
    }
    /// `landscape = { "chart", "chart_week", ... }`: this scene's landscape sequence, the
    /// separate landscape scenes that belong to it in declaration order (one for
    /// `landscape = "chart"`, none without). The first is shown in this scene's place when the
    /// device is turned; the others are reached from it by their elements (swipe, tap);
    /// turning the device upright from any of them shows this scene again.
    public var landscapeSequence: [String] = []
    /// How turning the device into this scene's landscape sequence and back upright from it is
    /// drawn (`landscape = { "chart", "chart_week", turn = "none" }`): the 0.3 s rotation by
    /// default, or a cut.
    public var landscapeTurn: LandscapeTurn = .rotation
    /// Set on a scene that another scene's landscape sequence names (`landscape = "name"` or
    /// `landscape = { ..., "name", ... }`): that scene, the sequence's owner (the first in
    /// declaration order when several do). Such a landscape scene's image and elements are in
    /// landscape points and it always shows on the turned device.
    public var portraitScene: String?
    /// `hides_tab_bar = true`: the scene covers the tab bar (a details screen; UIKit's
    /// `hidesBottomBarWhenPushed`): it stays in its tab's stack but gets no tab elements
    /// (`Prototype.installTabs`).
    public var hidesTabBar = false
    /// Creates an empty design.
    public init(after: TimedAction? = nil, overlay: OverlayStyle? = nil, scroll: ScrollRegion? = nil) {
        self.after = after
        self.overlay = overlay
        self.scroll = scroll
    }
}

/// Designer features of an element kept apart from `Element`'s core fields.
public struct ElementDesign: Equatable, Sendable {
    /// An image (path relative to the prototype folder) drawn over the element's frame while
    /// the finger is down on it.
    public var pressed: String?
    /// Creates an empty design.
    public init(pressed: String? = nil) { self.pressed = pressed }
}

/// Descriptions of the designer features for `sceneflow inspect`.
enum SceneExtras {
    /// Extra lines for a scene of `prototype`, indented two spaces.
    static func describe(_ scene: Scene, in prototype: Prototype) -> [String] {
        var lines: [String] = []
        if let after = scene.design.after {
            lines.append("  after \(formatNumber(after.seconds, decimals: 3))s: \(after.action)")
        }
        if let scroll = scene.design.scroll { lines.append(describe(scroll)) }
        let sequence = scene.design.landscapeSequence
        if sequence.count == 1 { lines.append("  landscape scene \(sequence[0])") }
        if sequence.count > 1 {
            lines.append(
                "  landscape sequence \(sequence.joined(separator: " -> ")) (the first shown when it is turned)")
        }
        if scene.design.hidesTabBar { lines.append("  hides the tab bar (stays on its tab's stack)") }
        if let other = scene.design.portraitScene {
            let sequence = prototype.scenes[other]?.design.landscapeSequence ?? []
            if sequence.count > 1, let index = sequence.firstIndex(of: scene.name) {
                lines.append(
                    "  landscape sequence of \(other): \(index + 1) of \(sequence.count) (turning upright shows \(other))"
                )
            } else {
                lines.append("  landscape scene of \(other) (shown when it is turned)")
            }
        }
        if let landscape = scene.design.landscape {
            lines.append("  landscape image \(landscape.image)")
            if let scroll = landscape.scroll { lines.append("  " + describe(scroll)) }
            for element in landscape.elements {
                lines.append("    " + ElementTree.line(element, value: element.value) + describe(element))
            }
        }
        if let overlay = scene.design.overlay {
            lines.append(
                "  overlay \(overlay.position.rawValue) dim \(formatNumber(overlay.dim))\(overlay.dismissOnOutside ? " dismiss_on_outside" : "")"
                    + (overlay.size.map { " size \(formatNumber($0.width))x\(formatNumber($0.height))" } ?? ""))
        }
        return lines
    }
    /// `  scroll header 56 footer 48 height 1600` (points).
    static func describe(_ scroll: ScrollRegion) -> String {
        let height = scroll.contentHeight.map { " height \(formatNumber($0))" } ?? ""
        return "  scroll header \(formatNumber(scroll.header)) footer \(formatNumber(scroll.footer))\(height)"
    }
    /// Extra text for an element line, starting with a space, or "".
    static func describe(_ element: Element) -> String {
        var text = element.design.pressed.map { " pressed \($0)" } ?? ""
        if let rating = element.control?.starRating { text += describe(rating) }
        if let states = element.control?.stateControl { text += describe(states) }
        if let field = element.control?.textField { text += describe(field) }
        return text
    }

    /// A text field's settings and actions: ` font 17 color #1C1B1F placeholder "Search"
    /// value "cats" keyboard email max_length 40 on_change: … on_submit: …`. A secure field
    /// shows ` secure` and its initial text's length, never the text.
    static func describe(_ field: TextField) -> String {
        func hex(_ c: OverlayColor) -> String {
            let bytes = c.a == 255 ? [c.r, c.g, c.b] : [c.r, c.g, c.b, c.a]
            return "#" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
        }
        var parts = ["font \(formatNumber(field.fontSize))", "color \(hex(field.color))"]
        if let background = field.background { parts.append("background \(hex(background))") }
        if let placeholder = field.placeholder { parts.append("placeholder \(ScaffoldWriter.luaString(placeholder))") }
        if field.secure {
            parts.append("secure")
            if !field.initialText.isEmpty { parts.append("value (\(field.initialText.count) characters)") }
        } else if !field.initialText.isEmpty {
            parts.append("value \(ScaffoldWriter.luaString(field.initialText))")
        }
        if field.keyboard != .text { parts.append("keyboard \(field.keyboard.rawValue)") }
        if let limit = field.maxLength { parts.append("max_length \(limit)") }
        if let action = field.onChange { parts.append("on_change: \(action)") }
        if let action = field.onSubmit { parts.append("on_submit: \(action)") }
        return " " + parts.joined(separator: " ")
    }

    /// A state control's states, images, segments and action:
    /// ` states Metric=m.png {30, 200, 100, 40}, Imperial=i.png {…} value Metric on_change: …`
    /// (the element's kind, before it, names the style).
    static func describe(_ control: StateControl) -> String {
        let states = control.states.map { state in
            var text = "\(state)=\(control.images[state] ?? "?")"
            if let segment = control.segments[state] { text += " \(segment)" }
            return text
        }
        var parts = ["states " + states.joined(separator: ", "), "value \(control.initialState)"]
        if let action = control.onChange { parts.append("on_change: \(action)") }
        return " " + parts.joined(separator: " ")
    }

    /// A star rating's settings and actions: ` stars 5 step 1 range 0–5 value 0 on_change: …`.
    static func describe(_ rating: StarRating) -> String {
        var parts = [
            "stars \(rating.stars)", "step \(formatNumber(rating.step))",
            "range \(formatNumber(rating.minimum))–\(formatNumber(rating.maximum))",
            "value \(formatNumber(rating.initialValue))",
        ]
        if rating.readOnly { parts.append("read_only") }
        if rating.rightToLeft { parts.append("rtl") }
        if rating.tapToClear { parts.append("tap_to_clear") }
        if let action = rating.onChanging { parts.append("on_changing: \(action)") }
        if let action = rating.onChange { parts.append("on_change: \(action)") }
        return " " + parts.joined(separator: " ")
    }
}

/// How a turn of the device into or out of a landscape sequence is drawn, as the sequence
/// declares it (`turn = "rotation"` or `turn = "none"`).
public enum LandscapeTurn: String, CaseIterable, Equatable, Sendable {
    /// The screen turns a quarter over 0.3 s (`Session.rotationDuration`), the default.
    case rotation
    /// No animation: the turned screen shows at once (a cut), recorded as such in the timeline.
    case none
}
