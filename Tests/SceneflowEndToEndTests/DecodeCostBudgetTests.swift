import Foundation
import Testing

/// Images small on disk whose decoding costs tens of seconds in every command, refused by
/// their structure check before decoding with a message naming the file (exit 65), while
/// the same formats as real encoders write them are taken:
/// - red-team 33 F4: a TIFF of JPEG-compressed tiles all pointing at one 99-scan progressive
///   JPEG (10000x10000 px, 3.1 MB: `check` 40 s; 4000x4000 px, 0.5 MB: 8 s);
/// - red-team 33 F5: a GIF whose LZW data is a flood of clear codes (100x100 px, 16 MB:
///   `check` 14.6 s).
@Suite struct DecodeCostBudgetTests {
    /// Writes `P/prototype.lua` with one scene showing `image`.
    static func prototype(_ tmp: TempFolder, image: String) throws {
        try tmp.write(
            "P/prototype.lua",
            "return { name = \"B\", device = { width = 360, height = 800, scale = 1 }, start = \"home\", scenes = { home = { image = \"\(image)\", elements = {} } } }\n"
        )
    }

    /// Runs `check` and `render` on `P` and returns their results.
    static func checkAndRender(_ tmp: TempFolder) throws -> [RunResult] {
        try [["check", "P"], ["render", "P", "--scene", "home", "--out", "h.png"]].map {
            try Sceneflow.run($0, in: tmp.url, timeout: 180)
        }
    }

