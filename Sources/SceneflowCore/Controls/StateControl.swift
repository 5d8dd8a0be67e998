/// A control drawn as one image per state over its scene's screenshot, as declared in
/// `prototype.lua` with `control = "toggle"`, `"checkbox"`, `"segmented"` or `"radio"` and
/// `states = { off = "off.png", on = "on.png", … }` (issue 17).
///
/// The star rating's sibling: one layout (`StateControlLayout`) serves drawing, hit testing
/// and accessibility; Tab focuses it in the window; `on_change(app, state)` fires when a tap or
/// a key changes the state; scripts read the state name as the element's `value`. Geometry is
/// in points.
public struct StateControl: Equatable, Sendable {
    /// How the control answers a tap and how its value is read out.
    public enum Style: String, CaseIterable, Equatable, Sendable {
        /// A switch (UISwitch, Android Switch): states `off` and `on`; a tap flips it; read out
        /// "on" / "off".
        case toggle
        /// A check box: states `off` and `on`; a tap flips it; read out "checked" /
        /// "not checked" (Android TalkBack's words).
        case checkbox
        /// A segmented control (UISegmentedControl, Material segmented buttons): one segment
        /// frame per state; a tap selects the segment it lands in; read out "2 of 3".
        case segmented
        /// A radio group: one segment frame (a row) per state; a tap selects the row it lands
        /// in; read out "2 of 3".
        case radio

        /// True for the styles whose states each have a segment frame (a tap selects).
        public var selects: Bool { self == .segmented || self == .radio }
    }

    /// The style.
    public var style: Style
    /// The state names in order: `off`, `on` for toggles and check boxes; the segments in
    /// reading order (left to right, then top to bottom; top to bottom for radio groups) for
    /// segmented controls and radio groups. Never empty.
    public var states: [String]
    /// The image drawn over the element's frame in each state, relative to the prototype
    /// folder (scaled to the frame).
    public var images: [String: String]
    /// Segmented controls and radio groups: each state's segment frame in the scene's points
    /// (as element frames are declared), inside the element's frame, not overlapping.
    public var segments: [String: Rect]
    /// The state shown when the scene is first shown (one of `states`).
    public var initialState: String
    /// Called with the new state name when a tap or a key changes it
    /// (`on_change(app, state)`), or a navigation action.
    public var onChange: Action?

    /// Creates a control. `states` must not be empty; `initialState` defaults to the first.
    public init(
        style: Style, states: [String], images: [String: String], segments: [String: Rect] = [:],
        initialState: String? = nil, onChange: Action? = nil
    ) {
        self.style = style
        self.states = states
        self.images = images
        self.segments = segments
        self.initialState = initialState ?? states.first ?? ""
        self.onChange = onChange
    }

    /// The state after `state` when a tap or Space cycles: the next in `states`, wrapping.
    public func next(after state: String) -> String {
        guard let index = states.firstIndex(of: state), !states.isEmpty else { return states.first ?? state }
        return states[(index + 1) % states.count]
    }

    /// The state `steps` places from `state` (arrow keys), stopping at the first and last.
    public func stepped(_ state: String, by steps: Int) -> String {
        guard let index = states.firstIndex(of: state) else { return state }
        return states[min(max(index + steps, 0), states.count - 1)]
    }

    /// The accessibility value as the platform reads it: "on" / "off" (toggle), "checked" /
    /// "not checked" (check box), "2 of 3" (segmented control, radio group: the state's place
    /// among the segments).
    public func accessibilityValue(_ state: String) -> String {
        switch style {
        case .toggle: return state == "on" ? "on" : "off"
        case .checkbox: return state == "on" ? "checked" : "not checked"
        case .segmented, .radio:
            let place = (states.firstIndex(of: state) ?? 0) + 1
            return "\(place) of \(states.count)"
        }
    }
}

/// Where a state control's segments lie on the screen: the one layout drawing (the state image
/// over the frame, the focus ring), hit testing (which segment a tap selects) and scripts
/// (`choose` presses a segment's centre) share. All geometry is in screen points.
public struct StateControlLayout: Equatable, Sendable {
    /// The element's frame where it is placed (screen points).
    public let frame: Rect
    /// Each state's segment where it is placed, in `states` order; toggles and check boxes have
    /// none (the whole frame is one).
    public let segments: [(state: String, frame: Rect)]

    /// Lays out `control` declared with `declared` (scene points) and placed at `placed`
    /// (screen points): segments keep their offset from the frame's corner.
    public init(_ control: StateControl, declared: Rect, placed: Rect) {
        frame = placed
        segments = control.states.compactMap { state in
            guard let segment = control.segments[state] else { return nil }
            return (
                state,
                Rect(
                    x: placed.x + segment.x - declared.x, y: placed.y + segment.y - declared.y,
                    width: segment.width, height: segment.height)
            )
        }
    }

    /// The state a tap at `point` gives to a control in `state`: for a segmented control or
    /// radio group the segment holding the point (nil outside every segment); otherwise the
    /// next state when the point is in the frame.
    public func state(tappedAt point: Point, from state: String, control: StateControl) -> String? {
        if control.style.selects { return segments.last { $0.frame.contains(point) }?.state }
        return frame.contains(point) ? control.next(after: state) : nil
    }

    /// Where a finger presses to give `state` to a control in `current`: the segment's centre
    /// for a segmented control or radio group; the frame's centre otherwise. Nil for a state
    /// the control does not have.
    public func point(for state: String, control: StateControl) -> Point? {
        guard control.states.contains(state) else { return nil }
        if control.style.selects { return segments.first { $0.state == state }?.frame.center }
        return frame.center
    }

    /// The focus ring: the frame grown by 3 points on each side.
    public var focusRing: Rect {
        Rect(x: frame.x - 3, y: frame.y - 3, width: frame.width + 6, height: frame.height + 6)
    }

    /// Equal when the frames and segments are.
    public static func == (a: Self, b: Self) -> Bool {
        a.frame == b.frame && a.segments.map(\.state) == b.segments.map(\.state)
            && a.segments.map(\.frame) == b.segments.map(\.frame)
    }
}

/// What to draw for one state control: its current state's image over its frame, where the
/// scene's layer places it (screen points), cut to `clip`, with a focus ring when focused.
/// Produced by Core, drawn by the SDL layer.
public struct StateImageOverlay: Equatable, Sendable {
    /// The control's accessibility label.
    public var label: String
    /// The image relative to the prototype folder.
    public var image: String
    /// Where it is drawn (screen points): the element's placed frame.
    public var frame: Rect
    /// The part of the screen (points) it may show in (`PlacedFrame.area`); nil for no limit.
    public var clip: Rect?
    /// The focus ring rectangle (points), or nil.
    public var focusRing: Rect?

    /// An overlay.
    public init(label: String, image: String, frame: Rect, clip: Rect? = nil, focusRing: Rect? = nil) {
        self.label = label
        self.image = image
        self.frame = frame
        self.clip = clip
        self.focusRing = focusRing
    }

    /// The overlays of `scene`'s state controls in their initial states, unmoved (still renders).
    public static func initial(for scene: Scene) -> [StateImageOverlay] {
        scene.elements.compactMap { element in
            guard let control = element.control?.stateControl, let image = control.images[control.initialState]
            else { return nil }
            return StateImageOverlay(label: element.label, image: image, frame: element.frame)
        }
    }
}
