/// What a star rating reports to the prototype: `on_changing` or `on_change` with a value.
public enum StarRatingEvent: Equatable, Sendable, CustomStringConvertible {
    /// A new distinct value during a drag (or a keyboard step).
    case changing(Double)
    /// The value at release (or keyboard commit), when it differs from the value at press.
    case changed(Double)

    /// `changing 3`, `changed 4.5`.
    public var description: String {
        switch self {
        case .changing(let v): return "changing \(formatNumber(v, decimals: 1))"
        case .changed(let v): return "changed \(formatNumber(v, decimals: 1))"
        }
    }
}

/// Pointer tracking for one star rating (rules 2–6 and 8 of issue 4), after DLStarRating:
///
/// - a press counts only inside the glyph row plus the touch band; from then until release
///   the pointer is captured and only x matters (y is ignored, so sliding below or above the
///   stars keeps rating);
/// - every sample, even one far outside the control, sets the value from x, so a fast drag
///   never freezes at the last in-range sample: left of the row gives `minimum`, right of it
///   `maximum`;
/// - `changing` fires once per distinct value, `changed` once at release and only when the
///   value differs from the value before the press; a cancelled gesture restores that value
///   and fires nothing;
/// - with `tapToClear`, a press and release on the star equal to the current value (without
///   visiting another value) clears it to 0, clamped to `minimum`, including from 1;
/// - a read-only control never captures and never changes.
public struct StarRatingTracker: Equatable, Sendable {
    /// The control's declaration.
    public let control: StarRating
    /// Its layout in points: where the control was last placed (`placed(in:)`).
    public private(set) var layout: StarRatingLayout
    /// The stored value: what is drawn and what accessibility reads.
    public private(set) var value: Double
    /// The value before the press, while a press is captured.
    public private(set) var valueAtPress: Double?
    private var clearCandidate = false

    /// A tracker showing the control's initial value (snapped and clamped; NaN gives the
    /// minimum).
    public init(_ control: StarRating, frame: Rect) {
        self.control = control
        layout = StarRatingLayout(control, frame: frame)
        value = (try? control.values.snap(control.initialValue)) ?? control.minimum
    }

    /// This tracker (value and press state kept) laid out in `frame`, in screen points: where
    /// the control is placed now (`ScenePlacement.place`).
    public func placed(in frame: Rect) -> StarRatingTracker {
        var copy = self
        copy.layout = StarRatingLayout(control, frame: frame)
        return copy
    }

    /// A tracker for `control` (another declaration of the same control, e.g. its landscape
    /// look's) keeping this one's value, snapped and clamped to `control`'s values, and its
    /// layout's frame.
    public func redeclared(as control: StarRating) -> StarRatingTracker {
        var copy = StarRatingTracker(control, frame: layout.frame)
        copy.value = (try? control.values.snap(value)) ?? copy.value
        return copy
    }

    /// True between a captured press and its release or cancel.
    public var isTracking: Bool { valueAtPress != nil }

    /// Starts tracking when `point` lies in the hit area and the control is not read-only.
    /// - Returns: whether the press was captured, and the events it caused.
    public mutating func press(at point: Point) -> (captured: Bool, events: [StarRatingEvent]) {
        guard !control.readOnly, layout.hitArea.contains(point) else { return (false, []) }
        valueAtPress = value
        let target = valueAt(point.x)
        clearCandidate = control.tapToClear && target == value
        return (true, apply(target))
    }

    /// Follows the captured pointer to `point` (only x is used).
    public mutating func move(to point: Point) -> [StarRatingEvent] {
        guard isTracking else { return [] }
        let target = valueAt(point.x)
        if target != value { clearCandidate = false }
        return apply(target)
    }

    /// Ends the captured press at `point`: `changed` when the value differs from the value
    /// at press.
    public mutating func release(at point: Point) -> [StarRatingEvent] {
        guard let before = valueAtPress else { return [] }
        var events = move(to: point)
        if clearCandidate && valueAt(point.x) == value {
            value = control.values.clamp(0)
        }
        valueAtPress = nil
        clearCandidate = false
        if value != before { events.append(.changed(value)) }
        return events
    }

    /// Abandons the captured press (for example when a transition starts): the value at
    /// press comes back and nothing fires.
    public mutating func cancel() {
        if let before = valueAtPress { value = before }
        valueAtPress = nil
        clearCandidate = false
    }

    /// Sets the value from a script or the prototype: snapped, clamped, fires nothing.
    /// Ends any captured press without events.
    /// - Throws: `StarRatingError.notANumber` for NaN (the value is unchanged).
    public mutating func set(_ newValue: Double) throws(StarRatingError) {
        let snapped = try control.values.snap(newValue)
        valueAtPress = nil
        clearCandidate = false
        value = snapped
    }

    /// Moves one step up (`steps` = 1) or down (-1), stopping at the bounds. Ignored when
    /// read-only. - Returns: whether the value changed.
    @discardableResult
    public mutating func adjust(by steps: Int) -> Bool {
        guard !control.readOnly else { return false }
        let next = control.values.stepped(value, by: steps)
        defer { value = next }
        return next != value
    }

    /// Jumps to the minimum (`toMaximum` false) or maximum. Ignored when read-only.
    /// - Returns: whether the value changed.
    @discardableResult
    public mutating func jump(toMaximum: Bool) -> Bool {
        guard !control.readOnly else { return false }
        let next = toMaximum ? control.maximum : control.minimum
        defer { value = next }
        return next != value
    }

    /// The accessibility value of the stored value: "3.5 of 5 stars" or "No rating".
    public var accessibilityValue: String {
        StarRatingValue.accessibilityText(value, stars: control.stars)
    }

    private func valueAt(_ x: Double) -> Double {
        control.values.clamp(layout.value(atX: x, grid: control.values))
    }

    private mutating func apply(_ target: Double) -> [StarRatingEvent] {
        guard target != value else { return [] }
        value = target
        return [.changing(target)]
    }
}
