extension Session {
    /// The navigation and modal stack entries (scene and arrival transition), bottom to top,
    /// to carry over a hot reload with `restore(_:)`.
    public var navigationEntries: [Navigator.Entry] { navigator.entries }

    /// The scroll offset of every scene scrolled so far, in points, keyed by scene name (a
    /// landscape variant's as `name (landscape)`), to carry over a hot reload with `restore`.
    public var scrollOffsets: [String: Double] { design.scrollOffsets }

    /// Takes over from `earlier`, a session of the prototype before a hot reload: its stack,
    /// orientation and scroll offsets as `restore(_:orientation:scrollOffsets:)` keeps them,
    /// its slow-motion factor, its clock and its whole timeline, with a `reload` event at the
    /// time of the swap (naming the scene shown, the scenes dropped and the transition cut
    /// short, if one ran). So `play --timeline` keeps the transitions before a reload and
    /// marks where it happened, and `sceneflow record` reads the events of the frame the
    /// reload happened in.
    ///
    /// - Returns: the scene names dropped from the stack, bottom to top.
    @discardableResult
    public func restore(from earlier: Session) -> [String] {
        let dropped = restore(
            earlier.navigationEntries, orientation: earlier.orientation, scrollOffsets: earlier.scrollOffsets)
        restoreControls(from: earlier)
        restoreTabStacks(earlier.navigator.tabStacks)
        slowMotion = earlier.slowMotion
        now = max(now, earlier.now)
        timeline = earlier.timeline
        let cut = earlier.runningTransition.map { "\($0.from) -> \($0.to)" }
        timeline.record(
            .reload(prototype: prototype.name, scene: currentScene, dropped: dropped, cutShort: cut), at: now)
        return dropped
    }

    /// Puts a stack taken from an earlier session of the same prototype folder back, as far
    /// as its scenes still exist: each entry whose scene the reloaded prototype no longer has
    /// is dropped and the others are kept in order (home → list → settings with `list` gone
    /// becomes home → settings, still showing settings; going back from settings then undoes
    /// its own arrival transition). Two neighbours left showing the same scene are merged into
    /// one (the lower one, with its arrival). When no scene is left the session stays at the start scene. Nothing is
    /// animated and nothing is recorded in the timeline. The device is held in `orientation`
    /// (the earlier session's, so a reload in landscape stays in landscape). Each scene of
    /// `scrollOffsets` that still scrolls keeps its offset, clamped to its new content.
    ///
    /// - Returns: the scene names dropped from the stack, bottom to top (empty when all were
    ///   kept).
    @discardableResult
    public func restore(
        _ entries: [Navigator.Entry], orientation: Orientation = .portrait, scrollOffsets: [String: Double] = [:]
    ) -> [String] {
        var kept: [Navigator.Entry] = []
        var dropped: [String] = []
        for entry in entries {
            let exists =
                prototype.scenes[entry.scene] != nil && entry.standsFor.map { prototype.scenes[$0] != nil } ?? true
            guard exists else {
                dropped.append(entry.scene)
                continue
            }
            if let last = kept.last, last.scene == entry.scene {
                kept[kept.count - 1] = Navigator.Entry(
                    scene: entry.scene, arrival: last.arrival, isModal: last.isModal, standsFor: last.standsFor)
            } else {
                kept.append(entry)
            }
        }
        reset()
        design.orientation = orientation
        navigator.heldLandscape = orientation == .landscape
        if !kept.isEmpty { navigator.entries = kept }
        navigator.showTopAsHeld()  // the landscape scene may have changed
        restoreScrollOffsets(scrollOffsets)
        return dropped
    }

    /// Keeps what was entered in the controls of `earlier` (a session of the prototype before a
    /// hot reload) whose element still exists: a control is the same when its scene still has a
    /// control of the same kind with the same accessibility label (and occurrence of it). A text
    /// field keeps its text (cut to its new `max_length`), caret and selection dropped to the end;
    /// a state control keeps its state while the new declaration still has that state; a star
    /// rating keeps its value, snapped and clamped to the new declaration. Nothing fires and
    /// nothing is recorded, as a stack kept over a reload.
    func restoreControls(from earlier: Session) {
        for (id, editing) in earlier.controls.texts {
            guard let field = controlElement(id)?.control?.textField else { continue }
            controls.texts[id] = TextEditing(text: editing.text, maxLength: field.lengthLimit)
        }
        for (id, state) in earlier.controls.states {
            guard let control = controlElement(id)?.control?.stateControl, control.states.contains(state) else {
                continue
            }
            controls.states[id] = state
        }
        for (id, tracker) in earlier.controls.trackers {
            guard let element = controlElement(id), element.control?.starRating != nil,
                var fresh = trackerFor(id, element), (try? fresh.set(tracker.value)) != nil
            else { continue }
            controls.trackers[id] = fresh
        }
    }

    /// Keeps each tab's stack as it was left (`Navigator.tabStacks`) while its root is still a
    /// tab of the reloaded prototype, dropping entries whose scenes are gone as `restore` does
    /// for the shown stack.
    func restoreTabStacks(_ stacks: [String: [Navigator.Entry]]) {
        for (root, entries) in stacks where navigator.tabRoots.contains(root) {
            let kept = entries.filter { prototype.scenes[$0.scene] != nil }
            if kept.first?.scene == root { navigator.tabStacks[root] = kept }
        }
    }

    /// Keeps each offset whose scene (or landscape variant) still has a scroll region,
    /// clamped to that region's new range.
    private func restoreScrollOffsets(_ offsets: [String: Double]) {
        // Nothing to look up: `inspect` restores a stack per scene, and a walk over every scene
        // each time made it quadratic (red-team finding 9-m4).
        guard !offsets.isEmpty else { return }
        for scene in prototype.scenes.keys {
            for landscape in [false, true] {
                let key = scrollKey(scene, landscape: landscape)
                guard let offset = offsets[key], design.scrollOffsets[key] == nil,
                    let geometry = prototype.scrollGeometry(scene, landscape: landscape)
                else { continue }
                design.scrollOffsets[key] = geometry.clamp(offset)
            }
        }
    }
}
