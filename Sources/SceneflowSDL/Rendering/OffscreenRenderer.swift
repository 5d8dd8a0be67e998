import SceneflowCore

/// Renders frames headless into memory with SDL's software renderer: needs no video
/// subsystem and no display. The target is the frame's device size in pixels: the renderer's
/// `device` (`pixelWidth` x `pixelHeight` px, 32-bit XRGB, the software blitter's fastest
/// destination), or the device turned a quarter for a frame of a scene shown in landscape
/// (drawn into a second target of the turned size, made on first use). `capture` returns the
/// last frame as R,G,B,A bytes with alpha 255. The same frame always gives the same pixels.
public final class OffscreenRenderer {
    private let renderer: RendererHandle
    /// The device whose screen is rendered; fixes the portrait pixel size and the
    /// points→pixels scale.
    public let device: Device
    /// The target for frames whose device is turned (landscape), made when first needed.
    private var turnedTarget: RendererHandle.Texture?
    /// Draws overlays (`render --labels`), made when first needed; holds the text textures.
    private var painter: OverlayPainter?
    /// The pixel size of the target the last frame was drawn into.
    public private(set) var targetSize: (width: Int, height: Int)

    /// Creates the target surface and the software renderer.
    /// Throws `SDLError` (`SDL_CreateRGBSurfaceWithFormat`, `SDL_CreateSoftwareRenderer`).
    public init(device: Device) throws {
        self.device = device
        let target = try SDLSurface(
            width: device.pixelWidth, height: device.pixelHeight, format: SDLSurface.opaqueFormat)
        renderer = try RendererHandle(software: target, device: device)
        targetSize = (device.pixelWidth, device.pixelHeight)
    }

    /// A texture cache for this renderer. `directory` is the prototype folder that layer
    /// image paths are relative to.
    public func makeTextureCache(directory: String, loader: PictureLoader = PictureLoader()) -> TextureCache {
        TextureCache(renderer: renderer, directory: directory, loader: loader)
    }

    /// Clears to opaque black and draws `frame.layers` back to front: each layer's screen
    /// fills the frame's device, moved by `layer.offset` (points × `device.scale`, rounded to
    /// whole pixels) and blended with `layer.alpha` (alpha modulation; alpha 1 copies). A frame
    /// whose device is turned (`frame.device.pixelWidth` is the portrait pixel height) is drawn
    /// at the turned pixel size, e.g. 2400 x 1080 px for a 360 x 800 pt device at scale 3.
    /// `images` must come from this renderer's `makeTextureCache`.
    /// Throws `ImageLoadError` for a bad screenshot, `SDLError` for a failed SDL call.
    public func draw(_ frame: FrameDescription, images: TextureCache) throws {
        precondition(images.renderer === renderer, "TextureCache belongs to another renderer")
        try selectTarget(for: frame.device)
        try renderer.draw(frame, images: images)
    }

    /// Draws into the turned target for a turned device, else into the surface.
    private func selectTarget(for frameDevice: Device) throws {
        let size = renderer.pixelSize(of: frameDevice)
        guard size != targetSize else { return }
        if size == (device.pixelWidth, device.pixelHeight) {
            try renderer.setTarget(nil)
        } else {
            if turnedTarget == nil || size != (device.pixelHeight, device.pixelWidth) {
                turnedTarget = try renderer.makeTargetTexture(width: size.0, height: size.1)
            }
            try renderer.setTarget(turnedTarget)
        }
        targetSize = size
    }

    /// The pixels of the last frame drawn, `targetSize` (the device's pixel size, turned after
    /// a landscape frame), R,G,B,A (alpha 255). Throws `SDLError` (`SDL_RenderReadPixels`).
    public func capture() throws -> RGBAImage {
        let (width, height) = targetSize
        return try RGBAImage(width: width, height: height) {
            try renderer.readPixels(into: $0, width: width, height: height)
        }
    }

    /// Like `capture()` but reuses `image`'s buffer when it already has the target's pixel
    /// size (no allocation per frame). Throws `SDLError`.
    public func capture(into image: inout RGBAImage) throws {
        if image.width != targetSize.width || image.height != targetSize.height {
            image = try capture()
            return
        }
        try renderer.readPixels(into: &image.pixels, width: targetSize.width, height: targetSize.height)
    }

    /// The pixels of the last frame drawn in the target's own layout, copied without
    /// conversion: B, G, R and an unused byte for each pixel (SDL's `XRGB8888` in memory, which
    /// libyuv calls ARGB and FFmpeg `bgr0`), `targetSize` pixels, row-major, into `bytes`
    /// (resized when it is not `width * height * 4` bytes). For consumers that convert the
    /// colours anyway (`test --video`). Returns the pixel size. Throws `SDLError`.
    public func captureBGRX(into bytes: inout [UInt8]) throws -> (width: Int, height: Int) {
        let (width, height) = targetSize
        if bytes.count != width * height * 4 { bytes = [UInt8](repeating: 0, count: width * height * 4) }
        try bytes.withUnsafeMutableBytes {
            try renderer.readPixels(into: $0, width: width, height: height, format: SDLSurface.opaqueFormat)
        }
        return (width, height)
    }

    /// Lends the last frame's pixels in the target's own layout (B, G, R and an unused byte a
    /// pixel, as `captureBGRX`) for the duration of `body`, with their size in pixels and the
    /// bytes of a row: the drawing surface itself, not copied, for a frame of the device's
    /// size; a landscape frame (drawn into the turned target) is read back into `scratch`
    /// first. For consumers that convert the pixels at once (`test --video`). Throws `SDLError`.
    public func withBGRXPixels<R>(
        scratch: inout [UInt8],
        _ body: (_ pixels: UnsafeRawPointer, _ width: Int, _ height: Int, _ pitch: Int) throws -> R
    ) throws -> R {
        let (width, height) = targetSize
        if targetSize == (device.pixelWidth, device.pixelHeight),
            let result = try renderer.withSurfacePixels({ try body($0, width, height, $1) })
        {
            return result
        }
        _ = try captureBGRX(into: &scratch)
        return try scratch.withUnsafeBytes { try body($0.baseAddress!, width, height, width * 4) }
    }
}

extension OffscreenRenderer {
    /// Draws `overlay` over the last frame (`render --labels`): element boxes in points, labels
    /// and panels laid out in points (`PanelLayout`, as the window lays them out in window
    /// pixels) and rasterised at the device's pixel size, so a label is `PanelLayout.textSize`
    /// points tall. Throws `SDLError`.
    public func draw(_ overlay: Overlay) throws {
        guard !overlay.isEmpty else { return }
        let painter = try painter ?? OverlayPainter(renderer: renderer)
        self.painter = painter
        try painter.draw(overlay, scale: device.scale, textScale: device.scale)
    }
}
