import Foundation
import Testing

/// Red-team 9 R5: a progressive JPEG of 1.5 MB with 100 000 tiny scans (a "scan bomb" within
/// every size limit) took `check` and `render` 48 s of decoding. A JPEG with more scans than
/// `ImageStructure.maxJPEGScans` is refused by its structure check, before decoding, with its
/// path and the count (exit 65); a real progressive JPEG is taken.
@Suite struct JPEGScanLimitTests {
    /// A progressive JPEG of `size` pixels (360x800) from ImageMagick, with its smallest scan
    /// repeated `extra` times before its end-of-image marker.
    static func bomb(_ tmp: TempFolder, extra: Int, size: String = "360x800") throws -> Bool {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { return false }
        let made = try Sceneflow.run(
            ["-size", size, "xc:white", "-quality", "90", "-interlace", "Plane", tmp.file("flat.jpg")],
            executable: URL(fileURLWithPath: "/usr/bin/convert"))
        guard made.status == 0 else { return false }
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tmp.file("flat.jpg"))))
        let scans = Self.scans(data)
        let smallest = try #require(scans.min { $0.count < $1.count })
        var out = Array(data[..<scans.last!.upperBound])
        for _ in 0..<extra { out += data[smallest] }
        out += [0xFF, 0xD9]
        try tmp.write("P/a.jpg", Data(out))
        try tmp.write(
            "P/prototype.lua",
            "return { name = \"B\", device = { width = 360, height = 800, scale = 1 }, start = \"home\", scenes = { home = { image = \"a.jpg\", elements = {} } } }\n"
        )
        return true
    }

    /// The byte ranges of a JPEG's scans: each start-of-scan segment with its entropy-coded data.
    static func scans(_ data: [UInt8]) -> [Range<Int>] {
        var scans: [Range<Int>] = []
        var index = 2
        while index + 3 < data.count, data[index + 1] != 0xD9 {
            let length = Int(data[index + 2]) << 8 | Int(data[index + 3])
            if data[index + 1] == 0xDA {
                var end = index + 2 + length
                while !(data[end] == 0xFF && data[end + 1] != 0 && !(0xD0...0xD7).contains(data[end + 1])) { end += 1 }
                scans.append(index..<end)
                index = end
            } else {
                index += 2 + length
            }
        }
        return scans
    }

    @Test func aJPEGWithThousandsOfScansIsRefused() throws {
        let tmp = try TempFolder()
        guard try Self.bomb(tmp, extra: 5000) else { return }
        for arguments in [["check", "P"], ["render", "P", "--scene", "home", "--out", "h.png"]] {
            let r = try Sceneflow.run(arguments, in: tmp.url, timeout: 120)
            #expect(r.status == 65, "\(r)")
            #expect((r.stdout + r.stderr).contains("scans, more than the 500"), "\(r)")
        }
    }

    /// Red-team 32 S1: 499 scans (under the flat limit of 500) over a 10000x10000 image cost
    /// 50 s and 800 MB a decode, since each scan is a pass over every pixel. The limit scales
    /// with the pixels (`ImageStructure.maxJPEGScanPixels`): 4000x4000 may have 156 scans.
    @Test func manyScansOverALargeImageAreRefused() throws {
        let tmp = try TempFolder()
        guard try Self.bomb(tmp, extra: 200, size: "4000x4000") else { return }
        for arguments in [["check", "P"], ["render", "P", "--scene", "home", "--out", "h.png"], ["inspect", "P"]] {
            let r = try Sceneflow.run(arguments, in: tmp.url, timeout: 120)
            #expect(r.status == 65, "\(r)")
            #expect(
                (r.stdout + r.stderr).contains("scans, more than the 156 a 4000x4000 px JPEG may have here"),
                "\(r)")
        }
    }

    @Test func aRealProgressiveJPEGIsTaken() throws {
        let tmp = try TempFolder()
        guard try Self.bomb(tmp, extra: 0) else { return }
        let r = try Sceneflow.run(["check", "P"], in: tmp.url)
        #expect(r.status == 0, "\(r)")
    }
}
