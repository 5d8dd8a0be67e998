import Foundation
import Testing

/// A screenshot baseline of another size fails at once as a size change, read from its PNG
/// header, never decoded (red-team M14: a 16384x6100 px baseline was decoded on every retry
/// frame until the watchdog stopped the test 30 s later).
@Suite struct BaselineSizeChangeTests {
    /// Baselines for the 36x80 px frame: some other size, a valid image or only a header
    /// that claims the size (no decoder could read its pixels).
    static let sizes: [(width: Int, height: Int, valid: Bool)] = [
        (16384, 6100, false), (16384, 1, false), (37, 80, true), (36, 79, true), (80, 36, true), (1, 1, true),
    ]

    @Test(arguments: 0..<sizes.count)
    func aBaselineOfAnotherSizeFailsAtOnce(_ index: Int) throws {
        let size = Self.sizes[index]
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "__screenshots__/b/home.png",
            size.valid
                ? PNGWriter.solid(width: size.width, height: size.height)
                : PNGWriter.headerClaiming(width: size.width, height: size.height))
        try tmp.write(
            "b.lua",
            """
            prototype "Proto"
            test("s1", function() expect.screenshot "home" end)
            test("s2", function() tap "Open" tap "Back" expect.screenshot "home" end)

            """)
        let r = try Sceneflow.run(
            ["test", "b.lua", "--timeout", "5", "--report", "rep"], in: tmp.url, environment: ["CI": "1"], timeout: 120)
        #expect(r.status == 1, "\(r)")
        let mismatch =
            "size mismatch: the baseline is \(size.width)x\(size.height) px, the frame is 36x80 px (nothing was compared; update the baseline if the device changed)"
        #expect(r.outputLines.filter { $0.contains(mismatch) }.count == 2, "\(r)")
        #expect(!r.stdout.contains("watchdog"), "\(r)")
        // The failure's expected image is the baseline file as it is.
        let expected = try #require(
            FileManager.default.enumerator(atPath: tmp.file("rep"))?.compactMap { $0 as? String }.first {
                $0.hasSuffix("home/expected.png")
            }, "\(r)")
        #expect(
            FileManager.default.contents(atPath: tmp.file("rep/" + expected))
                == FileManager.default.contents(atPath: tmp.file("__screenshots__/b/home.png")))
    }

    @Test func updateBaselinesChangedRewritesIt() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("__screenshots__/b/home.png", PNGWriter.headerClaiming(width: 16384, height: 6100))
        try tmp.write("b.lua", "prototype \"Proto\"\ntest(\"s\", function() expect.screenshot \"home\" end)\n")
        let r = try Sceneflow.run(["test", "b.lua", "--update-baselines", "changed"], in: tmp.url, timeout: 120)
        #expect(r.status == 0, "\(r)")
        let data = try #require(FileManager.default.contents(atPath: tmp.file("__screenshots__/b/home.png")))
        #expect(PNGWriter.size(of: data)! == (36, 80))
    }
}
