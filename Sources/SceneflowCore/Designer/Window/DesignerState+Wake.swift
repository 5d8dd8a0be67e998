extension DesignerState {
    /// The next clock time (seconds) after `time` at which the designer overlay changes by
    /// itself: the hint flash, the "cropped" hint or a Lua action error running out; nil when
    /// nothing is due. The window sleeps until then when nothing else happens (issue 19 item 3).
    public func nextChange(after time: Double) -> Double? {
        [hintUntil, cropHintUntil, actionErrorUntil].filter { $0 > time }.min()
    }
}
