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
    /// Opacity 0…1 (a crossfade animates it).
    public var alpha: Double
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
