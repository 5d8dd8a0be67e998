internal import CImageShim
import Foundation
import SceneflowCore

/// Decodes a whole image file into an `ABGR8888` surface of the image as displayed, fixing what
/// SDL_image 2.6 alone gets wrong for files as phones and tools write them (issue 14.3):
///
/// - PNGs: decoded by libpng through `sf_png_decode_rgba8`, the decode that checks every
///   command's images (`checkWithoutSDL`), so `check` and `render` decode a PNG once, not once
///   to check it and once more to draw it (red-team 39 H1). 16-bit samples are rounded to the
///   nearest 8-bit level, as ImageMagick does, where SDL_image truncates each to its high byte;
///   every other colour type, bit depth, transparency, gamma chunk and interlacing gives the
///   pixels SDL_image gives (`PNGDecoderAgreementTests`). Palette PNGs and PNGs with a
///   `tRNS` chunk are left to SDL_image as before, since the two differ on some of them (a
///   palette index past the palette's end, a grey colour key, a colour key before a
///   suggested palette).
/// - 4-component (CMYK, YCCK) JPEGs: SDL_image hands libjpeg's raw C, M, Y, K samples over as if
///   they were B, G, R, A (red and blue swap, the black plate becomes alpha); they are converted
///   with `CMYKConversion`, Adobe's inverted samples included.
/// - EXIF orientation (JPEG APP1, PNG eXIf, WebP EXIF, TIFF tag): applied with
///   `ImageOrientation.upright`, after what libtiff already applied for a TIFF.
/// - GIF: decoded by giflib (`sf_gif_decode_rgba8`), not by SDL_image 2.6.3, whose GIF decoder
///   follows a looping LZW prefix chain until it crashes (Tests/BadInput/image-gif-lzw-cycle);
///   giflib bounds the chain and reports the file as defective.
/// - TIFF: libtiff's messages are kept rather than printed on standard error, and a TIFF that
///   libtiff complained about while reading (a strip cut short) is refused as corrupt instead of
///   drawn in part.
enum PictureDecoding {
    /// SDL_image 2.6's surface for a 4-component JPEG: 32-bit ARGB8888, whose bytes in memory
    /// are libjpeg's C, M, Y, K samples.
    static let rawCMYKFormat = SDLSurface.alphaFormat

    /// Once per process: libtiff keeps its messages (`sf_tiff_keep_messages`).
    private static let quietTIFF: Void = sf_tiff_keep_messages()

    /// The displayed surface for `data` (a whole file whose header is `header`, a `.size`).
    /// - Throws: `ImageLoadError.corrupt` when libpng or libtiff report damage; `SDLError` from
    ///   SDL_image (`IMG_Load`) or SDL.
    static func decode(_ data: Data, header: ImageHeader, path: String) throws -> SDLSurface {
        let bytes = [UInt8](data)
        let encoding = ImageEncoding(of: bytes)
        if decodesAsChecked(encoding), case .size(_, let w, let h) = ImageHeader.stored(header, encoding) {
            if encoding.orientation == .topLeft {
                // Straight into the surface: one copy of the pixels in memory, not two.
                let surface = try SDLSurface(width: w, height: h, format: SDLSurface.rgbaFormat)
                let direct = try surface.withPixelsForReading { base, pitch in
                    guard pitch == w * 4 else { return false }
                    try decodePNG(
                        bytes, into: base.assumingMemoryBound(to: UInt8.self), width: w, height: h, path: path)
                    return true
                }
                if direct { return surface }
            }
            let image = try decodePNG(bytes, width: w, height: h, path: path)
            return try SDLSurface(encoding.orientation.upright(image))
        }
        if case .size("GIF", let w, let h) = header {
            return try SDLSurface(decodeGIF(bytes, width: w, height: h, path: path))
        }
        if encoding.isTIFF {
            _ = quietTIFF
            _ = tiffError()  // forget an earlier file's message
        }
        var surface: SDLSurface
        do {
            surface = try data.withUnsafeBytes { raw in try SDLSurface(decoding: raw, path: path) }
        } catch {
            // SDL_image's own message for a TIFF libtiff gave up on names another format.
            if encoding.isTIFF, let message = tiffError() { throw ImageLoadError.corrupt(path: path, reason: message) }
            throw error
        }
        if encoding.isTIFF, let message = tiffError() { throw ImageLoadError.corrupt(path: path, reason: message) }
        if encoding.isCMYK, surface.decodedFormat == rawCMYKFormat {
            let raw = try surface.rgbaImage().pixels  // R, G, B, A here are libjpeg's Y, M, C, K
            var cmyk = raw
            for i in stride(from: 0, to: raw.count, by: 4) { (cmyk[i], cmyk[i + 2]) = (raw[i + 2], raw[i]) }
            surface = try SDLSurface(
                CMYKConversion.rgba(
                    cmyk: cmyk, width: surface.width, height: surface.height, inverted: encoding.invertedCMYK))
        }
        let turn = encoding.isTIFF ? encoding.orientation.afterLibTIFF : encoding.orientation
        if turn != .topLeft { surface = try SDLSurface(turn.upright(surface.rgbaImage())) }
        return surface
    }

