import Foundation

/// A minimal PNG encoder (8-bit RGB, zlib stored blocks, CRC-32 and Adler-32) and an IHDR
/// reader, so the tests can make and inspect images without any image library.
enum PNGWriter {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A valid opaque PNG of `width` x `height` pixels in one colour (r, g, b).
    static func solid(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8) = (40, 120, 200)) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        for _ in 0..<height {
            raw.append(0)  // filter: none
            for _ in 0..<width { raw += [rgb.0, rgb.1, rgb.2] }
        }
        return png(width: width, height: height, idat: zlibStored(raw))
    }

    /// A PNG whose IHDR declares `width` x `height` but whose pixel data is only a few bytes:
    /// a header-only check sees the declared size, a decoder fails.
    static func headerClaiming(width: Int, height: Int) -> Data {
        png(width: width, height: height, idat: zlibStored([0, 0, 0, 0]))
    }

    /// A `width` x `height` PNG with 8-bit RGB pixel data whose IHDR says `colourType`,
    /// `bitDepth`, `compression`, `filter` and `interlace` (valid or not), with a second IHDR
    /// when `twoHeaders`, each row's filter byte `rowFilter` (0–4 are defined) and a wrong
    /// zlib checksum when `wrongChecksum`: every chunk whole, with right CRCs.
    static func header(
        width: Int, height: Int, colourType: UInt8, bitDepth: UInt8, compression: UInt8 = 0, filter: UInt8 = 0,
        interlace: UInt8 = 0, twoHeaders: Bool = false, rowFilter: UInt8 = 0, wrongChecksum: Bool = false
    ) -> Data {
        let raw = [UInt8]((0..<height).flatMap { _ in [rowFilter] + [UInt8](repeating: 0x80, count: width * 3) })
        let ihdr = be32(UInt32(width)) + be32(UInt32(height)) + [bitDepth, colourType, compression, filter, interlace]
        var out = signature + chunk("IHDR", ihdr)
        if twoHeaders { out += chunk("IHDR", ihdr) }
        var idat = zlibStored(raw)
        if wrongChecksum { idat[idat.count - 1] ^= 0xFF }  // the zlib stream's Adler-32
        out += chunk("IDAT", idat) + chunk("IEND", [])
        return Data(out)
    }

    /// The first `fraction` of a valid PNG (cut inside the pixel data).
    static func truncated(width: Int, height: Int, fraction: Double = 0.5) -> Data {
        let full = solid(width: width, height: height)
        return full.prefix(Int(Double(full.count) * fraction))
    }

    /// (width, height) from the IHDR chunk, or nil when `data` is not a PNG.
    static func size(of data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            return nil
        }
        func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    private static func png(width: Int, height: Int, idat: [UInt8]) -> Data {
        var ihdr = be32(UInt32(width)) + be32(UInt32(height))
        ihdr += [8, 2, 0, 0, 0]  // 8-bit, RGB, deflate, no filter method, no interlace
        var out = signature
        out += chunk("IHDR", ihdr)
        out += chunk("IDAT", idat)
        out += chunk("IEND", [])
        return Data(out)
    }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return be32(UInt32(body.count)) + typeBytes + body + be32(crc32(typeBytes + body))
    }

    /// zlib stream of stored (uncompressed) deflate blocks.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, data.count - offset)
            let last: UInt8 = offset + n >= data.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[offset..<offset + n]
            offset += n
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + be32(b << 16 | a)
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    private static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
}
