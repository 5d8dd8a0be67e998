/// What to draw for one star rating over its scene's screenshot: the glyph rectangles (from
/// `StarRatingLayout`, the same ones hit testing uses), how much of each is lit, which images
/// and whether it has keyboard focus. Geometry is in screen points, placed by the session where
/// the scene's layer draws the control; the renderer applies the layer's alpha. Produced by
/// Core, drawn by the SDL layer.
public struct StarRatingOverlay: Equatable, Sendable {
    /// The control's accessibility label.
    public var label: String
    /// Glyph rectangles in value order (star 1 first), in points.
    public var glyphs: [Rect]
    /// Lit fraction 0…1 of each glyph, in value order: always the stored value's.
    public var fills: [Double]
    /// Right to left: a partly lit glyph is lit from its right edge.
    public var rightToLeft: Bool
    /// Empty-star image relative to the prototype folder, or nil for built-in stars.
    public var starImage: String?
    /// Lit-star image, or nil for built-in stars.
    public var highlightedImage: String?
    /// The rectangle to outline as the keyboard focus ring (points), or nil.
    public var focusRing: Rect?
    /// The part of the screen (points) the glyphs may show in: the scene's layer, its overlay
    /// card or its scroll band (`PlacedFrame.area`); nil for no limit.
    public var clip: Rect?

    /// The overlay for `tracker`'s control and stored value, labelled `label`, laid out as
    /// `tracker` is (screen points), shown only inside `clip` when given.
    public init(label: String, tracker: StarRatingTracker, focused: Bool, clip: Rect? = nil) {
        self.clip = clip
        let layout = tracker.layout
        self.label = label
        glyphs = layout.glyphs
        fills = layout.fills(for: tracker.value)
        rightToLeft = layout.rightToLeft
        starImage = tracker.control.starImage
        highlightedImage = tracker.control.highlightedImage
        let ring = layout.row
        focusRing = focused ? Rect(x: ring.x - 3, y: ring.y - 3, width: ring.width + 6, height: ring.height + 6) : nil
    }

    /// The overlays of `scene`'s controls at their initial values (for still renders).
    public static func initial(for scene: Scene) -> [StarRatingOverlay] {
        scene.elements.compactMap { element in
            guard let rating = element.control?.starRating else { return nil }
            let tracker = StarRatingTracker(rating, frame: element.frame)
            return StarRatingOverlay(label: element.label, tracker: tracker, focused: false)
        }
    }
}

extension FrameDescription {
    /// This frame with `overlays(scene)` attached to each scene layer.
    public func withOverlays(_ overlays: (String) -> [StarRatingOverlay]) -> FrameDescription {
        var copy = self
        for index in copy.layers.indices {
            copy.layers[index].overlays = overlays(copy.layers[index].scene)
        }
        return copy
    }

    /// This frame with each scene's controls at their initial values (for `sceneflow render`).
    public func withInitialControls(of prototype: Prototype) -> FrameDescription {
        var copy = withOverlays { name in prototype.scenes[name].map(StarRatingOverlay.initial(for:)) ?? [] }
        let screen = device.bounds
        for index in copy.layers.indices where copy.layers[index].isScene {
            let layer = copy.layers[index]
            let placement = layer.placement(on: screen)
            copy.layers[index].stateOverlays = prototype.shownElements(layer.scene, landscape: layer.rotated)
                .compactMap { element in
                    guard let control = element.control?.stateControl,
                        let image = control.images[control.initialState]
                    else { return nil }
                    let placed = placement.place(element.frame)
                    return StateImageOverlay(label: element.label, image: image, frame: placed.frame, clip: placed.area)
                }
            copy.layers[index].textOverlays = prototype.shownElements(layer.scene, landscape: layer.rotated)
                .compactMap { element in
                    guard let field = element.control?.textField else { return nil }
                    let placed = placement.place(element.frame)
                    return TextFieldOverlay(
                        label: element.label, field: field, placed: placed.frame, clip: placed.area,
                        editing: field.initialEditing, caret: false)
                }
        }
        return copy
    }
}
