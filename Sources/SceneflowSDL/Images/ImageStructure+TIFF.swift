/// The TIFF structure check: strips and tiles inside the file, the bytes and samples the
/// decoder reads, and the Deflate and JPEG budgets of its pieces (`ImageStructure+TIFFWork`).
extension ImageStructure {
    /// Every strip (or tile) of a TIFF's first directory must lie inside the file (TIFF 6.0
    /// §3: StripOffsets 273 with StripByteCounts 279, TileOffsets 324 with TileByteCounts 325).
    static func tiffProblem(_ b: [UInt8], width: Int, height: Int) -> ImageProblem? {
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
                        .costly(
                            "the TIFF's tags hold more than \(maxTIFFTagBytes >> 20) MiB of data (one blob shared by many counted each time), more than an image's metadata may take: libtiff copies each tag's data on every read"
                        )
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
                .costly(
                    "the TIFF has \(values[277] ?? 1) samples of \(values[258] ?? 8) bits a pixel (\(bytesPerPixel) bytes), more than the \(maxTIFFBytesPerPixel) of 16-bit RGBA: libtiff reads every sample of every pixel to keep 4"
                )
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
                    .costly(
                        "the TIFF's \(arrays[325] != nil ? "tiles" : "strips") hold \(read) bytes to decode (one shared by many counted each time), more than the \(most) its \(width)x\(height) px can need: each is decoded again, costing seconds in every command"
                    )
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
    ) -> ImageProblem? {
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
                    .costly(
                        "the TIFF's JPEG-compressed \(what) hold more than \(scans) scans in all, costing more than the 2.5 billion pixel passes (\(maxJPEGScanPixels)) an image may cost here (each scan of each of its \(pieces.count) \(what) is a pass of the JPEG decoder; a screenshot needs one)"
                    )
            }
        }
        return nil
    }
}
