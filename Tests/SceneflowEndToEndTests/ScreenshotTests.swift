import Foundation
import Testing

/// Screenshot baselines through the binary: record modes with `CI` set and unset,
/// `--update-baselines`, failures with expected/actual/diff, and the HTML report.
@Suite struct ScreenshotTests {
    static func folder() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("home", function()
              expect.screenshot "home"
              expect.tree "home"
            end)
            test("detail", function()
              tap "Open"
              expect.screenshot("detail", {mask = {"Back"}})
              capture "detail"
            end)

            """)
        return tmp
    }

    @Test func missingBaselinesAreRecordedOnADeveloperMachine() throws {
        let tmp = try Self.folder()
        let r = try Sceneflow.run(["test", tmp.file("s.lua")], environment: ["CI": nil])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("  REC   home  (passed and recorded baselines;"), "\(r)")
        #expect(r.outputLines.last == "0 passed, 0 failed, 2 recorded", "\(r)")
        for name in ["home.png", "home.tree.txt", "detail.png"] {
            #expect(FileManager.default.fileExists(atPath: tmp.file("__screenshots__/s/\(name)")), "\(name)")
        }
        let tree = try String(contentsOfFile: tmp.file("__screenshots__/s/home.tree.txt"), encoding: .utf8)
        #expect(tree == "scene \"home\"\n  hotspot \"Open\"\n")
        let again = try Sceneflow.run(["test", tmp.file("s.lua")], environment: ["CI": nil])
        #expect(again.outputLines.last == "2 passed, 0 failed", "\(again)")
    }

    /// Red-team finding: masks that hide everything a check compares (the whole screen, two
    /// masks side by side, a masked region, a mask and region on the same label) compared
    /// 0 pixels and passed on the wrong screen. Each now fails at its line.
    @Test func masksHidingAllThatIsComparedFail() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let cases = [
            "{mask = {{0, 0, 36, 80}}}", "{mask = {{-100, -100, 1000, 1000}}}",
            "{mask = {{0, 0, 36, 40}, {0, 40, 36, 40}}}", "{region = {0, 0, 10, 10}, mask = {{0, 0, 10, 10}}}",
            "{mask = {\"Back\"}, region = \"Back\"}",
        ]
        var script = "prototype \"Proto\"\ntest(\"rec\", function() expect.screenshot \"home\" end)\n"
        for (index, options) in cases.enumerated() {
            script += "test(\"case \(index)\", function() tap \"Open\" expect.screenshot(\"home\", \(options)) end)\n"
        }
        script += "test(\"partly masked\", function() expect.screenshot(\"home\", {mask = {{0, 0, 36, 40}}}) end)\n"
        try tmp.write("m.lua", script)
        _ = try Sceneflow.run(["test", "m.lua", "--filter", "rec"], in: tmp.url, environment: ["CI": nil])
        let r = try Sceneflow.run(["test", "m.lua"], in: tmp.url, environment: ["CI": "1"])
        #expect(r.status == 1, "\(r)")
        #expect(
            r.stdout.contains("\(cases.count + 0) failed") || r.stdout.contains("2 passed, \(cases.count) failed"),
            "\(r)")
        #expect(r.stdout.contains("nothing would be compared"), "\(r)")
        #expect(r.stdout.contains("PASS  partly masked"), "\(r)")
    }

    /// `expect.tree` with a one-line outline (`scene "home"`) compares it: it was taken as a
    /// baseline name, the actual tree recorded and the test passed on the wrong scene
    /// (red-team finding). A scene without elements is one line, and matches.
    @Test func aOneLineTreeOutlineIsComparedNotRecorded() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "t.lua",
            """
            prototype "Proto"
            test("one line", function() tap "Open" expect.tree('scene "home"', {timeout = 0}) end)

            """)
        let r = try Sceneflow.run(["test", "t.lua"], in: tmp.url, environment: ["CI": nil])
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("FAIL  one line"), "\(r)")
        #expect(!r.stdout.contains("REC"), "\(r)")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("__screenshots__/t/scene \"home\".tree.txt")))
    }

    @Test func missingBaselinesFailInCI() throws {
        let tmp = try Self.folder()
        let r = try Sceneflow.run(["test", tmp.file("s.lua")], environment: ["CI": "true"])
        #expect(r.status == 1, "\(r)")
        #expect(
            r.stdout.contains(
                "expect.screenshot(\"home\"): no baseline at \(tmp.file("s.lua").dropLast(5))__screenshots__/s/home.png (CI is set, so missing baselines are not recorded)"
            ), "\(r)")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("__screenshots__/s/home.png")))
        #expect(r.outputLines.last == "0 passed, 2 failed", "\(r)")
    }

    @Test func aChangedFrameFailsWithDiffImagesAndUpdateBaselinesRewritesIt() throws {
        let tmp = try Self.folder()
        _ = try Sceneflow.run(["test", tmp.file("s.lua")], environment: ["CI": nil])
        // The designer changes the home screenshot's colour.
        let baseline = tmp.file("__screenshots__/s/home.png")
        let original = try Data(contentsOf: URL(fileURLWithPath: baseline))
        try tmp.write("Proto/home.png", PNGWriter.solid(width: 36, height: 80, rgb: (200, 60, 40)))
        let report = tmp.file("report")
        let r = try Sceneflow.run(["test", tmp.file("s.lua"), "--report", report], environment: ["CI": "1"])
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("expect.screenshot(\"home\"): "), "\(r)")
        #expect(r.stdout.contains("2880 of 2880 pixels differ (exact comparison) in the box {0, 0, 36, 80} px"), "\(r)")
        let folder = URL(fileURLWithPath: tmp.file("s.lua")).deletingLastPathComponent().lastPathComponent
        let ids = try FileManager.default.contentsOfDirectory(atPath: report + "/screenshots")
        let id = try #require(ids.first { $0.hasPrefix(folder + "-s-") }, "the folder, file name and path hash: \(ids)")
        for name in ["expected.png", "actual.png", "diff.png"] {
            #expect(
                FileManager.default.fileExists(atPath: "\(report)/screenshots/\(id)/01-home/home/\(name)"), "\(name)")
        }
        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        #expect(html.contains("<img src=\"screenshots/\(id)/01-home/home/diff.png\" alt=\"diff\">"))
        #expect(html.contains("<figcaption>detail</figcaption>"), "the capture's thumbnail")
        let update = try Sceneflow.run(["test", tmp.file("s.lua"), "--update-baselines"], environment: ["CI": "1"])
        #expect(update.status == 0, "\(update)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: baseline)) != original)
        #expect(try Sceneflow.run(["test", tmp.file("s.lua")], environment: ["CI": "1"]).status == 0)
    }

    @Test func theHTMLReportRendersInChromium() throws {
        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let chromium else {
            print("SKIPPED HTML rendering check: chromium is not installed (apt-get install chromium)")
            return
        }
        let tmp = try Self.folder()
        let report = tmp.file("report")
        _ = try Sceneflow.run(["test", tmp.file("s.lua"), "--report", report], environment: ["CI": "1"])
        let png = tmp.file("report.png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1000,900", "--screenshot=\(png)",
            "file://\(report)/index.html",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let data = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(data.count > 20_000, "a rendered page with a header, badges and test cards, not a blank one")
    }
}
