internal import CSDL2
import SceneflowCore

/// Sole owner of one `SDL_Renderer` (destroyed in `deinit`) and the drawing of frames.
/// Shared by `OffscreenRenderer` (software, onto a surface) and `Window` (accelerated or
/// software, onto the window). It keeps its target alive (`target`), and every texture keeps
/// it alive, so C objects are always destroyed children first.
final class RendererHandle {
    let renderer: OpaquePointer
    /// The surface or window drawn on; held only to outlive the renderer.
    private let target: AnyObject
    /// The device whose pixel size every frame fills.
    let device: Device
    /// Filter used when a texture is drawn at another size than its own.
    private let scaleMode: SDL_ScaleMode

    /// A software renderer drawing onto `surface` (needs no video subsystem). Throws
    /// `SDLError` (`SDL_CreateSoftwareRenderer`).
    init(software surface: SDLSurface, device: Device) throws {
        guard let r = surface.withUnsafeSurface({ SDL_CreateSoftwareRenderer($0) }) else {
            throw SDLError.last("SDL_CreateSoftwareRenderer")
        }
        self.renderer = r
        self.target = surface
        self.device = device
        self.scaleMode = SDL_ScaleModeNearest  // textures are pre-scaled: drawn 1:1
    }

    /// A renderer for `window` (kept alive): accelerated with vsync when available, else
    /// software. Frames are drawn in device pixels; `Window` sets the scale and viewport of
    /// its `WindowView` before each frame (`apply`), so SDL scales them to the window
    /// (bilinear), and maps mouse coordinates back itself. Throws `SDLError` (`SDL_CreateRenderer`).
    init(window: WindowHandle, device: Device) throws {
        let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        let created = window.withUnsafeWindow { w in
            SDL_CreateRenderer(w, -1, accelerated)
                ?? SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue)
        }
        guard let r = created else { throw SDLError.last("SDL_CreateRenderer") }
        self.renderer = r
        self.target = window
        self.device = device
        self.scaleMode = SDL_ScaleModeLinear
    }

    /// The SDL renderer's name, e.g. `"software"` or `"opengl"`.
    var name: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let n = info.name else { return "unknown" }
        return String(cString: n)
    }

    /// How many copies of each texture's pixels the process holds (issue 19 item 4): 2 for an
    /// OpenGL renderer whose driver rasterises in software (Mesa's llvmpipe or softpipe, as
    /// under Xvfb: the driver keeps its own copy in process memory, measured at ~1.5x the
    /// software renderer's peak), else 1. `TextureCache` counts its budget by this.
    private(set) lazy var copiesPerTexture: Int = {
        guard name.hasPrefix("opengl"), let renderer = glRendererName?.lowercased() else { return 1 }
        return ["llvmpipe", "softpipe", "software"].contains { renderer.contains($0) } ? 2 : 1
    }()

    /// The OpenGL driver's `GL_RENDERER` string (e.g. `llvmpipe (LLVM 15.0.6, 256 bits)`)
    /// for an OpenGL renderer, read through `SDL_GL_GetProcAddress("glGetString")`; nil
    /// otherwise.
    var glRendererName: String? {
        guard name.hasPrefix("opengl"), let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let getString = unsafeBitCast(address, to: GetString.self)
        guard let text = getString(0x1F01) else { return nil }  // GL_RENDERER
        return String(cString: text)
    }

    /// True when presenting waits for the display's vertical sync.
    var hasVSync: Bool {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0 else { return false }
        return info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
    }

    deinit { SDL_DestroyRenderer(renderer) }

    /// Fills `rects` (points, scaled by the device scale to device pixels, rounded outwards)
    /// with `color` (R, G, B, A bytes), blending by alpha. Throws `SDLError`.
    func fill(_ rects: [Rect], color: (UInt8, UInt8, UInt8, UInt8)) throws {
        guard !rects.isEmpty else { return }
        let scale = device.scale
        var pixels = rects.map { r -> SDL_Rect in
            let x0 = (r.x * scale).rounded(.down)
            let y0 = (r.y * scale).rounded(.down)
            let x1 = (r.maxX * scale).rounded(.up)
            let y1 = (r.maxY * scale).rounded(.up)
            return SDL_Rect(
                x: Int32(pixels: x0), y: Int32(pixels: y0), w: Int32(pixels: x1 - x0), h: Int32(pixels: y1 - y0))
        }
        try SDLError.check(SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
        try SDLError.check(
            SDL_SetRenderDrawColor(renderer, color.0, color.1, color.2, color.3), "SDL_SetRenderDrawColor")
        try SDLError.check(SDL_RenderFillRects(renderer, &pixels, Int32(pixels.count)), "SDL_RenderFillRects")
    }

    /// A texture on this renderer holding the pixels of `surface`. Call on the renderer's
    /// thread. Throws `SDLError`.
    func makeTexture(from surface: SDLSurface, opaque: Bool) throws -> Texture {
        guard let t = surface.withUnsafeSurface({ SDL_CreateTextureFromSurface(renderer, $0) }) else {
            throw SDLError.last("SDL_CreateTextureFromSurface")
        }
        let texture = Texture(t, owner: self, opaque: opaque)
        try SDLError.check(SDL_SetTextureScaleMode(t, scaleMode), "SDL_SetTextureScaleMode")
        return texture
    }

    /// Clears to opaque black, then draws `frame.layers` back to front, each followed by its
    /// control overlays (RendererHandle+Controls.swift; a scroll scene's too). Each layer's texture
    /// fills the device pixel size, moved by `layer.offset` (points) × scale rounded to whole
    /// pixels; alpha < 1 blends with alpha modulation, alpha 1 on an opaque texture copies.
    /// Throws `SDLError` or the cache's `ImageLoadError`.
    /// While the device turns (`frame.turn`), both screens are drawn so into textures and
    /// those rotated onto the target (RendererHandle+Turn.swift).
    func draw(_ frame: FrameDescription, images: TextureCache) throws {
        images.beginFrame()
        if let turn = frame.turn {
            try drawTurn(frame, turn, images: images)
        } else {
            try drawLayers(of: frame, images: images)
        }
    }

    /// Draws `frame`'s layers as `draw` describes, into the current target, without starting a
    /// frame of the texture cache. Throws as `draw`.
    func drawLayers(of frame: FrameDescription, images: TextureCache) throws {
        try SDLError.check(SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255), "SDL_SetRenderDrawColor")
        try SDLError.check(SDL_RenderClear(renderer), "SDL_RenderClear")
        let target = pixelSize(of: frame.device)  // the frame's device: turned in landscape
        let (width, height) = (Int32(target.width), Int32(target.height))
        for layer in frame.layers {
            let alpha = min(max(layer.alpha, 0), 1)
            if alpha == 0 { continue }
            let x = Int32(pixels: layer.offset.x * device.scale)
            let y = Int32(pixels: layer.offset.y * device.scale)
            let w = layer.size.map { Int32(pixels: $0.width * device.scale) } ?? width
            let h = layer.size.map { Int32(pixels: $0.height * device.scale) } ?? height
            if x >= width || y >= height || x <= -w || y <= -h { continue }
            if layer.image.isEmpty {  // a veil: black at `alpha` over the whole screen
                try drawVeil(alpha: alpha, width: width, height: height)
                continue
            }
            let texture = try images.texture(for: layer, directory: images.directory)
            try texture.setAlpha(alpha)
            if !layer.slices.isEmpty {
                try drawSlices(layer, texture.pointer)
            } else {
                var destination = SDL_Rect(x: x, y: y, w: w, h: h)
                try SDLError.check(SDL_RenderCopy(renderer, texture.pointer, nil, &destination), "SDL_RenderCopy")
            }
            try drawOverlays(of: layer, alpha: alpha, images: images)
        }
    }

    /// The pixel size this renderer draws `frameDevice`'s screen at: its size in points (turned
    /// in landscape) at this renderer's scale. Equal to `frameDevice`'s own pixel size except
    /// for a renderer made for a smaller scale (a `test --video` frame, drawn at the video's size).
    func pixelSize(of frameDevice: Device) -> (width: Int, height: Int) {
        let atScale = Device(width: frameDevice.width, height: frameDevice.height, scale: device.scale)
        return (atScale.pixelWidth, atScale.pixelHeight)
    }

    /// Reads the current target's pixels as R,G,B,A bytes into `bytes`, which must hold
    /// `width * height * 4` bytes (the target's pixel size: the device's, or turned for a
    /// landscape frame). Throws `SDLError`.
    func readPixels(into bytes: inout [UInt8], width: Int, height: Int) throws {
        precondition(bytes.count == width * height * 4)
        try bytes.withUnsafeMutableBytes { try readPixels(into: $0, width: width, height: height) }
    }

    /// Reads the current target's `width` x `height` px as R,G,B,A bytes (or in `format`, an
    /// SDL 32-bit pixel format) into `buffer` (exactly `width * height * 4` bytes, initialised
    /// or not). Throws `SDLError`.
    func readPixels(
        into buffer: UnsafeMutableRawBufferPointer, width: Int, height: Int, format: UInt32 = SDLSurface.rgbaFormat
    ) throws {
        precondition(buffer.count == width * height * 4)
        let status = SDL_RenderReadPixels(renderer, nil, format, buffer.baseAddress, Int32(width * 4))
        try SDLError.check(status, "SDL_RenderReadPixels")
    }

    /// Lends the software target surface's pixels (base address, pitch in bytes) for the
    /// duration of `body`, after every queued drawing command reached them
    /// (`SDL_RenderFlush`); nil without calling `body` when this renderer draws onto a window.
    /// Only valid while no texture is the render target. Throws `SDLError`.
    func withSurfacePixels<R>(_ body: (UnsafeRawPointer, Int) throws -> R) throws -> R? {
        guard let surface = target as? SDLSurface else { return nil }
        try SDLError.check(SDL_RenderFlush(renderer), "SDL_RenderFlush")
        return try surface.withPixelsForReading { try body(UnsafeRawPointer($0), $1) }
    }

    /// Lends the raw renderer to another file of this module (overlay drawing) for the
    /// duration of `body`; `body` must not keep it.
    func withUnsafeRenderer<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R { try body(renderer) }

    /// Shows what was drawn (window renderers); a no-op for surfaces.
    func present() { SDL_RenderPresent(renderer) }

    /// Sole owner of one `SDL_Texture`, created by `makeTexture`. Keeps its renderer alive.
    final class Texture {
        let pointer: OpaquePointer
        private let owner: RendererHandle
        /// True when every pixel is opaque (the texture has no alpha channel).
        let isOpaque: Bool
        private var currentAlpha: UInt8? = nil
        private var blending: Bool? = nil

        init(_ pointer: OpaquePointer, owner: RendererHandle, opaque: Bool) {
            self.pointer = pointer
            self.owner = owner
            self.isOpaque = opaque
        }

        deinit { SDL_DestroyTexture(pointer) }

        /// Sets the blend mode and alpha modulation for `alpha` (0…1), skipping C calls when
        /// nothing changes. Opaque textures at alpha 1 are copied (`SDL_BLENDMODE_NONE`).
        func setAlpha(_ alpha: Double) throws {
            let blend = !(isOpaque && alpha >= 1)
            if blend != blending {
                let mode = blend ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE
                try SDLError.check(SDL_SetTextureBlendMode(pointer, mode), "SDL_SetTextureBlendMode")
                blending = blend
            }
            let mod = UInt8((alpha * 255).rounded())
            if mod != currentAlpha {
                try SDLError.check(SDL_SetTextureAlphaMod(pointer, mod), "SDL_SetTextureAlphaMod")
                currentAlpha = mod
            }
        }
    }
}
