/// Where the current scene's elements are on the screen and which part of each shows. Every
/// answer comes from one place: the layer that draws the scene in the frame composed now
/// (`SceneLayer.placement(on:)` → `ScenePlacement.place`), so an element is reported, outlined,
/// hit and drawn where its scene's image is drawn: in an overlay's card, at a scroll offset
/// (cut to its band under a fixed header or footer), in a landscape look, or moving with a
/// transition.
extension Session {
    /// The current scene's elements as shown (a landscape look's in landscape), each with
    /// where it is on the screen now (`PlacedFrame`), in declaration order. During a turn of
    /// the device they are placed as they will show once it has turned.
    public var placedElements: [(element: Element, placed: PlacedFrame)] {
        placedElements(in: placementFrame())
    }

    /// How the current scene's own points land on the screen now (the placement of
    /// `placedElements`): the window's edit mode maps a drawn rectangle back through it.
    public var currentScenePlacement: ScenePlacement { currentPlacement(in: placementFrame()).placement }

    /// The frame whose layers place the current scene's elements: the frame composed now, or
    /// during a turn of the device the frame at rest once it has turned.
    func placementFrame() -> FrameDescription {
        design.rotation == nil ? composedFrame() : restingFrame(currentScene)
    }

    /// How the layer that draws the current scene in `frame` (the last scene layer of that
    /// name) places its elements, and whether it shows the scene's landscape look; unmoved on
    /// the frame's screen when no layer draws it.
    func currentPlacement(in frame: FrameDescription) -> (placement: ScenePlacement, landscape: Bool) {
        let screen = frame.device.bounds
        guard let layer = frame.layers.last(where: { $0.isScene && $0.scene == currentScene }) else {
            return (.still(on: screen), showsLandscape(currentScene))
        }
        return (layer.placement(on: screen), layer.rotated)
    }

    /// The current scene's elements placed by the layer that draws the scene in `frame`.
    func placedElements(in frame: FrameDescription) -> [(element: Element, placed: PlacedFrame)] {
        let (placement, landscape) = currentPlacement(in: frame)
        return prototype.shownElements(currentScene, landscape: landscape).map { ($0, placement.place($0.frame)) }
    }

    /// The current scene's elements with frames in screen points (`placedElements`): what
    /// scripts read as `element().frame` and locate elements by.
    public var screenElements: [Element] {
        placedElements.map { element, placed in
            var moved = element
            moved.frame = placed.frame
            return moved
        }
    }

    /// For each of `screenElements` (same order), the part of its frame that shows on the
    /// screen now, in screen points, or nil when none does (`PlacedFrame.visible`): cut to the
    /// screen, to an overlay's card, and in a scroll scene to the band the element lies in.
    /// Hit testing, `visible` in scripts, the H outlines and the hotspot hints use these.
    public var visibleFrames: [Rect?] { placedElements.map(\.placed.visible) }

    /// The current scene's elements that show on screen, each with its frame cut to the part
    /// that shows (`visibleFrames`); wholly hidden elements are left out. The window outlines
    /// these with H and in hotspot hint flashes.
    public var visibleElements: [Element] { visibleOutline.elements }

    /// For each of `visibleElements` (same order), the rectangle (screen points) its outline
    /// and label are confined to: in a scroll scene the band it shows in (header, scrolling
    /// band or footer), so an H label never spills over a fixed band; empty elsewhere (none).
    public var outlineClips: [Rect?] { visibleOutline.clips }

    /// `visibleElements` and `outlineClips` from one pass over the elements (the window asks
    /// for both every frame).
    public var visibleOutline: (elements: [Element], clips: [Rect?]) {
        let frame = placementFrame()
        let scrolls = currentPlacement(in: frame).placement.scroll != nil
        var elements: [Element] = []
        var clips: [Rect?] = []
        for (element, placed) in placedElements(in: frame) {
            guard let visible = placed.visible else { continue }
            var shown = element
            shown.frame = visible
            elements.append(shown)
            clips.append(placed.area)
        }
        return (elements, scrolls ? clips : [])
    }

    /// The index (in `screenElements`) of the topmost element whose shown part holds `point`
    /// (screen points), or nil.
    func visibleElementIndex(at point: Point) -> Int? {
        visibleFrames.lastIndex { $0?.contains(point) == true }
    }

    /// The pressed image of the element pressed now, drawn where that element is placed over
    /// `layers` (it moves when the content scrolls under the finger) and cut to the part of it
    /// that shows: nothing when it is scrolled wholly under the header or footer.
    func pressedLayers(over layers: [SceneLayer], device: Device) -> [SceneLayer] {
        guard let pressed = design.pressed, pressed.scene == currentScene else { return [] }
        let placed = placedElements(in: FrameDescription(device: device, layers: layers))
        guard placed.indices.contains(pressed.index), let visible = placed[pressed.index].placed.visible else {
            return []
        }
        let frame = placed[pressed.index].placed.frame
        var layer = SceneLayer(
            scene: currentScene, image: pressed.image, screen: .wholeImage, offset: Point(x: frame.x, y: frame.y),
            alpha: 1)
        layer.isScene = false
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

extension Prototype {
    /// The elements of `scene` as a layer shows them: a landscape variant's when the scene
    /// shows in `landscape` (a separate landscape scene's are its own), else the scene's.
    public func shownElements(_ scene: String, landscape: Bool) -> [Element] {
        guard let s = scenes[scene] else { return [] }
        if landscape, s.design.portraitScene == nil, let variant = s.design.landscape { return variant.elements }
        return s.elements
    }
}
