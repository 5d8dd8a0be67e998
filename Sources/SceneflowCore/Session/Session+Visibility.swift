/// Which part of each element shows on screen: in a scroll scene, elements scrolled under the
/// fixed header or footer are hidden (wholly covered) or show only their uncovered part.
extension Session {
    /// For each of `screenElements` (same order), the part of its frame that shows on the
    /// screen now, in screen points, or nil when none does: clipped to the screen, and in a
    /// scroll scene (not under an overlay) to the band the element lies in
    /// (`ScrollGeometry.visibleFrame`). Hit-testing, `visible` in scripts, the H outlines and
    /// the hotspot hints use these.
    public var visibleFrames: [Rect?] {
        let screen = screenBounds
        if let g = scrollGeometry(currentScene), currentOverlayFrame == nil {
            let offset = scrollOffset(currentScene)
            let elements = scene(currentScene).map(activeScene)?.elements ?? []
            return elements.map { g.visibleFrame($0.frame, offset: offset)?.intersection(screen) }
        }
        return screenElements.map { $0.frame.intersection(screen) }
    }

    /// The current scene's elements that show on screen, each with its frame cut to the part
    /// that shows (`visibleFrames`); wholly hidden elements are left out. The window outlines
    /// these with H and in hotspot hint flashes.
    public var visibleElements: [Element] { visibleElements(visibleFrames) }

    private func visibleElements(_ frames: [Rect?]) -> [Element] {
        zip(screenElements, frames).compactMap { element, visible in
            guard let visible else { return nil }
            var shown = element
            shown.frame = visible
            return shown
        }
    }

    /// For each of `visibleElements` (same order), the rectangle (screen points) its outline
    /// and label are confined to: in a scroll scene the band it shows in (header, scrolling
    /// band or footer), so an H label never spills over a fixed band; empty elsewhere (none).
    public var outlineClips: [Rect?] { outlineClips(visibleFrames) }

    private func outlineClips(_ frames: [Rect?]) -> [Rect?] {
        guard let g = scrollGeometry(currentScene), currentOverlayFrame == nil else { return [] }
        let elements = scene(currentScene).map(activeScene)?.elements ?? []
        return zip(elements, frames).filter { $0.1 != nil }.map { element, _ in g.bandShowing(element.frame) }
    }

    /// `visibleElements` and `outlineClips` from one pass over the elements (the window asks
    /// for both every frame).
    public var visibleOutline: (elements: [Element], clips: [Rect?]) {
        let frames = visibleFrames
        return (visibleElements(frames), outlineClips(frames))
    }

    /// The index (in `screenElements`) of the topmost element whose shown part holds `point`
    /// (screen points), or nil.
    func visibleElementIndex(at point: Point) -> Int? {
        visibleFrames.lastIndex { $0?.contains(point) == true }
    }

    /// The pressed image of the element pressed now, drawn where that element is this frame
    /// (it moves when the content scrolls under the finger) and cut to the part of it that
    /// shows (`visibleFrames`): nothing when it is scrolled wholly under the header or footer.
    func pressedLayers() -> [SceneLayer] {
        guard let pressed = design.pressed, pressed.scene == currentScene else { return [] }
        let frames = screenElements.map(\.frame)
        let shown = visibleFrames
        guard frames.indices.contains(pressed.index), let visible = shown[pressed.index] else { return [] }
        let frame = frames[pressed.index]
        var layer = SceneLayer(
            scene: currentScene, image: pressed.image, screen: .wholeImage, offset: Point(x: frame.x, y: frame.y),
            alpha: 1)
        layer.size = Size(width: frame.width, height: frame.height)
        if visible != frame {
            // Only part shows: one slice of the image (its texture is decoded at the device's
            // portrait size, in points) scaled into the visible part.
            let (sx, sy) = (prototype.device.width / frame.width, prototype.device.height / frame.height)
            layer.offset = Point(x: 0, y: 0)
            layer.slices = [
                LayerSlice(
                    source: Rect(
                        x: (visible.x - frame.x) * sx, y: (visible.y - frame.y) * sy, width: visible.width * sx,
                        height: visible.height * sy),
                    target: visible)
            ]
        }
        return [layer]
    }
}
