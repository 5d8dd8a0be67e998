/// Keyboard focus and the appearance lifecycle: focus belongs to one appearance of a scene.
///
/// When the scene holding keyboard focus will disappear (a navigation leaves it, an overlay is
/// presented over it, the device turns to a separate landscape scene), focus is cleared, so
/// arriving again shows no focus ring and Tab focuses the first star rating. A value stepped
/// with the keyboard and not committed (Return, Space or Tab away) is dropped: the value at
/// the last commit (or when focus arrived) comes back and nothing fires, as a press cancelled
/// by a transition restores its value (the Prototype format article in Sceneflow.docc, "Star ratings"). The restore is recorded as a
/// `controlValue` event with `what` "dropped", before the navigation's own events when the
/// navigation starts at once.
extension Session {
    /// Clears focus before `action` starts when it would make the focused control's scene
    /// disappear (`Navigator.sceneLeft(by:)`). Called by `perform(_:source:)`.
    func dropFocus(before action: Action) {
        if let text = controls.textFocus, navigator.sceneLeft(by: action) == text.scene {
            endTextFocus()  // a text field gives up the keyboard when its scene will disappear
        }
        guard let id = controls.focused, navigator.sceneLeft(by: action) == id.scene else { return }
        dropFocus()
    }

    /// Clears focus when its scene is no longer the one shown and settled on: after a queued
    /// navigation started, a turn of the device, or during a transition.
    func dropFocusIfItsSceneLeft() {
        guard let id = controls.focused, id.scene != currentScene || navigator.running != nil else { return }
        dropFocus()
    }

    /// Clears keyboard focus, putting back the last committed value of the focused control.
    func dropFocus() {
        guard let id = controls.focused else { return }
        if let committed = controls.committed, var tracker = controls.trackers[id], tracker.value != committed,
            (try? tracker.set(committed)) != nil
        {
            controls.trackers[id] = tracker
            timeline.record(
                .controlValue(element: id.label, scene: id.scene, value: committed, what: "dropped"), at: now)
        }
        controls.focused = nil
        controls.committed = nil
    }
}

extension Navigator {
    /// The scene that `action` would make disappear if asked for now (its `will_disappear`),
    /// found by a dry run on a copy; nil when the action would be queued, skipped (back at the
    /// root, dismiss with no modal) or is not navigation.
    func sceneLeft(by action: Action) -> String? {
        guard running == nil else { return nil }
        if case .script = action { return nil }
        var probe = self
        var scratch = Timeline()
        probe.request(action, source: "", at: 0, timeline: &scratch)
        return scratch.lifecycle.first { $0.phase == .willDisappear }?.scene
    }
}
