import Foundation
import Testing

/// Red-team 9 R8: image files were read whole whatever their size: a valid 100x200 PNG padded
/// with zeros to 2 GB passed `check` after a minute at 4.2 GB of memory. A file larger than
/// any image within the pixel limits can be (`ImageLimits.maxFileBytes`) is refused before a
/// byte of it is read, with its path and size (exit 65), by every command that opens it.
@Suite struct HugeImageFileTests {
    @Test(arguments: ["check", "render", "test"])
    func aPaddedImageIsRefusedUnread(_ command: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return }
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"opens\", function() tap \"Open\" end)\n")
        // 1.5 GB without using the disk (a sparse file): a PNG followed by zeros.
        #expect(truncate(tmp.file("Proto/home.png"), 3 << 29) == 0)
        let arguments: [String] =
            switch command {
            case "check": ["check", "Proto"]
            case "render": ["render", "Proto", "--scene", "home", "--out", "h.png"]
            default: ["test", "t.lua"]
            }
        let (kilobytes, r) = try HugeCacheFileTests.peak(arguments, in: tmp, cache: tmp.file("cache"))
        #expect(r.status == 65, "\(r)")
        #expect(r.stdout.contains("1610612736 bytes") || r.stderr.contains("1610612736 bytes"), "\(r)")
        #expect(kilobytes > 0 && kilobytes < 400_000, "peak \(kilobytes) kB: the image was read")
    }
}

/// A PNG followed by more than 1 MiB of data after its end (the IEND chunk) is refused before
/// the rest is read, naming where the image ends, by every command: 700 MB after a 90x160 PNG
/// cost `check` 1.46 GB and 13 s, under the whole-file limit (red-team 29 F2). A few stray
/// bytes after IEND, as some tools leave, are still taken.
@Suite struct DataAfterPNGEndTests {
    @Test(arguments: ["check", "render", "test"])
    func muchDataAfterTheEndIsRefusedUnread(_ command: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"opens\", function() tap \"Open\" end)\n")
        let image = try Data(contentsOf: URL(fileURLWithPath: tmp.file("Proto/home.png")))
        #expect(truncate(tmp.file("Proto/home.png"), 300 << 20) == 0)  // sparse: no disk used
        let arguments: [String] =
            switch command {
            case "check": ["check", "Proto"]
            case "render": ["render", "Proto", "--scene", "home", "--out", "h.png"]
            default: ["test", "t.lua"]
            }
        let (kilobytes, r) = try HugeCacheFileTests.peak(arguments, in: tmp, cache: tmp.file("cache"))
        #expect(r.status == 65, "\(r)")
        let said = r.stdout + r.stderr
        #expect(said.contains("home.png"), "\(r)")
        #expect(said.contains("ends at byte \(image.count)"), "\(r)")
        #expect(said.contains("\((300 << 20) - image.count) more bytes"), "\(r)")
        #expect(kilobytes > 0 && kilobytes < 200_000, "peak \(kilobytes) kB: the data was read")
    }

    @Test func aFewStrayBytesAreTaken() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        var image = try Data(contentsOf: URL(fileURLWithPath: tmp.file("Proto/home.png")))
        image.append(Data(repeating: 0, count: 100))
        try tmp.write("Proto/home.png", image)
        let r = try Sceneflow.run(["check", "Proto"], in: tmp.url)
        #expect(r.status == 0, "\(r)")
    }
}
