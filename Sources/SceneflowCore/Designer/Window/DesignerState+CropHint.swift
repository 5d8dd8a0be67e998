/// The "the view is cropped: pan with…" hint the window shows for a few seconds after a zoom key
/// (`1`, `2`) leaves the device screen larger than the window. It shows only while the view is
/// actually cropped: a zoom that fits (`2` on a display tall enough, `0`) removes it at once, and
/// so does any frame whose view is not cropped (e.g. after the device turned).
extension DesignerState {
    /// How long the cropped hint shows after a zoom key, seconds.
    public static let cropHintSeconds = 4.0

    /// A zoom key was applied at clock time `time` (seconds); `cropped` tells whether the view
    /// is now cropped. Starts the hint when it is, removes any earlier hint when it is not.
    public mutating func zoomApplied(cropped: Bool, at time: Double) {
        cropHintUntil = cropped ? time + Self.cropHintSeconds : -1
    }

    /// True when the cropped hint shows at clock time `time` (seconds) for a view that is
    /// `cropped` now: within `cropHintSeconds` of a zoom key that cropped, and only while cropped.
    public func showsCropHint(cropped: Bool, at time: Double) -> Bool {
        cropped && time < cropHintUntil
    }
}
