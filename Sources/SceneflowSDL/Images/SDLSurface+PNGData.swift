internal import CSDL2
internal import CSDL2Image
import Foundation

extension SDLSurface {
    /// The surface as PNG bytes, encoded in memory with `IMG_SavePNG_RW` into a buffer large
    /// enough for the worst case (deflate's stored blocks: the raw rows plus 5 bytes per
    /// 16 KiB, 12 bytes per PNG chunk, the headers), so that writing the file is one checked
    /// write (`OutputTarget`): IMG_SavePNG to a path ignored a full disk and left 0 bytes.
    ///
    /// - Throws: `SDLError` naming `IMG_SavePNG` (with `path`, which only names it) when SDL
    ///   fails or the encoded stream does not end with the PNG end marker.
    func pngData(path: String) throws -> Data {
        let raw = height * (width * 4 + 1)
        let capacity = raw + raw / 256 + 64 * 1024
        guard capacity < Int(Int32.max) else {
            throw SDLError(function: "IMG_SavePNG", message: "the image is too large to encode", path: path)
        }
        var buffer = Data(count: capacity)
        let written = try buffer.withUnsafeMutableBytes { (bytes: UnsafeMutableRawBufferPointer) -> Int in
            guard let stream = SDL_RWFromMem(bytes.baseAddress, Int32(capacity)) else {
                throw SDLError.last("SDL_RWFromMem", path: path)
            }
            defer { SDL_RWclose(stream) }
            let status = withUnsafeSurface { IMG_SavePNG_RW($0, stream, 0) }
            try SDLError.check(status, "IMG_SavePNG", path: path)
            return Int(SDL_RWtell(stream))
        }
        buffer.count = max(0, written)
        // IEND, then its CRC: a PNG cut short (the buffer filled up) lacks them.
        let end: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        guard written < capacity, buffer.count >= 8, Array(buffer.suffix(8)) == end else {
            throw SDLError(function: "IMG_SavePNG", message: "the encoded PNG is incomplete", path: path)
        }
        return buffer
    }
}
