extension Session {
    /// The navigation and modal stack entries (scene and arrival transition), bottom to top,
    /// to carry over a hot reload with `restore(_:)`.
    public var navigationEntries: [Navigator.Entry] { navigator.entries }

    /// Puts a stack taken from an earlier session of the same prototype folder back, as far
    /// as its scenes still exist: the stack is cut at the first scene the reloaded prototype
    /// no longer has (the scenes above it were reached through it). When even the bottom
    /// scene is gone the session stays at the start scene. Nothing is animated and nothing
    /// is recorded in the timeline. The device is held in `orientation` (the earlier
    /// session's, so a reload in landscape stays in landscape).
    ///
    /// - Returns: the scene names dropped from the top of the stack (empty when all were kept).
    @discardableResult
    public func restore(_ entries: [Navigator.Entry], orientation: Orientation = .portrait) -> [String] {
        var kept: [Navigator.Entry] = []
        for entry in entries {
            guard prototype.scenes[entry.scene] != nil else { break }
            kept.append(entry)
        }
        let dropped = entries.dropFirst(kept.count).map(\.scene)
        reset()
        design.orientation = orientation
        navigator.heldLandscape = orientation == .landscape
        if !kept.isEmpty { navigator.entries = kept }
        navigator.showTopAsHeld()  // the landscape scene may have changed
        return dropped
    }
}