    /// A little-endian TIFF, 8-bit grey, `size` x `size` px, JPEG-compressed (Compression 7)
    /// in `tile` x `tile` px tiles whose TileOffsets all point at the one stream `jpeg`.
    static func tiffOfSharedTiles(_ jpeg: [UInt8], size: Int, tile: Int, compression: Int = 7) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
        let across = (size + tile - 1) / tile
        let tiles = across * across
        let entries: [(tag: Int, type: Int, value: Int)] = [
            (256, 4, size), (257, 4, size), (258, 3, 8), (259, 3, compression), (262, 3, 1), (277, 3, 1), (284, 3, 1),
            (322, 3, tile), (323, 3, tile), (324, 4, -1), (325, 4, -2),
        ]
        let directoryEnd = 8 + 2 + 12 * entries.count + 4
        let offsetsAt = directoryEnd
        let countsAt = offsetsAt + 4 * tiles
        let dataAt = countsAt + 4 * tiles
        var out: [UInt8] = Array("II*\0".utf8) + le32(8) + le16(entries.count)
        for entry in entries {
            out += le16(entry.tag) + le16(entry.type)
            switch entry.value {
            case -1: out += le32(tiles) + le32(offsetsAt)
            case -2: out += le32(tiles) + le32(countsAt)
            default: out += le32(1) + (entry.type == 3 ? le16(entry.value) + [0, 0] : le32(entry.value))
            }
        }
        out += le32(0)
        out.reserveCapacity(dataAt + jpeg.count)
        for _ in 0..<tiles { out += le32(dataAt) }
        for _ in 0..<tiles { out += le32(jpeg.count) }
        return out + jpeg
    }

    /// A progressive 16x16 px grey JPEG from ImageMagick with its smallest scan repeated until
    /// it has `scans` scans; nil without ImageMagick.
    static func progressiveTile(_ tmp: TempFolder, scans: Int) throws -> [UInt8]? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { return nil }
        let made = try Sceneflow.run(
            [
                "-size", "16x16", "gradient:", "-colorspace", "Gray", "-quality", "90", "-interlace", "Plane",
                tmp.file("t.jpg"),
            ],
            executable: URL(fileURLWithPath: "/usr/bin/convert"))
        guard made.status == 0 else { return nil }
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tmp.file("t.jpg"))))
        let ranges = JPEGScanLimitTests.scans(data)
        let smallest = try #require(ranges.min { $0.count < $1.count })
        var out = Array(data[..<ranges.last!.upperBound])
        for _ in 0..<max(0, scans - ranges.count) { out += data[smallest] }
        return out + [0xFF, 0xD9]
    }

    @Test(arguments: [4000, 10000])
    func sharedProgressiveJPEGTilesAreRefused(_ size: Int) throws {
        let tmp = try TempFolder()
        guard let tile = try Self.progressiveTile(tmp, scans: 99) else { return }
        try tmp.write("P/home.tif", Data(Self.tiffOfSharedTiles(tile, size: size, tile: 16)))
        try Self.prototype(tmp, image: "home.tif")
        for r in try Self.checkAndRender(tmp) {
            #expect(r.status == 65, "\(r)")
            #expect((r.stdout + r.stderr).contains("home.tif"), "\(r)")
            // The bytes the tiles make the decoder read are over their budget too: either says so.
            let said = r.stdout + r.stderr
            #expect(said.contains("JPEG-compressed tiles hold more than") || said.contains("bytes to decode"), "\(r)")
        }
    }

    /// The same tile with its 5 scans, shared by a 1000x1000 px TIFF (3 906 tiles): taken.
    @Test func aFewSharedTilesOfAFewScansAreTaken() throws {
        let tmp = try TempFolder()
        guard let tile = try Self.progressiveTile(tmp, scans: 0) else { return }
        try tmp.write("P/home.tif", Data(Self.tiffOfSharedTiles(tile, size: 1000, tile: 16)))
        try Self.prototype(tmp, image: "home.tif")
        for r in try Self.checkAndRender(tmp) { #expect(r.status == 0, "\(r)") }
    }

    /// Red-team 34 T1: 390 625 tiles of a 10000x10000 px TIFF pointing at one PackBits blob
    /// padded with no-op codes (3.2 MB on disk) cost `check` 62 s: the bytes the decoder reads,
    /// shared tiles counted each time, are held to the pixels' size and a half.
    @Test func sharedPaddedTilesOfAnyCompressionAreRefused() throws {
        let tmp = try TempFolder()
        // 10 000 no-op codes (-128), then the 16x16 tile's 256 bytes as two literal runs.
        let blob =
            [UInt8](repeating: 0x80, count: 10_000) + [127] + [UInt8](repeating: 9, count: 128) + [127]
            + [UInt8](repeating: 9, count: 128)
        try tmp.write("P/home.tif", Data(Self.tiffOfSharedTiles(blob, size: 10_000, tile: 16, compression: 32_773)))
        try Self.prototype(tmp, image: "home.tif")
        for r in try Self.checkAndRender(tmp) {
            #expect(r.status == 65, "\(r)")
            #expect((r.stdout + r.stderr).contains("bytes to decode (one shared by many counted each time)"), "\(r)")
        }
    }

    /// Real JPEG-compressed TIFFs from ImageMagick (libtiff): tiled and in strips, baseline;
    /// and LZW-, Deflate- and PackBits-compressed ones of noise (their worst case).
    @Test(arguments: [
        ["-compress", "jpeg", "-define", "tiff:tile-geometry=64x64"],
        ["-compress", "jpeg", "-define", "tiff:rows-per-strip=16"],
        ["-compress", "lzw", "-define", "tiff:tile-geometry=64x64"], ["-compress", "zip"], ["-compress", "rle"],
    ])
    func realJPEGCompressedTIFFsAreTaken(_ layout: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { return }
        let tmp = try TempFolder()
        try FileManager.default.createDirectory(atPath: tmp.file("P"), withIntermediateDirectories: true)
        let made = try Sceneflow.run(
            ["-size", "1080x2340", layout[1] == "jpeg" ? "gradient:red-blue" : "plasma:fractal", "+noise", "Random"]
                + layout + [tmp.file("P/home.tif")],
            executable: URL(fileURLWithPath: "/usr/bin/convert"))
        try #require(made.status == 0, "\(made)")
        try Self.prototype(tmp, image: "home.tif")
        for r in try Self.checkAndRender(tmp) { #expect(r.status == 0, "\(r)") }
    }

    /// Tiles whose bytes overlap without being the same (each starts one byte later) would be
    /// read again for each: refused.
    @Test func overlappingJPEGTilesAreRefused() throws {
        let tmp = try TempFolder()
        guard let tile = try Self.progressiveTile(tmp, scans: 0) else { return }
        var tiff = Self.tiffOfSharedTiles(tile + [UInt8](repeating: 0, count: 4096), size: 1024, tile: 16)
        // Every TileOffsets entry one byte after the one before, each as long as the JPEG.
        let tiles = 64 * 64
        let offsetsAt = 8 + 2 + 12 * 11 + 4
        let countsAt = offsetsAt + 4 * tiles
        let dataAt = countsAt + 4 * tiles
        for index in 0..<tiles {
            let (offset, count) = (dataAt + index, tile.count)
            for byte in 0..<4 {
                tiff[offsetsAt + 4 * index + byte] = UInt8(offset >> (8 * byte) & 255)
                tiff[countsAt + 4 * index + byte] = UInt8(count >> (8 * byte) & 255)
            }
        }
        try tmp.write("P/home.tif", Data(tiff))
        try Self.prototype(tmp, image: "home.tif")
        let r = try Sceneflow.run(["check", "P"], in: tmp.url, timeout: 180)
        #expect(r.status == 65, "\(r)")
        #expect((r.stdout + r.stderr).contains("tiles overlap"), "\(r)")
    }

    /// A 100x100 px GIF whose LZW data starts with `clears` clear codes, then draws its pixels
    /// with a clear code every 254 codes (the "uncompressed GIF" way: 9-bit codes only).
    static func gif(clears: Int) -> [UInt8] {
        let clear = 256
        var codes = [Int](repeating: clear, count: clears)
        for start in stride(from: 0, to: 100 * 100, by: 254) {
            codes.append(clear)
            codes += [Int](repeating: 1, count: min(254, 100 * 100 - start))
        }
        codes.append(clear + 1)  // end of information
        return GIFDamagedDataTests.gif(width: 100, height: 100, codeSize: 8, codes: codes)
    }

    @Test func aGIFOfClearCodesIsRefused() throws {
        let tmp = try TempFolder()
        try tmp.write("P/home.gif", Data(Self.gif(clears: 1_000_000)))
        try Self.prototype(tmp, image: "home.gif")
        for r in try Self.checkAndRender(tmp) {
            #expect(r.status == 65, "\(r)")
            #expect((r.stdout + r.stderr).contains("home.gif"), "\(r)")
            #expect((r.stdout + r.stderr).contains("bytes of LZW data, more than the 85536"), "\(r)")
        }
    }

    /// Red-team 34 T3: clear codes under the bytes a frame may have (18 MB at 3000x3000 px)
    /// still cost `check` 20-25 s: more than one a 128 pixels and 4 096 is refused.
    @Test func manyClearCodesWithinTheBytesAreRefused() throws {
        let tmp = try TempFolder()
        let gif = Self.gif(clears: 20_000)
        #expect(gif.count < 85_536, "\(gif.count) bytes: under the bytes limit")
        try tmp.write("P/home.gif", Data(gif))
        try Self.prototype(tmp, image: "home.gif")
        for r in try Self.checkAndRender(tmp) {
            #expect(r.status == 65, "\(r)")
            #expect((r.stdout + r.stderr).contains("more than 4174 clear codes"), "\(r)")
        }
    }

    /// The "uncompressed" GIF (1.13 bytes a pixel) and ImageMagick's are taken.
    @Test func uncompressedAndEncodedGIFsAreTaken() throws {
        let tmp = try TempFolder()
        try tmp.write("P/home.gif", Data(Self.gif(clears: 0)))
        try Self.prototype(tmp, image: "home.gif")
        for r in try Self.checkAndRender(tmp) { #expect(r.status == 0, "\(r)") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { return }
        let made = try Sceneflow.run(
            ["-size", "1080x2340", "plasma:fractal", tmp.file("P/home.gif")],
            executable: URL(fileURLWithPath: "/usr/bin/convert"))
        try #require(made.status == 0, "\(made)")
        for r in try Self.checkAndRender(tmp) { #expect(r.status == 0, "\(r)") }
    }

    /// Red-team 34 W1: a GIF whose first frame lies past the 16 MiB a size is looked for in (a
    /// 17 MiB comment before it) passed `check`, which decoded it whole, while every other
    /// command refused it: all refuse it alike, saying why.
    @Test func aGIFFramePastItsMetadataAllowanceIsRefusedByEveryCommand() throws {
        let tmp = try TempFolder()
        let plain = Self.gif(clears: 0)
        let frame = try #require(plain.firstIndex(of: 0x2C))
        var comment: [UInt8] = [0x21, 0xFE]
        let block = [UInt8(255)] + [UInt8](repeating: 0x63, count: 255)
        comment.reserveCapacity(17 << 20)
        for _ in 0..<((17 << 20) / 256) { comment += block }
        comment.append(0)
        try tmp.write("P/home.gif", Data(Array(plain[..<frame]) + comment + Array(plain[frame...])))
        try Self.prototype(tmp, image: "home.gif")
        for r in try Self.checkAndRender(tmp) {
            #expect(r.status == 65, "\(r)")
            #expect((r.stdout + r.stderr).contains("no GIF frame in its first"), "\(r)")
        }
    }
}
