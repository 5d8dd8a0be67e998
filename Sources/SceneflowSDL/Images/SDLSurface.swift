internal import CSDL2
internal import CSDL2Image
import SceneflowCore

/// Sole owner of one `SDL_Surface` (freed in `deinit`). The pointer never leaves this file
/// except lent for the duration of a call through `withUnsafeSurface`.
///
/// Pixel formats used: `ABGR8888` (bytes R,G,B,A on little-endian machines) for decoded
/// pictures and RGBA interchange, `RGB888` (XRGB, no alpha) for opaque screens, `ARGB8888`
/// for screens that keep per-pixel alpha.
final class SDLSurface: @unchecked Sendable {
    // @unchecked Sendable: the surface is handed from a decode thread to the renderer's thread
    // and then used by one thread at a time; nothing mutates it after construction except
    // the blend-mode set once in `init`.
    private let surface: UnsafeMutablePointer<SDL_Surface>

    /// RGBA bytes in memory order (R first). Sceneflow targets little-endian machines.
    static let rgbaFormat = SDL_PIXELFORMAT_ABGR8888.rawValue
    /// 32-bit with the alpha byte ignored: opaque, the software renderer's fast path.
    static let opaqueFormat = SDL_PIXELFORMAT_RGB888.rawValue
    /// 32-bit with per-pixel alpha, for screens that are not fully opaque.
    static let alphaFormat = SDL_PIXELFORMAT_ARGB8888.rawValue

    /// The pixel format SDL_image decoded into, before the conversion to `ABGR8888` (the
    /// surface's own format for surfaces not decoded from a file). `PictureDecoding` tells
    /// SDL_image's raw CMYK surfaces by it.
    let decodedFormat: UInt32

