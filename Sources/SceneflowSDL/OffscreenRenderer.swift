import SceneflowCore

/// Renders frames headless into memory with SDL's software renderer: needs no video
/// subsystem and no display. The target is `device.pixelWidth` x `pixelHeight` px, 32-bit
/// XRGB (opaque, the software blitter's fastest destination); `capture` returns it as R,G,B,A
/// bytes with alpha 255. The same frame always gives the same pixels.
public final class OffscreenRenderer {
    private let renderer: RendererHandle
    /// The device whose screen is rendered; fixes the pixel size and the points→pixels scale.
    public let device: Device

    /// Creates the target surface and the software renderer.
    /// Throws `SDLError` (`SDL_CreateRGBSurfaceWithFormat`, `SDL_CreateSoftwareRenderer`).
    public init(device: Device) throws {
        self.device = device
        let target = try SDLSurface(
            width: device.pixelWidth, height: device.pixelHeight, format: SDLSurface.opaqueFormat)
        renderer = try RendererHandle(software: target, device: device)
    }

    /// A texture cache for this renderer. `directory` is the prototype folder that layer
    /// image paths are relative to.
    public func makeTextureCache(directory: String, loader: PictureLoader = PictureLoader()) -> TextureCache {
        TextureCache(renderer: renderer, directory: directory, loader: loader)
    }

    /// Clears to opaque black and draws `frame.layers` back to front: each layer's screen
    /// fills the device, moved by `layer.offset` (points × `device.scale`, rounded to whole
    /// pixels) and blended with `layer.alpha` (alpha modulation; alpha 1 copies).
    /// `images` must come from this renderer's `makeTextureCache`.
    /// Throws `ImageLoadError` for a bad screenshot, `SDLError` for a failed SDL call.
    public func draw(_ frame: FrameDescription, images: TextureCache) throws {
        precondition(images.renderer === renderer, "TextureCache belongs to another renderer")
        try renderer.draw(frame, images: images)
    }

    /// The pixels drawn so far, `device.pixelWidth` x `pixelHeight`, R,G,B,A (alpha 255).
    /// Throws `SDLError` (`SDL_RenderReadPixels`).
    public func capture() throws -> RGBAImage {
        var image = RGBAImage(width: device.pixelWidth, height: device.pixelHeight, fill: (0, 0, 0, 255))
        try capture(into: &image)
        return image
    }

    /// Like `capture()` but reuses `image`'s buffer when it already has the device's pixel
    /// size (no allocation per frame). Throws `SDLError`.
    public func capture(into image: inout RGBAImage) throws {
        if image.width != device.pixelWidth || image.height != device.pixelHeight {
            image = RGBAImage(width: device.pixelWidth, height: device.pixelHeight, fill: (0, 0, 0, 255))
        }
        try renderer.readPixels(into: &image.pixels)
    }
}
