/// Scroll regions in a session: offsets per scene (points, 0 = top), drags in the scrolling
/// band move the content with the finger, the mouse wheel and scripts scroll by points.
extension Session {
    /// The scroll geometry of `scene` as shown now, when that has a scroll region: in
    /// landscape, the landscape variant's own region (landscape points), else none.
    public func scrollGeometry(_ scene: String) -> ScrollGeometry? {
        prototype.scrollGeometry(scene, landscape: showsLandscape(scene))
    }

    /// The scroll offset of `scene` as shown now, in points (0 at the top).
    public func scrollOffset(_ scene: String) -> Double { scrollOffset(scene, landscape: showsLandscape(scene)) }

    /// The scroll offset of `scene` in portrait or in its landscape variant (each keeps its own).
    func scrollOffset(_ scene: String, landscape: Bool) -> Double {
        design.scrollOffsets[scrollKey(scene, landscape: landscape)] ?? 0
    }

    /// The key of a scroll offset: the scene name, with ` (landscape)` for a landscape variant.
    func scrollKey(_ scene: String, landscape: Bool) -> String {
        landscape && prototype.scenes[scene]?.design.portraitScene == nil ? scene + " (landscape)" : scene
    }

    /// Sets the offset of `scene` as shown now.
    private func setScrollOffset(_ offset: Double, _ scene: String) {
        design.scrollOffsets[scrollKey(scene, landscape: showsLandscape(scene))] = offset
    }

    /// A vertical mouse-wheel turn of `points` (40 a notch; positive shows more below) with the
    /// pointer at `point` (screen points), as the window delivers it (`play`, `record`): it
    /// scrolls the current scene's region (none under an overlay) when the pointer is over its
    /// scrolling band, or anywhere when the whole screen shows (`viewCropped` false). Returns
    /// true when the window should not pan instead: the region scrolled, or the whole screen
    /// shows (there is nothing to pan).
    public func wheel(_ points: Double, at point: Point, viewCropped: Bool) -> Bool {
        let band = currentOverlayFrame == nil ? scrollGeometry(currentScene)?.band : nil
        if let band, band.contains(point) || !viewCropped {
            if scroll(by: points) != 0 || !viewCropped { return true }
        }
        return !viewCropped
    }

    /// Scrolls the current scene by `points` (positive: the content moves up, showing more
    /// below), clamped to its range. Returns the points actually scrolled (0 when the scene
    /// has no scroll region or is at its end).
    @discardableResult
    public func scroll(by points: Double) -> Double {
        let scene = currentScene
        guard navigator.running == nil, let g = scrollGeometry(scene) else { return 0 }
        let before = scrollOffset(scene)
        let after = g.clamp(before + points)
        setScrollOffset(after, scene)
        return after - before
    }

    /// The points to scroll the current scene by so the element labelled `label` lies fully in
    /// the scrolling band (0 when it already does or is in a fixed band); nil when no element
    /// has that label, the scene does not scroll, or no offset brings the element into view
    /// (`unreachableScrollProblem` says why).
    public func scrollDelta(revealing label: String) -> Double? {
        guard let (g, frame) = scrollTarget(label) else { return nil }
        let from = scrollOffset(currentScene)
        return g.reachableOffset(revealing: frame, from: from).map { $0 - from }
    }

    /// Why the element labelled `label` can never be scrolled into view in the current scroll
    /// scene (it lies outside the scroll content, or no part of it ever shows), naming the
    /// content size in points; nil when it can, or there is no such element or scroll region.
    public func unreachableScrollProblem(_ label: String) -> String? {
        guard let (g, frame) = scrollTarget(label),
            g.reachableOffset(revealing: frame, from: scrollOffset(currentScene)) == nil
        else { return nil }
        let size = "\(formatNumber(g.screenWidth))x\(formatNumber(g.contentHeight)) pt"
        return frame.isInside(g.content)
            ? "\"\(label)\" (frame \(frame)) never shows in the scrolling band of scene \"\(currentScene)\" (\(size) content); no scroll brings it into view"
            : "\"\(label)\" frame \(frame) lies outside the \(size) content of scene \"\(currentScene)\"; no scroll brings it into view"
    }

    /// The current scene's scroll geometry and the frame (image points) of its element
    /// labelled `label`, when both exist.
    private func scrollTarget(_ label: String) -> (ScrollGeometry, Rect)? {
        let scene = currentScene
        guard let g = scrollGeometry(scene),
            let element = prototype.scenes[scene].map(activeScene)?.elements.first(where: { $0.label == label })
        else { return nil }
        return (g, element.frame)
    }

    /// Scroll handling of raw input: a press in the scrolling band starts a drag that moves
    /// the content with the finger until the release, unless a star rating takes the press
    /// (it then holds the finger, as a slider in a scroll view does, and the content stays).
    func noteScrollInput(_ event: InputEvent) {
        switch event.phase {
        case .down:
            design.scrollDrag = nil
            if currentOverlayFrame == nil, let g = scrollGeometry(currentScene), g.band.contains(event.point),
                controlHit(at: event.point) == nil
            {
                design.scrollDrag = (event.point.y, scrollOffset(currentScene))
            }
        case .move, .up:
            guard let drag = design.scrollDrag, let g = scrollGeometry(currentScene) else { return }
            setScrollOffset(g.clamp(drag.offset - (event.point.y - drag.y)), currentScene)
            if event.phase == .up { design.scrollDrag = nil }
        }
    }

    /// True for a vertical swipe or drag that started in a scroll band: it scrolled, so it
    /// triggers no swipe action.
    func scrolled(_ gesture: Gesture) -> Bool {
        guard currentOverlayFrame == nil, let g = scrollGeometry(currentScene), g.band.contains(gesture.start) else {
            return false
        }
        switch gesture {
        case .swipe(let direction, _, _, _): return direction == .up || direction == .down
        case .drag: return true
        default: return false
        }
    }

    /// `layer` with the slices of its scene's scroll region at the scene's offset, in the
    /// orientation the layer is drawn in (`rotated`: landscape).
    func scrolledLayer(_ layer: SceneLayer) -> SceneLayer {
        guard let g = prototype.scrollGeometry(layer.scene, landscape: layer.rotated) else { return layer }
        var result = layer
        result.contentHeight = g.contentHeight
        let offset = scrollOffset(layer.scene, landscape: layer.rotated)
        result.slices = g.slices(offset: offset)
        result.scroll = ScrollPosition(geometry: g, offset: g.clamp(offset))
        return result
    }
}