    private init(owning surface: UnsafeMutablePointer<SDL_Surface>, decodedFormat: UInt32? = nil) {
        self.surface = surface
        self.decodedFormat = decodedFormat ?? surface.pointee.format.pointee.format
        SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE)  // copies, never blends
    }

    deinit { SDL_FreeSurface(surface) }

    /// Width in pixels.
    var width: Int { Int(surface.pointee.w) }
    /// Height in pixels.
    var height: Int { Int(surface.pointee.h) }
    /// True when the pixel format has an alpha channel.
    var hasAlphaChannel: Bool { surface.pointee.format.pointee.Amask != 0 }

    /// A new `width` x `height` px surface in `format`, contents undefined (zeroed by SDL).
    /// Throws `SDLError` (`SDL_CreateRGBSurfaceWithFormat`).
    convenience init(width: Int, height: Int, format: UInt32) throws {
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, format)
        else { throw SDLError.last("SDL_CreateRGBSurfaceWithFormat") }
        self.init(owning: s)
    }

    /// Decodes the file with `IMG_Load` and normalises it to `ABGR8888` (R,G,B,A bytes).
    /// Throws `SDLError` naming `IMG_Load` or `SDL_ConvertSurfaceFormat` with the path.
    convenience init(decoding path: String) throws {
        guard let loaded = IMG_Load(path) else { throw SDLError.last("IMG_Load", path: path) }
        try self.init(normalising: loaded, path: path)
    }

    /// Decodes an image held in memory (`bytes`, a whole file) with `IMG_Load_RW`, which picks
    /// the format from the content, never from a file name; `path` only names it in errors.
    /// Throws `SDLError` naming `IMG_Load` or `SDL_ConvertSurfaceFormat` with the path.
    convenience init(decoding bytes: UnsafeRawBufferPointer, path: String) throws {
        guard let base = bytes.baseAddress, let stream = SDL_RWFromConstMem(base, Int32(clamping: bytes.count))
        else { throw SDLError.last("IMG_Load", path: path) }
        guard let loaded = IMG_Load_RW(stream, 1) else { throw SDLError.last("IMG_Load", path: path) }
        try self.init(normalising: loaded, path: path)
    }

    /// Takes ownership of a freshly decoded surface, converted to `ABGR8888` when needed.
    private convenience init(normalising loaded: UnsafeMutablePointer<SDL_Surface>, path: String) throws {
        let decoded = loaded.pointee.format.pointee.format
        if decoded == SDLSurface.rgbaFormat {
            self.init(owning: loaded)
            return
        }
        defer { SDL_FreeSurface(loaded) }
        guard let converted = SDL_ConvertSurfaceFormat(loaded, SDLSurface.rgbaFormat, 0) else {
            throw SDLError.last("SDL_ConvertSurfaceFormat", path: path)
        }
        self.init(owning: converted, decodedFormat: decoded)
    }

    /// A copy of `image` as an `ABGR8888` surface. Throws `SDLError`.
    convenience init(_ image: RGBAImage) throws {
        try self.init(width: image.width, height: image.height, format: SDLSurface.rgbaFormat)
        try withPixels { base, pitch in
            image.pixels.withUnsafeBytes { src in
                let row = image.width * 4
                for y in 0..<image.height {
                    (base + y * pitch).copyMemory(from: src.baseAddress! + y * row, byteCount: row)
                }
            }
        }
    }

    /// Lends the pixel memory (base address, pitch in bytes) for the duration of `body`.
    private func withPixels<R>(_ body: (UnsafeMutableRawPointer, Int) throws -> R) throws -> R {
        try SDLError.check(SDL_LockSurface(surface), "SDL_LockSurface")
        defer { SDL_UnlockSurface(surface) }
        return try body(surface.pointee.pixels, Int(surface.pointee.pitch))
    }

    /// Lends the pixel memory (base address, pitch in bytes) to another file of this module
    /// for the duration of `body` (`RendererHandle.withSurfacePixels`); `body` must not keep
    /// it. Throws `SDLError`.
    func withPixelsForReading<R>(_ body: (UnsafeMutableRawPointer, Int) throws -> R) throws -> R {
        try withPixels(body)
    }

    /// Lends the raw surface to another owner in this module for the duration of `body`
    /// (e.g. to create a texture or a software renderer); `body` must not keep it.
    func withUnsafeSurface<R>(_ body: (UnsafeMutablePointer<SDL_Surface>) throws -> R) rethrows -> R {
        try body(surface)
    }

    /// True when every pixel inside `rect` (pixels, clipped to the surface) has alpha 255.
    /// Surfaces without an alpha channel are always opaque. Throws `SDLError`.
    func isOpaque(in rect: PixelRect) throws -> Bool {
        guard hasAlphaChannel else { return true }
        precondition(surface.pointee.format.pointee.BytesPerPixel == 4)
        let alphaShift = Int(surface.pointee.format.pointee.Ashift)
        let x0 = max(rect.x, 0)
        let y0 = max(rect.y, 0)
        let x1 = min(rect.x + rect.width, width)
        let y1 = min(rect.y + rect.height, height)
        guard x0 < x1, y0 < y1 else { return true }
        return try withPixels { base, pitch in
            for y in y0..<y1 {
                let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
                for x in x0..<x1 where (row[x] >> alphaShift) & 0xFF != 0xFF { return false }
            }
            return true
        }
    }

    /// Copies `rect` (pixels, inside the surface) into a new surface of `format` without
    /// blending, then stretches it to `size` px with SDL's bilinear filter
    /// (`SDL_SoftStretchLinear`) when the sizes differ. Throws `SDLError`.
    func cropped(to rect: PixelRect, format: UInt32, size: (width: Int, height: Int)) throws -> SDLSurface {
        let crop = try SDLSurface(width: rect.width, height: rect.height, format: format)
        var source = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
        try SDLError.check(SDL_UpperBlit(surface, &source, crop.surface, nil), "SDL_BlitSurface")
        if rect.width == size.width && rect.height == size.height { return crop }
        let scaled = try SDLSurface(width: size.width, height: size.height, format: format)
        try SDLError.check(SDL_SoftStretchLinear(crop.surface, nil, scaled.surface, nil), "SDL_SoftStretchLinear")
        return scaled
    }

    /// The pixels as straight RGBA bytes (converting when the format is not `ABGR8888`).
    /// Throws `SDLError`.
    func rgbaImage() throws -> RGBAImage {
        if surface.pointee.format.pointee.format != SDLSurface.rgbaFormat {
            guard let c = SDL_ConvertSurfaceFormat(surface, SDLSurface.rgbaFormat, 0) else {
                throw SDLError.last("SDL_ConvertSurfaceFormat")
            }
            return try SDLSurface(owning: c).rgbaImage()
        }
        let row = width * 4
        return try withPixels { base, pitch in
            RGBAImage(width: width, height: height) { dst in
                for y in 0..<height {
                    (dst.baseAddress! + y * row).copyMemory(from: base + y * pitch, byteCount: row)
                }
            }
        }
    }

    /// Writes the surface as a PNG with `IMG_SavePNG`. Throws `SDLError` with the path.
    func savePNG(to path: String) throws {
        try SDLError.check(IMG_SavePNG(surface, path), "IMG_SavePNG", path: path)
    }
}
