import SceneflowCore

/// A decoded screenshot: owns its pixels (an SDL surface, R,G,B,A bytes) and knows how to
/// find, check and cut out the device screen inside it. Sizes and rects are in pixels.
///
/// Not thread-safe for concurrent use; may be handed from a decode thread to another.
public final class DecodedPicture: @unchecked Sendable {
    /// The file it was decoded from.
    public let path: String
    let surface: SDLSurface

    init(path: String, surface: SDLSurface) {
        self.path = path
        self.surface = surface
    }

    /// Width in pixels.
    public var width: Int { surface.width }
    /// Height in pixels.
    public var height: Int { surface.height }

    /// True when every pixel inside `rect` (pixels, clipped to the image) has alpha 255.
    /// Throws `SDLError` if the surface cannot be locked.
    public func isOpaque(in rect: PixelRect) throws -> Bool { try surface.isOpaque(in: rect) }

    /// A copy of the whole picture as straight RGBA bytes. Throws `SDLError`.
    public func rgbaImage() throws -> RGBAImage { try surface.rgbaImage() }

    /// The screen's rectangle inside the picture, in pixels: the whole image, the given rect
    /// (checked to lie inside), or the one `ScreenFinder.find(in:)` finds for `.auto`.
    ///
    /// - Throws: `ImageLoadError.screenOutsideImage`, `.screenNotFound`; `SDLError`.
    public func screenRect(for area: ScreenArea) throws -> PixelRect {
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        switch area {
        case .wholeImage:
            return whole
        case .rect(let r):
            guard r.width > 0, r.height > 0, r.x >= 0, r.y >= 0,
                r.x + r.width <= width, r.y + r.height <= height
            else { throw ImageLoadError.screenOutsideImage(path: path, screen: r, width: width, height: height) }
            return r
        case .auto:
            guard let r = ScreenFinder.find(in: try rgbaImage()) else {
                throw ImageLoadError.screenNotFound(path: path)
            }
            return try screenRect(for: .rect(r))
        }
    }

    /// The screen area cut out and scaled to `width` x `height` px: an opaque 32-bit surface
    /// (no alpha channel, the software renderer's fast path) when the area is fully opaque,
    /// else a 32-bit surface with per-pixel alpha. In a framed mock-up (a screen area smaller
    /// than a picture with transparency) the rounded corners' bezel pixels are first replaced
    /// with screen pixels (`ScreenCorners.screenImage`). Throws like `screenRect(for:)`.
    func screenSurface(for area: ScreenArea, width: Int, height: Int) throws -> (SDLSurface, opaque: Bool) {
        let rect = try screenRect(for: area)
        let whole = PixelRect(x: 0, y: 0, width: self.width, height: self.height)
        if rect != whole, try !isOpaque(in: whole) {
            // A framed mock-up: the bezel in the screen's rounded corners is replaced by screen
            // pixels (`ScreenCorners`), so no black wedges are drawn (and the area is usually opaque).
            let screen = try SDLSurface(ScreenCorners.screenImage(try rgbaImage(), screen: rect))
            let all = PixelRect(x: 0, y: 0, width: rect.width, height: rect.height)
            let opaque = try screen.isOpaque(in: all)
            let format = opaque ? SDLSurface.opaqueFormat : SDLSurface.alphaFormat
            return (try screen.cropped(to: all, format: format, size: (width, height)), opaque)
        }
        let opaque = try isOpaque(in: rect)
        let format = opaque ? SDLSurface.opaqueFormat : SDLSurface.alphaFormat
        return (try surface.cropped(to: rect, format: format, size: (width, height)), opaque)
    }

    /// The screen area cut out and scaled (bilinear) to `width` x `height` px, as RGBA bytes;
    /// alpha is 255 everywhere when the area is opaque. Throws like `screenRect(for:)`.
    public func screenImage(for area: ScreenArea, width: Int, height: Int) throws -> RGBAImage {
        try screenSurface(for: area, width: width, height: height).0.rgbaImage()
    }
}
