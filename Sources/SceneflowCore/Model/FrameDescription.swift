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
    /// Live controls drawn over this scene's screenshot, in scene points (the layer's offset
    /// and alpha apply to them too).
    public var overlays: [StarRatingOverlay] = []

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

    /// Creates a frame description.
    public init(device: Device, layers: [SceneLayer]) {
        self.device = device
        self.layers = layers
    }
}
