/// Separate landscape scenes on the navigation stack (Apple's AlternateViews sample: a
/// landscape view controller presented over the portrait one while the device is turned).
/// While the device is held in landscape, the top entry of a scene X with
/// `landscape = "Y"` shows Y instead (Y replaces X on top, remembering X); in portrait an
/// entry that stands in for X shows X again. `back()` from Y therefore goes to what was below X.
extension Navigator {
    /// Replaces the top entry's scene for the orientation in `heldLandscape`: by its separate
    /// landscape scene in landscape, by the portrait scene it stands in for in portrait. A
    /// scene navigated to by name (not standing in for another) is left alone. Returns the
    /// scene shown before when it changed, else nil.
    @discardableResult
    mutating func showTopAsHeld() -> String? {
        var entry = entries[entries.count - 1]
        let before = entry.scene
        if heldLandscape, entry.standsFor == nil, let other = landscapeScenes[entry.scene] {
            entry.standsFor = entry.scene
            entry.scene = other
        } else if !heldLandscape, let portrait = entry.standsFor {
            entry.scene = portrait
            entry.standsFor = nil
        } else {
            return nil
        }
        entries[entries.count - 1] = entry
        return before
    }
}
