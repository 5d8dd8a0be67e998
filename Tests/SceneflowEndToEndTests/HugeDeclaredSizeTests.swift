import Foundation
import Testing

/// Red-team 50 B N1: an image whose header declares 2^30 x 2^30 px or more (PNG, BMP, TIFF)
/// crashed `check` and `render` with SIGILL (exit 132, nothing said): the file-size check
/// multiplied width x height x 8 bytes in `Int` before the per-side limit, and overflowed.
/// Every command refuses every such size with the limit, exit 65, whatever the format.
@Suite struct HugeDeclaredSizeTests {
    /// A 24-bit BMP (BITMAPINFOHEADER) declaring `width` x `height` (a negative height is a
    /// top-down image) with a few bytes of pixels.
    static func bmp(width: Int32, height: Int32) -> Data {
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        let pixels = [UInt8](repeating: 0x80, count: 16)
        let info =
            le32(40) + le32(UInt32(bitPattern: width)) + le32(UInt32(bitPattern: height)) + le16(1) + le16(24)
            + le32(0) + le32(UInt32(pixels.count)) + le32(2835) + le32(2835) + le32(0) + le32(0)
        let fileSize = UInt32(14 + info.count + pixels.count)
        return Data([0x42, 0x4D] + le32(fileSize) + le32(0) + le32(UInt32(14 + info.count)) + info + pixels)
    }

    static let images: [(name: String, data: Data)] = [
        ("home.png", PNGWriter.headerClaiming(width: 1 << 30, height: 1 << 30)),
        ("home.png", PNGWriter.headerClaiming(width: Int(Int32.max), height: Int(Int32.max))),
        ("home.png", PNGWriter.headerClaiming(width: Int(Int32.max), height: 1)),
        ("home.bmp", bmp(width: 1 << 30, height: Int32.min)),
        ("home.bmp", bmp(width: Int32.max, height: Int32.max)),
        ("home.bmp", bmp(width: 1 << 30, height: -(1 << 30))),
    ]

    static let commands = [
        ["check", "Proto"], ["render", "Proto", "--out", "r.png"], ["inspect", "Proto"],
        ["graph", "Proto", "--out", "g.svg"], ["test", "t.lua"],
    ]

    @Test(arguments: 0..<images.count)
    func everyCommandRefusesItWithTheLimit(index: Int) throws {
        let image = Self.images[index]
        let tmp = try TempFolder()
        let scenes = TempFolder.twoScenes.replacingOccurrences(of: "home.png", with: image.name)
        try tmp.prototype(scenes: scenes, images: ["detail.png"])
        try tmp.write("Proto/\(image.name)", image.data)
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"t\", function() end)\n")
        for command in Self.commands {
            let r = try Sceneflow.run(command, in: tmp.url, timeout: 60)
            #expect(r.status == 65, "\(image.name) #\(index) \(command): \(r)")
            #expect(
                r.output.contains("over the limit of 16384 px per side"), "\(image.name) #\(index) \(command): \(r)")
        }
    }
}
