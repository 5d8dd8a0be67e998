extension ImageHeader {
    /// WebP (RIFF): the canvas of a `VP8X` extended file (width-1 and height-1 in 24 bits,
    /// little-endian, at bytes 4 and 7 of its payload), else the frame size of the image chunk:
    /// lossy `VP8 ` (after the 3-byte frame tag and the start code 9D 01 2A, two little-endian
    /// 14-bit sides) or lossless `VP8L` (the signature 0x2F, then width-1 and height-1 in 14 bits
    /// each). From the WebP container and VP8L specifications (Google, RFC 9649).
    ///
    /// - Returns: the stored size (the caller applies the orientation), or `.malformed` when the
    ///   chunks are cut short before the size, or before the `EXIF` chunk a `VP8X` announces.
    static func webp(_ b: [UInt8]) -> ImageHeader {
        let chunks = WebPChunks(b)
        if let x = chunks.vp8x, x.count >= 10 {
            if b[x.lowerBound] & 0x08 != 0, chunks.exif == nil, chunks.cutShort { return .malformed(format: "WebP") }
            let w = Int(b[x.lowerBound + 4]) | Int(b[x.lowerBound + 5]) << 8 | Int(b[x.lowerBound + 6]) << 16
            let h = Int(b[x.lowerBound + 7]) | Int(b[x.lowerBound + 8]) << 8 | Int(b[x.lowerBound + 9]) << 16
            return .size(format: "WebP", width: w + 1, height: h + 1)
        }
        guard let image = chunks.image else { return .malformed(format: "WebP") }
        let (fourCC, p) = (image.fourCC, image.payload)
        if fourCC == "VP8 ", p.count >= 10, b[p.lowerBound + 3] == 0x9D, b[p.lowerBound + 4] == 0x01,
            b[p.lowerBound + 5] == 0x2A
        {
            return .size(
                format: "WebP", width: le16(b, p.lowerBound + 6) & 0x3FFF, height: le16(b, p.lowerBound + 8) & 0x3FFF)
        }
        if fourCC == "VP8L", p.count >= 5, b[p.lowerBound] == 0x2F {
            let bits = le16(b, p.lowerBound + 1) | le16(b, p.lowerBound + 3) << 16
            return .size(format: "WebP", width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
        }
        return .malformed(format: "WebP")
    }

    /// TIFF: ImageWidth (256) and ImageLength (257) of the first directory, the image SDL_image
    /// decodes. libtiff writers often put the directory after the pixel data, so a prefix of a
    /// large file is `.malformed` and `read` retries with the whole file.
    static func tiff(_ b: [UInt8]) -> ImageHeader {
        guard let ifd = TIFFDirectory(b), let w = ifd.values[256], let h = ifd.values[257] else {
            return .malformed(format: "TIFF")
        }
        return .size(format: "TIFF", width: w, height: h)
    }

    /// QOI: `qoif`, then big-endian 32-bit width and height (the QOI specification, 2022).
    static func qoi(_ b: [UInt8]) -> ImageHeader {
        guard b.count >= 14 else { return .malformed(format: "QOI") }
        let w = Int(b[4]) << 24 | Int(b[5]) << 16 | Int(b[6]) << 8 | Int(b[7])
        let h = Int(b[8]) << 24 | Int(b[9]) << 16 | Int(b[10]) << 8 | Int(b[11])
        return .size(format: "QOI", width: w, height: h)
    }

    /// `header` with its sides swapped when `orientation` turns the image a quarter (EXIF 5–8),
    /// so that every measurement is of the image as displayed.
    static func displayed(_ header: ImageHeader, _ orientation: ImageOrientation) -> ImageHeader {
        guard case .size(let format, let w, let h) = header, orientation.swapsSides else { return header }
        return .size(format: format, width: h, height: w)
    }
}

extension ImageHeader {
    /// The stored (undecoded) size for a displayed `header`: the sides swapped back for EXIF
    /// orientations 5–8.
    public static func stored(_ header: ImageHeader, _ encoding: ImageEncoding) -> ImageHeader {
        displayed(header, encoding.orientation)
    }
}
