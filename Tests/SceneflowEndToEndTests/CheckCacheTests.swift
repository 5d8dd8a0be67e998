import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowSDL
import Testing

@testable import SceneflowRunner

/// Issue 19 item 5: `check` decodes on every core with the same diagnostics, in the same
/// order, as one image after another, and a second `check` of unchanged images decodes none
/// (a cache by content hash), while a changed image is always decoded again.
@Suite struct CheckCacheTests {
    /// A prototype of `count` scenes; the scenes in `broken` get a damaged image of the kind
    /// chosen by their index (truncated, empty, text, a PNG signature before noise).
    static func prototype(_ tmp: TempFolder, count: Int, broken: Set<Int>) throws -> String {
        var scenes = ""
        for k in 1...count {
            let name = "s\(k).png"
            let png = PNGWriter.solid(width: 36, height: 80, rgb: (UInt8(k % 256), 9, 9))
            if broken.contains(k) {
                switch k % 4 {
                case 0: try tmp.write("P/\(name)", png.prefix(png.count / 2))
                case 1: try tmp.write("P/\(name)", Data())
                case 2: try tmp.write("P/\(name)", "not an image")
                default: try tmp.write("P/\(name)", png.prefix(8) + Data(repeating: 7, count: 64))
                }
            } else {
                try tmp.write("P/\(name)", png)
            }
            let next = k < count ? "s\(k + 1)" : "s1"
            scenes +=
                "    s\(k) = { image = \"\(name)\", elements = { { label = \"Next\", frame = { 0, 0, 36, 40 }, on_tap = go(\"\(next)\") } } },\n"
        }
        try tmp.write(
            "P/prototype.lua",
            "return {\n  name = \"Many\",\n  device = { width = 36, height = 80, scale = 1 },\n  start = \"s1\",\n  scenes = {\n\(scenes)  },\n}\n"
        )
        return tmp.file("P")
    }

    @Test func concurrentMapKeepsOrderAndEveryItem() {
        for count in [0, 1, 2, 3, 17, 1000] {
            let items = Array(0..<count)
            #expect(ConcurrentMap.map(items) { $0 * 3 + 1 } == items.map { $0 * 3 + 1 }, "\(count)")
        }
    }

    /// Generated prototypes with damaged images at random places: decoding on every core gives
    /// the diagnostics a one-by-one check gives, in prototype order, every time.
    @Test(arguments: [1, 2, 3])
    func parallelDecodingReportsWhatASerialCheckReports(_ seed: Int) throws {
        var state = UInt64(seed) &* 0x9e37_79b9_7f4a_7c15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let count = 24
        let broken = Set((1...count).filter { _ in next() % 3 == 0 })
        let tmp = try TempFolder()
        let folder = try Self.prototype(tmp, count: count, broken: broken)
        var first: [String]?
        for _ in 1...3 {
            do {
                _ = try PrototypeOpener.open(folder, images: .decode)
                #expect(broken.isEmpty)
            } catch {
                let lines = error.diagnostics.map { "\($0)" }
                #expect(lines.count == broken.count, "\(lines)")
                // One by one, in the prototype's reference order, as a serial check finds them.
                let order = try PrototypeLoader.load(directory: folder).prototype.imageReferences.map(\.path)
                let serial = order.compactMap { path in lines.first { $0.contains(": \(path): ") } }
                #expect(serial == lines, "\(lines)")
                if let first { #expect(first == lines) }
                first = lines
            }
        }
    }

    @Test func aSecondCheckOfUnchangedImagesDecodesNoneAndAChangedImageIsDecoded() throws {
        let tmp = try TempFolder()
        let folder = try Self.prototype(tmp, count: 12, broken: [])
        let cacheFile = tmp.file("cache/checked-images.txt")
        let cold = CheckedImageCache(file: cacheFile)
        _ = try PrototypeOpener.open(folder, images: .decode, checked: cold)
        #expect(cold.hits == 0)
        cold.save()
        let warm = CheckedImageCache(file: cacheFile)
        _ = try PrototypeOpener.open(folder, images: .decode, checked: warm)
        #expect(warm.hits == 12)
        // A changed image, even one that keeps its size and time, is decoded again: here it is
        // now truncated, and the error is reported as on a cold check.
        let path = tmp.file("P/s5.png")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        var damaged = bytes
        damaged[damaged.count - 20] ^= 0xFF  // inside the IEND-adjacent data: a bad CRC
        try damaged.write(to: URL(fileURLWithPath: path))
        let again = CheckedImageCache(file: cacheFile)
        #expect(throws: DiagnosticList.self) { try PrototypeOpener.open(folder, images: .decode, checked: again) }
        #expect(again.hits == 11)
        // Other limits or another screen area are other checks.
        let other = CheckedImageCache(file: cacheFile)
        let loader = PictureLoader(limits: ImageLimits(maxSide: 50, maxPixels: 100_000_000))
        #expect(throws: DiagnosticList.self) {
            try PrototypeOpener.open(folder, images: .decode, loader: loader, checked: other)
        }
        #expect(other.hits == 0)
    }

    /// Through the binary: the second `check` prints what the first printed, the cache lives
    /// under XDG_CACHE_HOME, and a damaged image still fails after a clean check.
    @Test func checkTwiceIsTheSameAndNeverTrustsAChangedImage() throws {
        let tmp = try TempFolder()
        let folder = try Self.prototype(tmp, count: 6, broken: [])
        let env: [String: String?] = ["XDG_CACHE_HOME": tmp.file("xdg")]
        let first = try Sceneflow.run(["check", folder], environment: env)
        #expect(first.status == 0, "\(first)")
        let lines = try String(contentsOfFile: tmp.file("xdg/sceneflow/checked-images.txt"), encoding: .utf8)
        #expect(lines.split(separator: "\n").count == 6)
        let second = try Sceneflow.run(["check", folder], environment: env)
        #expect(second.status == 0 && second.stdout == first.stdout && second.stderr == first.stderr, "\(second)")
        try tmp.write("P/s3.png", PNGWriter.solid(width: 36, height: 80).prefix(40))
        let broken = try Sceneflow.run(["check", folder], environment: env)
        #expect(broken.status == 65, "\(broken)")
        #expect(broken.stderr.contains("scenes.s3.image"), "\(broken)")
    }
}
