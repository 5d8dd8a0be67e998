/// One scene as drawn in a frame: which screenshot, where, and how opaque.
public struct SceneLayer: Equatable, Sendable {
    /// The scene's name.
    public var scene: String
    /// The screenshot path relative to the prototype folder.
    public var image: String
    /// Where the screen lies inside the screenshot.
    public var screen: ScreenArea
    /// Offset of the scene's top-left corner from the screen's, in points (a push moves it).
    public var offset: Point
    /// Opacity 0…1 (a crossfade animates it). For a veil (empty `image`), the black's opacity.
    public var alpha: Double
    /// The drawn size in points; nil fills the device screen. Overlays and pressed images
    /// are smaller than the screen.
    public var size: Size? = nil
    /// For a scroll scene: the image's height in points (the texture is made that tall) and the
    /// pieces drawn (header, scrolled middle, footer). Empty `slices`: the whole image.
    public var contentHeight: Double? = nil
    /// See `contentHeight`.
    public var slices: [LayerSlice] = []
    /// True for a landscape screenshot: decoded at the device's pixel size turned a quarter.
    public var rotated = false
    /// For a scroll scene: its scroll region and offset (what `slices` are cut from), so that
    /// `placement(on:)` moves the scene's elements as the slices move its image.
    public var scroll: ScrollPosition? = nil
    /// True for a layer that draws a scene's screenshot (the scene's elements lie on it); false
    /// for a veil and for a pressed image drawn over an element.
    public var isScene = true
    /// Live controls drawn over this scene's screenshot, in screen points (placed with
    /// `placement(on:)`, so they move with the layer); the layer's alpha applies to them.
    public var overlays: [StarRatingOverlay] = []
    /// State-image controls drawn over this scene's screenshot (before the star ratings), in
    /// screen points, placed as `overlays` are; the layer's alpha applies to them.
    public var stateOverlays: [StateImageOverlay] = []

    /// Creates a layer.
    public init(scene: String, image: String, screen: ScreenArea, offset: Point, alpha: Double) {
        self.scene = scene
        self.image = image
        self.screen = screen
        self.offset = offset
        self.alpha = alpha
    }
}

/// Everything a renderer needs to draw one frame: the layers back to front over a black
/// screen. Produced by Core; drawn by the SDL layer. At most two layers (DESIGN.md §6).
public struct FrameDescription: Equatable, Sendable {
    /// The device whose screen the frame fills.
    public var device: Device
    /// Scene layers, back to front.
    public var layers: [SceneLayer]
    /// While the device turns: the screen before the turn and how far it has rotated; the
    /// layers are then the screen after the turn, drawn rotated with it (`FrameTurn`). Nil
    /// otherwise.
    public var turn: FrameTurn? = nil

    /// Creates a frame description.
    public init(device: Device, layers: [SceneLayer]) {
        self.device = device
        self.layers = layers
    }
}

extension SceneLayer {
    /// How this layer puts its scene's element coordinates on a screen of `screen` points
    /// (the frame's device bounds): moved by `offset`, scrolled by `scroll`, inside the
    /// rectangle the layer covers (`offset` and `size`, or the whole screen) cut to the screen.
    /// The one placement drawing, hit testing and reading share (see `ScenePlacement`).
    public func placement(on screen: Rect) -> ScenePlacement {
        let covered = Rect(
            x: offset.x, y: offset.y, width: size?.width ?? screen.width, height: size?.height ?? screen.height)
        return ScenePlacement(
            origin: offset, scroll: scroll,
            bounds: covered.intersection(screen) ?? Rect(x: offset.x, y: offset.y, width: 0, height: 0))
    }
}
