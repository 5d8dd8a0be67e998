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

/// Landscape sequences (`landscape = { "chart", "chart_week" }`): separate landscape scenes
/// leading to each other. Turning the device upright from any of them shows the portrait
/// scene the sequence belongs to.
extension Navigator {
    /// Shows the top entry as the device now held demands after a turn: in landscape as
    /// `showTopAsHeld()`; upright, when the top entry shows a scene of a landscape sequence
    /// (standing in for its owner, or reached from another of its scenes), the topmost run of
    /// entries showing that sequence is replaced by one entry for its owner (arriving as the
    /// run's first did), or dropped when the owner is right below it. Returns the scene shown
    /// before when it changed, else nil.
    @discardableResult
    mutating func showTopAsTurned() -> String? {
        guard !heldLandscape else { return showTopAsHeld() }
        let top = entries[entries.count - 1]
        guard let owner = top.standsFor ?? landscapeOwners[top.scene] else { return nil }
        func inSequence(_ entry: Entry) -> Bool {
            entry.standsFor == owner || (entry.standsFor == nil && landscapeOwners[entry.scene] == owner)
        }
        var start = entries.count - 1
        while start > 0, !entries[start].isModal, inSequence(entries[start - 1]) { start -= 1 }
        let first = entries[start]
        entries.removeSubrange(start...)
        if entries.last?.scene != owner {
            entries.append(Entry(scene: owner, arrival: first.arrival, isModal: first.isModal))
        }
        return top.scene
    }
}