    /// True when `decode` decodes a file of this encoding with the decoder `checkWithoutSDL`
    /// uses: a PNG, but for a palette one (libpng draws a pixel whose index is past the
    /// palette opaque black, SDL_image transparent: red-team 40 P1) and one with a `tRNS`
    /// chunk (a grey colour key; red-team 41 T1: an RGB key before a suggested palette,
    /// transparent in SDL_image, opaque in libpng), where the two differ; a GIF is told by
    /// its header.
    static func decodesAsChecked(_ encoding: ImageEncoding) -> Bool {
        guard let depth = encoding.pngBitDepth else { return false }
        return depth == 16 || (encoding.pngColourType != 3 && !encoding.pngTransparencyChunk)
    }

    /// Decodes a PNG (libpng) or GIF (giflib) through the shims only to find damage a decoder
    /// sees, without SDL and without a line of libpng's own on standard error; false for
    /// another format (it needs SDL_image: `decode`).
    /// - Throws: `ImageLoadError.corrupt` with the library's message.
    static func checkWithoutSDL(_ bytes: [UInt8], header: ImageHeader, path: String) throws -> Bool {
        guard case .size(let format, _, _) = header, format == "PNG" || format == "GIF" else { return false }
        guard case .size(_, let w, let h) = ImageHeader.stored(header, ImageEncoding(of: bytes)) else { return false }
        _ =
            try format == "PNG"
            ? decodePNG(bytes, width: w, height: h, path: path) : decodeGIF(bytes, width: w, height: h, path: path)
        return true
    }

    /// A PNG of `width` x `height` px (as stored) decoded by libpng to 8-bit RGBA (16-bit
    /// samples rounded).
    static func decodePNG(_ bytes: [UInt8], width: Int, height: Int, path: String) throws -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        try pixels.withUnsafeMutableBufferPointer { out in
            try decodePNG(bytes, into: out.baseAddress!, width: width, height: height, path: path)
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// `decodePNG` into `out`, `width` x `height` x 4 bytes of rows without padding.
    /// - Throws: `ImageLoadError.corrupt` with libpng's message.
    private static func decodePNG(
        _ bytes: [UInt8], into out: UnsafeMutablePointer<UInt8>, width: Int, height: Int, path: String
    ) throws {
        var message = [CChar](repeating: 0, count: 256)
        let status = sf_png_decode_rgba8(bytes, bytes.count, out, width, height, &message, message.count)
        guard status == 0 else { throw ImageLoadError.corrupt(path: path, reason: "PNG: \(Self.text(message))") }
    }

    /// The first frame of a GIF, `width` x `height` px (its header's size), decoded by giflib to RGBA.
    /// - Throws: `ImageLoadError.corrupt` with giflib's message when the data is damaged or cut short.
    private static func decodeGIF(_ bytes: [UInt8], width: Int, height: Int, path: String) throws -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var message = [CChar](repeating: 0, count: 256)
        let status = pixels.withUnsafeMutableBufferPointer { out in
            sf_gif_decode_rgba8(bytes, bytes.count, out.baseAddress, width, height, &message, message.count)
        }
        guard status == 0 else { throw ImageLoadError.corrupt(path: path, reason: "GIF: \(Self.text(message))") }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// `TIFF: <libtiff's last error on this thread>` (forgotten once read), or nil when none.
    private static func tiffError() -> String? {
        var message = [CChar](repeating: 0, count: 512)
        sf_tiff_take_error(&message, message.count)
        let text = Self.text(message).replacingOccurrences(of: "SDL_image: ", with: "")
        return text.isEmpty ? nil : "TIFF: \(text)"
    }

    /// The text of a NUL-terminated C buffer.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
