import Foundation
import Testing

/// TIFFs small on disk that cost libtiff far more work than their bytes say, refused by their
/// structure check (exit 65, the file named) while real ones are taken (red-team 35):
/// - D1: Deflate tiles that all point at one zlib stream padded with empty blocks, within the
///   byte budget for tiles (107 KB file: `check` 19 s; 760 KB of 16-bit RGBA: over 120 s);
/// - D2: private tags whose data are all one 16 MB blob, which libtiff copies once a tag
///   (250 tags: `check` 19 s and 4 GB).
@Suite struct TIFFDecodeWorkTests {
    /// A zlib stream of `empty` empty stored blocks, then `raw` zero bytes as stored blocks.
    static func paddedZlib(empty: Int, raw: Int) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        for _ in 0..<empty { out += [0, 0, 0, 0xFF, 0xFF] }
        var left = raw
        repeat {
            let n = min(left, 65_535)
            left -= n
            out += [left == 0 ? 1 : 0, UInt8(n & 255), UInt8(n >> 8), UInt8(~n & 255), UInt8(~n >> 8 & 255)]
            out += [UInt8](repeating: 0, count: n)
        } while left > 0
        // Adler-32 of `raw` zero bytes: a stays 1, b adds 1 a byte.
        let b = raw % 65_521
        return out + [UInt8(b >> 8), UInt8(b & 255), 0, 1]
    }

    @Test func deflateTilesPaddedWithEmptyBlocksAreRefused() throws {
        let tmp = try TempFolder()
        let blob = Self.paddedZlib(empty: 5_000, raw: 256 * 256)
        let tiff = DecodeCostBudgetTests.tiffOfSharedTiles(blob, size: 10_000, tile: 256, compression: 8)
        try tmp.write("P/home.tif", Data(tiff))
        try DecodeCostBudgetTests.prototype(tmp, image: "home.tif")
        for r in try DecodeCostBudgetTests.checkAndRender(tmp) {
            #expect(r.status == 65, "\(r)")
            #expect((r.stdout + r.stderr).contains("deflate blocks"), "\(r)")
        }
    }

    /// The same tiles without padding, each its own stream, are taken.
    @Test func deflateTilesOfOneBlockEachAreTaken() throws {
        let tmp = try TempFolder()
        let blob = Self.paddedZlib(empty: 0, raw: 256 * 256)
        let tiff = DecodeCostBudgetTests.tiffOfSharedTiles(blob, size: 2_048, tile: 256, compression: 8)
        try tmp.write("P/home.tif", Data(tiff))
        try DecodeCostBudgetTests.prototype(tmp, image: "home.tif")
        for r in try DecodeCostBudgetTests.checkAndRender(tmp) { #expect(r.status == 0, "\(r)") }
    }

    /// A 100x100 px uncompressed grey TIFF whose first directory also holds `tags` private tags
    /// (65 000 on) of `size` bytes each, all pointing at one blob at the file's end.
    static func tiffWithSharedTagData(tags: Int, size: Int) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
        let plain: [(tag: Int, type: Int, value: Int)] = [
            (256, 3, 100), (257, 3, 100), (258, 3, 8), (259, 3, 1), (262, 3, 1), (273, 4, -1), (277, 3, 1),
            (278, 3, 100), (279, 4, 10_000),
        ]
        let count = plain.count + tags
        let pixelsAt = 8 + 2 + 12 * count + 4
        let blobAt = pixelsAt + 10_000
        var out: [UInt8] = Array("II*\0".utf8) + le32(8) + le16(count)
        for entry in plain {
            let value = entry.value == -1 ? pixelsAt : entry.value
            out +=
                le16(entry.tag) + le16(entry.type) + le32(1) + (entry.type == 3 ? le16(value) + [0, 0] : le32(value))
        }
        for n in 0..<tags { out += le16(65_000 + n) + le16(7) + le32(size) + le32(blobAt) }
        out += le32(0)
        out += [UInt8](repeating: 128, count: 10_000)
        return out + [UInt8](repeating: 7, count: size)
    }

    @Test func tagsSharingOneBlobAreRefused() throws {
        let tmp = try TempFolder()
        try tmp.write("P/home.tif", Data(Self.tiffWithSharedTagData(tags: 100, size: 1 << 20)))
        try DecodeCostBudgetTests.prototype(tmp, image: "home.tif")
        for r in try DecodeCostBudgetTests.checkAndRender(tmp) {
            #expect(r.status == 65, "\(r)")
            #expect((r.stdout + r.stderr).contains("tags hold"), "\(r)")
        }
    }

    /// One tag of 1 MiB (a colour profile, a large XMP packet) is taken.
    @Test func oneLargeTagIsTaken() throws {
        let tmp = try TempFolder()
        try tmp.write("P/home.tif", Data(Self.tiffWithSharedTagData(tags: 1, size: 1 << 20)))
        try DecodeCostBudgetTests.prototype(tmp, image: "home.tif")
        for r in try DecodeCostBudgetTests.checkAndRender(tmp) { #expect(r.status == 0, "\(r)") }
    }

    /// Red-team 37 T4: a tile far larger than the image is decoded and allocated whole (a 16x16
    /// px image of 16384x16384 px tiles: `check` 8 s, 1 GB); refused. A small image in the
    /// usual 256x256 px tiles (ImageMagick's) is taken.
    @Test func tilesFarLargerThanTheImageAreRefused() throws {
        let tmp = try TempFolder()
        // One 4096x4096 px Deflate tile of zeros (16 KB compressed) for a 16x16 px image.
        guard
            try CodingCostTests.python(
                "import zlib, sys; open(sys.argv[1], 'wb').write(zlib.compress(bytes(4096 * 4096), 9))",
                [tmp.file("tile.z")])
        else { return }
        let zlib = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tmp.file("tile.z"))))
        var tiff = DecodeCostBudgetTests.tiffOfSharedTiles(zlib, size: 16, tile: 16, compression: 8)
        // TileWidth and TileLength (entries 8 and 9, SHORT values at offset 8 of each) to 4096.
        for entry in [7, 8] {
            let at = 8 + 2 + 12 * entry + 8
            (tiff[at], tiff[at + 1]) = (0x00, 0x10)
        }
        try tmp.write("P/home.tif", Data(tiff))
        try DecodeCostBudgetTests.prototype(tmp, image: "home.tif")
        for r in try DecodeCostBudgetTests.checkAndRender(tmp) {
            #expect(r.status == 65, "\(r)")
            #expect((r.stdout + r.stderr).contains("far larger than its 16x16 px image"), "\(r)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { return }
        let small = try TempFolder()
        try FileManager.default.createDirectory(atPath: small.file("P"), withIntermediateDirectories: true)
        let made = try Sceneflow.run(
            [
                "-size", "100x100", "gradient:red-blue", "-compress", "zip", "-define", "tiff:tile-geometry=256x256",
                small.file("P/home.tif"),
            ], executable: URL(fileURLWithPath: "/usr/bin/convert"))
        try #require(made.status == 0, "\(made)")
        try DecodeCostBudgetTests.prototype(small, image: "home.tif")
        for r in try DecodeCostBudgetTests.checkAndRender(small) { #expect(r.status == 0, "\(r)") }
    }
}
