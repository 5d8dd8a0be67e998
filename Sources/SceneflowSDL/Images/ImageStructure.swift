internal import CImageShim
import CZlib
import Foundation
import SceneflowCore

/// A whole-file check that a PNG, JPEG or GIF is complete, without decoding pixels: every
/// PNG chunk fits in the file, has a correct CRC, the file ends with `IEND` and its IDAT data
/// inflates to the bytes its size needs (`PNGPixelData`); a BMP holds its rows, a TIFF its
/// strips or tiles, a WebP the bytes its RIFF header declares, a QOI its end marker; a JPEG ends with
/// its end-of-image marker; a GIF with its trailer. This lets `sceneflow test` and `play` (which only read headers when
/// a prototype opens) reject truncated or damaged screenshots as `check` does.
enum ImageStructure {
    /// The most scans a JPEG may have (each start-of-scan marker is one more pass of the
    /// decoder over the whole image): 500, as libjpeg-turbo advises for untrusted files. A
    /// progressive JPEG of 1.5 MB with 100 000 tiny scans took `check` 48 s (red-team finding
    /// 9-R5); a real one has at most a dozen.
    static let maxJPEGScans = 500

    /// The most scans × pixels a JPEG may cost (2.5 billion pixel passes, about 2.5 s of
    /// decoding): a large image gets fewer scans than `maxJPEGScans`, 156 at 4000x4000 and 25
    /// at the largest 100-megapixel one, still twice what an encoder writes (libjpeg's
    /// progressive script has 10). Red-team 32 S1: 499 scans over 10000x10000 pixels, one
    /// under the flat limit, cost 50 s and 800 MB a decode in every command.
    static let maxJPEGScanPixels = 2_500_000_000

    /// The most scans a `width` x `height` px JPEG may have: `maxJPEGScanPixels` over its
    /// pixels, at least 25 and at most `maxJPEGScans`.
    static func maxJPEGScans(width: Int, height: Int) -> Int {
        let pixels = max(1, width) * max(1, height)
        return max(25, min(maxJPEGScans, maxJPEGScanPixels / pixels))
    }

    /// The start-of-scan markers of a JPEG, counted by walking its segments (the entropy-coded
    /// data after each scan header is skipped up to the next marker).
    static func jpegScanCount(_ bytes: [UInt8]) -> Int { jpegScanCount(bytes, in: 0..<bytes.count) }

