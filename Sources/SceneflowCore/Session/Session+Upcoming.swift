/// The screenshots a session needs drawn soon, so a player can decode them before they are
/// needed (`play` decodes them before a reloaded prototype is swapped in: issue 13.6, the
/// first transition after a reload had hitches while its screenshots were decoded).
extension Session {
    /// The image layers of the frame shown now (scenes, the scene under an overlay, a pressed
    /// image), then a still layer, as it would be drawn now (landscape, scrolled), of every
    /// scene one step away: the targets of the current scene's actions (its elements', its
    /// landscape variant's, its swipes and timer) and the scene below the top (back, dismiss).
    /// Each image and size once, in that order. A Lua function's targets are not known
    /// beforehand and are left out.
    public var upcomingLayers: [SceneLayer] {
        var result: [SceneLayer] = []
        func add(_ layer: SceneLayer) {
            guard !layer.image.isEmpty else { return }  // a veil
            let same = result.contains {
                $0.image == layer.image && $0.screen == layer.screen && $0.rotated == layer.rotated
                    && $0.contentHeight == layer.contentHeight
            }
            if !same { result.append(layer) }
        }
        frame().layers.forEach(add)
        var next = scene(currentScene)?.actions.compactMap(\.action.targetScene) ?? []
        let entries = navigator.entries
        if entries.count >= 2 { next.append(entries[entries.count - 2].scene) }
        for name in next where scene(name) != nil { add(shownLayer(name)) }
        return result
    }
}