    /// The start-of-scan markers of the JPEG stream at `range` of `bytes` (a JPEG-compressed
    /// TIFF tile or strip), counted as `jpegScanCount(_:)` does.
    static func jpegScanCount(_ bytes: [UInt8], in range: Range<Int>) -> Int {
        let end = min(range.upperBound, bytes.count)
        var scans = 0
        var index = range.lowerBound + 2  // after SOI
        while index + 3 < end {
            guard bytes[index] == 0xFF else { return scans }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1  // fill byte
                continue
            }
            if marker == 0xD9 { return scans }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                index += 2
                continue
            }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            index += 2 + length
            guard marker == 0xDA else { continue }
            scans += 1
            // The entropy-coded data: up to a marker that is neither a stuffed 0 nor a restart.
            while index + 1 < end
                && !(bytes[index] == 0xFF && bytes[index + 1] != 0 && !(0xD0...0xD7).contains(bytes[index + 1]))
            {
                index += 1
            }
        }
        return scans
    }

    /// Why the file is incomplete or damaged, or nil when its structure is sound (or the format
    /// is not one this check knows). `width` and `height` (pixels) are those its header declares.
    static func problem(_ bytes: [UInt8], format: String, width: Int, height: Int) -> String? {
        switch format {
        case "PNG": return pngProblem(bytes)
        case "JPEG":
            let end = bytes.lastIndex { $0 != 0 } ?? 0
            guard end >= 1 && bytes[end - 1] == 0xFF && bytes[end] == 0xD9 else {
                return "the JPEG data is cut short (no end-of-image marker)"
            }
            let scans = jpegScanCount(bytes)
            let most = maxJPEGScans(width: width, height: height)
            if scans > most {
                return
                    "the JPEG has \(scans) scans, more than the \(most) a \(width)x\(height) px JPEG may have here (a photo or screenshot has at most a dozen; each costs a pass over the whole image)"
            }
            return arithmeticJPEGProblem(bytes, scans: scans, width: width, height: height)
        case "BMP": return bmpProblem(bytes)
        case "TIFF": return tiffProblem(bytes, width: width, height: height)
        case "WebP":
            // RIFF: the size after the first 8 bytes; SDL_image refuses a file shorter than that.
            guard bytes.count >= 12 else { return "the WebP is cut short" }
            let declared = ImageHeader.le32(bytes, 4) + 8
            return bytes.count < declared
                ? "the WebP is cut short: its RIFF header declares \(declared) bytes, the file has \(bytes.count)" : nil
        case "QOI":
            // The QOI specification's end marker: seven 0x00 bytes and one 0x01.
            return bytes.count >= 22 && bytes.suffix(8).elementsEqual([0, 0, 0, 0, 0, 0, 0, 1])
                ? nil : "the QOI data is cut short (no end marker)"
        case "GIF":
            // SDL_image draws a GIF cut inside its image data without an error (the rest is
            // garbage or empty); a whole GIF ends with its trailer byte `;` (0x3B).
            guard bytes.last(where: { $0 != 0 }) == 0x3B else { return "the GIF data is cut short (no trailer)" }
            return gifProblem(bytes, width: width, height: height)
        default: return nil
        }
    }

    /// The most bytes of LZW data the first frame of a `width` x `height` px GIF may have: two
    /// a pixel and 64 KiB. An encoder's worst case is one 12-bit code a pixel (1.5 bytes); an
    /// "uncompressed" GIF, one 9-bit code a pixel with a clear code every 254, takes 1.13.
    /// giflib spends about 0.5 µs on each clear code: a 100x100 px GIF of 16 MB of clear codes
    /// cost `check` 14.6 s (red-team 33 F5), within the file size cap that grows with the size.
    static func maxGIFDataBytes(width: Int, height: Int) -> Int {
        2 * max(1, width) * max(1, height) + (64 << 10)
    }

    /// Refuses a GIF whose first frame (the one decoded) has more LZW data than
    /// `maxGIFDataBytes` allows.
    private static func gifProblem(_ b: [UInt8], width: Int, height: Int) -> String? {
        guard let data = ImageHeader.gifFirstFrameDataBytes(b) else { return nil }  // the header check refuses it
        let most = maxGIFDataBytes(width: width, height: height)
        if data > most {
            return
                "the GIF's first frame has \(data) bytes of LZW data, more than the \(most) a \(width)x\(height) px frame may need (two bytes a pixel and 64 KiB; the rest can only be codes that draw nothing, each costing the decoder time)"
        }
        let clears = maxGIFClearCodes(width: width, height: height)
        guard let found = ImageHeader.gifClearCodes(b, limit: clears), found > clears else { return nil }
        return
            "the GIF's first frame has more than \(clears) clear codes, the most a \(width)x\(height) px frame may have (one a 128 pixels and 4 096; an encoder writes one when its table is full, every 254 codes at most): each costs the decoder a reset"
    }

    /// The most clear codes the first frame of a `width` x `height` px GIF may have: one a 128
    /// pixels and 4 096. An encoder writes one when its table of 4 096 codes is full, an
    /// "uncompressed" GIF one every 254 codes; giflib resets its table for each, and 18 MB of
    /// them, under the bytes a 3000x3000 px frame may have, cost `check` 20-25 s (red-team 34 T3).
    static func maxGIFClearCodes(width: Int, height: Int) -> Int { max(1, width) * max(1, height) / 128 + 4_096 }

    /// The most chunks other than IDAT a PNG may have (10 000): a screenshot has a dozen, an
    /// animated PNG two a frame. Each costs libpng a call, and millions of empty ones cost
    /// seconds in every command within every size limit (red-team 32 R1: 1.2 million empty
    /// tEXt chunks, 14 MB, took `check` 14 s).
    static let maxPNGAncillaryChunks = 10_000

    /// The refusal of a PNG with more than `maxPNGAncillaryChunks` chunks other than IDAT.
    static let tooManyPNGChunks =
        "the PNG has more than \(maxPNGAncillaryChunks) chunks other than the pixels (IDAT), where a screenshot has a dozen: millions of empty chunks cost seconds in every command"

    /// The most IDAT chunks a PNG `height` rows high may have: 10 000 and four a row (an
    /// encoder writes one per 8 KiB or so, a streaming one at most one a row of each Adam7
    /// pass). Each costs libpng a call: 235 000 one-byte ones cost `check` 5 s.
    static func maxPNGDataChunks(height: Int) -> Int { 10_000 + 4 * max(0, height) }

    /// The most bytes a PNG's compressed ancillary chunks (zTXt, iTXt, iCCP) may inflate to,
    /// all together: 4 MiB. libpng inflates each when it reads the header, on every decode:
    /// 100 zTXt chunks of 7.7 KB inflating to 7.9 MB each cost `check` 25 s (red-team 33 F8).
    static let maxPNGInflatedMetadata = 4 << 20

    /// The most deflate blocks a PNG's compressed ancillary chunks may hold: 4 096, and two a
    /// chunk. An encoder writes a few to a profile; 700 000 empty ones fit in 3.5 MB, and each
    /// costs libpng a fresh set of Huffman tables on every read (red-team 34 P2, residual).
    static func maxPNGMetadataBlocks(chunks: Int) -> Int { 4096 + 2 * chunks }

    /// Where the compressed data of a zTXt, iTXt (when its compression flag is set) or iCCP
    /// chunk starts in `b` (its data is `data`), or nil for another chunk or a malformed one.
    private static func compressedPayloadStart(_ b: [UInt8], type: String, data: Range<Int>) -> Int? {
        guard type == "zTXt" || type == "iTXt" || type == "iCCP",
            let keywordEnd = b[data].firstIndex(of: 0)
        else { return nil }
        if type != "iTXt" { return keywordEnd + 2 <= data.upperBound ? keywordEnd + 2 : nil }
        // iTXt: keyword, flag, method, language tag and translated keyword (each ended by 0).
        guard keywordEnd + 3 <= data.upperBound, b[keywordEnd + 1] == 1,
            let language = b[(keywordEnd + 3)..<data.upperBound].firstIndex(of: 0),
            let translated = b[(language + 1)..<data.upperBound].firstIndex(of: 0)
        else { return nil }
        return translated + 1
    }

    /// The bytes the zlib streams at `ranges` of `b` inflate to together and the deflate
    /// blocks they hold, counted no further than just past `limit` bytes or `blockLimit` blocks
    /// (zlib, 64 KiB or a block at a time; a damaged stream counts what it gave).
    static func inflatedSize(_ b: [UInt8], _ ranges: [Range<Int>], limit: Int, blockLimit: Int) -> (
        bytes: Int, blocks: Int
    ) {
        var total = 0
        var blocks = 0
        var out = [UInt8](repeating: 0, count: 64 << 10)
        for range in ranges where total <= limit && blocks <= blockLimit {
            var stream = z_stream()
            guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { continue }
            defer { inflateEnd(&stream) }
            b.withUnsafeBufferPointer { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress! + range.lowerBound)
                stream.avail_in = UInt32(range.count)
                out.withUnsafeMutableBufferPointer { buffer in
                    while total <= limit && blocks <= blockLimit {
                        stream.next_out = buffer.baseAddress
                        stream.avail_out = UInt32(buffer.count)
                        // Z_BLOCK returns at each block's end (data_type's bit 128).
                        let status = inflate(&stream, Z_BLOCK)
                        if stream.data_type & 128 != 0 { blocks += 1 }
                        total += buffer.count - Int(stream.avail_out)
                        if status != Z_OK { break }
                    }
                }
            }
        }
        return (total, blocks)
    }

    private static func pngProblem(_ b: [UInt8]) -> String? {
        var offset = 8
        var header: PNGPixelData.Header?
        var data: [Range<Int>] = []
        var others = 0
        var compressed: [Range<Int>] = []
        while offset + 12 <= b.count {
            let length = Int(b[offset]) << 24 | Int(b[offset + 1]) << 16 | Int(b[offset + 2]) << 8 | Int(b[offset + 3])
            let type = String(decoding: b[offset + 4..<offset + 8], as: UTF8.self)
            let end = offset + 8 + length
            guard length >= 0, end + 4 <= b.count else {
                return
                    "the PNG is cut short: chunk \(type) needs \(length) bytes past byte \(offset + 8), the file has \(b.count)"
            }
            let stored = UInt32(b[end]) << 24 | UInt32(b[end + 1]) << 16 | UInt32(b[end + 2]) << 8 | UInt32(b[end + 3])
            if crc(b, from: offset + 4, to: end) != stored {
                return "the PNG is damaged: chunk \(type) has a wrong CRC"
            }
            if type == "IHDR", header == nil { header = PNGPixelData.Header(b, at: offset + 8) }
            if type == "IDAT" {
                data.append(offset + 8..<end)
                if let most = header.map({ maxPNGDataChunks(height: $0.height) }), data.count > most {
                    return
                        "the PNG's pixels are split into more than \(most) IDAT chunks, more than a \(header!.height) px high image needs (an encoder writes one per 8 KiB or a row): tiny chunks cost seconds in every command"
                }
            } else {
                others += 1
                if others > maxPNGAncillaryChunks { return tooManyPNGChunks }
                if let start = compressedPayloadStart(b, type: type, data: offset + 8..<end) {
                    compressed.append(start..<end)
                }
            }
            if type == "IEND" {
                guard !data.isEmpty else { return "the PNG has no image data (no IDAT chunk)" }
                // Their compressed bytes too: empty deflate blocks inflate to nothing and still
                // cost libpng a pass each (red-team 34 P2: 16 MB of them, 30 s a `check`).
                let mostBlocks = maxPNGMetadataBlocks(chunks: compressed.count)
                let taken = compressed.reduce(0, { $0 + $1.count })
                let inflated =
                    taken > maxPNGInflatedMetadata
                    ? (bytes: taken, blocks: 0)
                    : inflatedSize(b, compressed, limit: maxPNGInflatedMetadata, blockLimit: mostBlocks)
                if inflated.blocks > mostBlocks {
                    return
                        "its compressed text and colour-profile chunks (zTXt, iTXt, iCCP) are cut into more than \(mostBlocks) deflate blocks, where an encoder writes a few: libpng builds new Huffman tables for each on every read (padding with empty blocks?)"
                }
                if inflated.bytes > maxPNGInflatedMetadata {
                    return
                        "its compressed text and colour-profile chunks (zTXt, iTXt, iCCP) take or inflate to more than \(maxPNGInflatedMetadata >> 20) MiB, where a screenshot's take a few KB: libpng inflates them on every read (a decompression bomb?)"
                }
                if let refused = libpngRefusal(b) { return refused }
                guard let header else { return nil }
                return PNGPixelData.problem(b, idat: data, header: header)
            }
            offset = end + 4
        }
        return "the PNG is cut short: it ends without its IEND chunk"
    }

    /// What libpng refuses in the PNG's chunks before its pixels (`sf_png_check_info`: colour
    /// type 7, bit depth 3, a palette image without PLTE, two IHDR chunks), as `check`'s full
    /// decode would, without a message of libpng's own on standard error; nil when it accepts
    /// them (red-team 18 B-F1: `test`, `inspect`, `graph` and `play` ran such a file).
    private static func libpngRefusal(_ b: [UInt8]) -> String? {
        var error = [CChar](repeating: 0, count: 256)
        let status = b.withUnsafeBufferPointer { sf_png_check_info($0.baseAddress, $0.count, &error, error.count) }
        guard status != 0 else { return nil }
        let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "libpng refuses it: \(reason)"
    }

    /// An uncompressed BMP (BI_RGB or BI_BITFIELDS) must hold every row of its pixels after
    /// the pixel-data offset (rows padded to 4 bytes); a compressed one must at least reach
    /// its pixel data. SDL's BMP reader fails on a short file only part way.
    private static func bmpProblem(_ b: [UInt8]) -> String? {
        guard b.count >= 34 else { return "the BMP is cut short inside its header" }
        let offset = ImageHeader.le32(b, 10)
        let width = ImageHeader.le32(b, 18)
        let height = abs(Int(Int32(bitPattern: UInt32(ImageHeader.le32(b, 22)))))
        let bitsPerPixel = ImageHeader.le16(b, 28)
        let compression = ImageHeader.le32(b, 30)
        guard offset < b.count else {
            return "the BMP is cut short: its pixels start at byte \(offset), the file has \(b.count)"
        }
        guard [0, 3, 6].contains(compression), bitsPerPixel > 0 else { return nil }
        let rowBytes: Int = (width * bitsPerPixel + 31) / 32 * 4
        let needed: Int = offset + rowBytes * height
        return b.count < needed ? "the BMP is cut short: its pixels need \(needed) bytes, the file has \(b.count)" : nil
    }

    /// Every strip (or tile) of a TIFF's first directory must lie inside the file (TIFF 6.0
    /// §3: StripOffsets 273 with StripByteCounts 279, TileOffsets 324 with TileByteCounts 325).
    private static func tiffProblem(_ b: [UInt8], width: Int, height: Int) -> String? {
        guard b.count >= 8 else { return "the TIFF is cut short inside its header" }
        let little = b[0] == 0x49
        func u16(_ i: Int) -> Int { little ? Int(b[i]) | Int(b[i + 1]) << 8 : Int(b[i]) << 8 | Int(b[i + 1]) }
        func u32(_ i: Int) -> Int { little ? u16(i) | u16(i + 2) << 16 : u16(i) << 16 | u16(i + 2) }
        let directory = u32(4)
        guard directory >= 8, directory + 2 <= b.count else { return nil }  // the header check refuses it
        let count = u16(directory)
        guard directory + 2 + count * 12 <= b.count else {
            return "the TIFF is cut short inside its first directory"
        }
        var arrays: [Int: [Int]] = [:]
        var values: [Int: Int] = [:]
        var tagBytes = 0
        for n in 0..<count {
            let entry = directory + 2 + n * 12
            let (tag, type, items) = (u16(entry), u16(entry + 2), u32(entry + 4))
            // Data outside the entry, which libtiff copies for each tag (the piece lists aside:
            // they are held to the pieces' budget below).
            let dataBytes = items * tiffTypeSize(type)
            if dataBytes > 4 && ![273, 279, 324, 325].contains(tag) {
                tagBytes += dataBytes
                if tagBytes > maxTIFFTagBytes {
                    return
                        "the TIFF's tags hold more than \(maxTIFFTagBytes >> 20) MiB of data (one blob shared by many counted each time), more than an image's metadata may take: libtiff copies each tag's data on every read"
                }
            }
            if items == 1 && (type == 3 || type == 4) { values[tag] = type == 3 ? u16(entry + 8) : u32(entry + 8) }
            // BitsPerSample holds one value a sample: the first stands for them all.
            if tag == 258, type == 3, items > 1 {
                let at = items * 2 <= 4 ? entry + 8 : u32(entry + 8)
                if at + 2 <= b.count { values[258] = max(values[258] ?? 0, u16(at)) }
            }
            guard [273, 279, 324, 325].contains(tag), type == 3 || type == 4 else { continue }
            let size = type == 3 ? 2 : 4
            let start = items * size <= 4 ? entry + 8 : u32(entry + 8)
            guard items <= b.count, start + items * size <= b.count else {
                return "the TIFF is cut short: the list of tag \(tag) lies past the end of the file"
            }
            arrays[tag] = (0..<items).map { type == 3 ? u16(start + $0 * 2) : u32(start + $0 * 4) }
        }
        for (offsets, counts, what) in [(273, 279, "strip"), (324, 325, "tile")] {
            guard let starts = arrays[offsets], let lengths = arrays[counts] else { continue }
            for (index, (start, length)) in zip(starts, lengths).enumerated() where start + length > b.count {
                return
                    "the TIFF is cut short: \(what) \(index + 1) needs bytes up to \(start + length), the file has \(b.count)"
            }
        }
        // The bytes the decoder reads, a tile shared by many counted each time it is used: at
        // most the pixels' uncompressed size and a half (LZW's worst) and 1 MiB. Red-team 34
        // T1/T2: 390 625 tiles pointing at one padded PackBits, Deflate or LZW blob, or at one
        // JPEG with a 64 KB Huffman table, cost `check` 62-108 s from a 3.2 MB file.
        let bytesPerPixel = max(1, (max(1, values[277] ?? 1) * max(1, values[258] ?? 8) + 7) / 8)
        if bytesPerPixel > maxTIFFBytesPerPixel {
            return
                "the TIFF has \(values[277] ?? 1) samples of \(values[258] ?? 8) bits a pixel (\(bytesPerPixel) bytes), more than the \(maxTIFFBytesPerPixel) of 16-bit RGBA: libtiff reads every sample of every pixel to keep 4"
        }
        if let problem = tiffTileSizeProblem(
            tileWidth: values[322] ?? 0, tileLength: values[323] ?? 0, width: width, height: height)
        {
            return problem
        }
        let raw = max(1, width) * max(1, height) * bytesPerPixel
        if let pieces = arrays[325] ?? arrays[279] {
            let most = raw + raw / 2 + (1 << 20)
            let read = pieces.reduce(0) { $0 + $1 }
            if read > most {
                return
                    "the TIFF's \(arrays[325] != nil ? "tiles" : "strips") hold \(read) bytes to decode (one shared by many counted each time), more than the \(most) its \(width)x\(height) px can need: each is decoded again, costing seconds in every command"
            }
        }
        // Compression 8 and 32946 (Deflate): every tile or strip is a zlib stream.
        if values[259] == 8 || values[259] == 32_946 {
            if let starts = arrays[324], let lengths = arrays[325] {
                let rawEach = max(1, values[322] ?? 1) * max(1, values[323] ?? 1) * bytesPerPixel
                return tiffDeflateProblem(
                    b, pieces: Array(zip(starts, lengths)), rawEach: rawEach, raw: raw, what: "tiles")
            }
            if let starts = arrays[273], let lengths = arrays[279] {
                let rows = min(max(1, values[278] ?? height), max(1, height))
                return tiffDeflateProblem(
                    b, pieces: Array(zip(starts, lengths)), rawEach: max(1, width) * rows * bytesPerPixel, raw: raw,
                    what: "strips")
            }
            return nil
        }
        // Compression 7 (JPEG) and 6 (old-style JPEG): every tile or strip is a JPEG stream.
        guard values[259] == 7 || values[259] == 6 else { return nil }
        if let starts = arrays[324], let lengths = arrays[325] {
            let piece = max(1, values[322] ?? 1) * max(1, values[323] ?? 1)
            return tiffJPEGProblem(b, pieces: Array(zip(starts, lengths)), pixelsEach: piece, what: "tiles")
        }
        if let starts = arrays[273], let lengths = arrays[279] {
            let rows = min(max(1, values[278] ?? height), max(1, height))
            return tiffJPEGProblem(
                b, pieces: Array(zip(starts, lengths)), pixelsEach: max(1, width) * rows, what: "strips")
        }
        return nil
    }

    /// What each scan of a JPEG-compressed TIFF tile or strip costs beyond its pixels, in
    /// pixel passes: libjpeg sets up every scan of every tile (about 4 µs; 390 625 baseline
    /// 16x16 px tiles decode in 1.7 s).
    static let tiffJPEGScanSetup = 4_096

    /// Refuses a JPEG-compressed TIFF whose tiles or strips (`pieces`, each `pixelsEach` px)
    /// cost more than `maxJPEGScanPixels` pixel passes together: each scan of each piece is a
    /// pass over its pixels, plus `tiffJPEGScanSetup`. Pieces that share their bytes are counted
    /// once each time they are used, their scans counted once; pieces that overlap without
    /// being the same are refused, so the count reads no byte twice. Red-team 33 F4: 390 625
    /// tiles all pointing at one 99-scan progressive JPEG cost `check` 40 s, `render` 62 s.
    private static func tiffJPEGProblem(
        _ b: [UInt8], pieces: [(start: Int, length: Int)], pixelsEach: Int, what: String
    ) -> String? {
        var scansAt: [Int: (length: Int, scans: Int)] = [:]
        var distinctBytes = 0
        var cost = 0
        var scans = 0
        for piece in pieces where piece.length > 0 {
            let known = scansAt[piece.start]
            if let known, known.length != piece.length { return tiffOverlap(what, "JPEG") }
            let count: Int
            if let known {
                count = known.scans
            } else {
                distinctBytes += piece.length
                guard distinctBytes <= b.count else { return tiffOverlap(what, "JPEG") }
                count = max(1, jpegScanCount(b, in: piece.start..<(piece.start + piece.length)))
                scansAt[piece.start] = (piece.length, count)
            }
            scans += count
            cost += count * (pixelsEach + tiffJPEGScanSetup)
            if cost > maxJPEGScanPixels {
                return
                    "the TIFF's JPEG-compressed \(what) hold more than \(scans) scans in all, costing more than the 2.5 billion pixel passes (\(maxJPEGScanPixels)) an image may cost here (each scan of each of its \(pieces.count) \(what) is a pass of the JPEG decoder; a screenshot needs one)"
            }
        }
        return nil
    }

    /// The PNG CRC-32 of `bytes[from..<to]`, computed by zlib's `crc32` (the same CRC libpng
    /// checks with).
    private static func crc(_ bytes: [UInt8], from: Int, to: Int) -> UInt32 {
        bytes.withUnsafeBufferPointer { p in
            var c = crc32(0, nil, 0)
            var start = from
            // zlib takes the length as a 32-bit count: feed larger ranges in pieces.
            while start < to {
                let count = min(to - start, Int(UInt32.max))
                c = crc32(c, p.baseAddress! + start, UInt32(count))
                start += count
            }
            return UInt32(truncatingIfNeeded: c)
        }
    }
}
