import Foundation
import Testing

/// Each failing screenshot comparison of a test keeps its own evidence: two soft failures
/// against one baseline (the header checked before and after navigation) write `home/` and
/// `home-2/`, and each visual record names its own files (red-team finding P10). A name that
/// already looks like a suffixed one gets a free folder too.
@Suite struct ScreenshotFailureFoldersTests {
    @Test func twoFailuresOfOneBaselineInOneTestKeepBothEvidences() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("Proto/detail.png", PNGWriter.solid(width: 36, height: 80, rgb: (200, 9, 9)))
        try tmp.write("r.lua", "prototype \"Proto\"\ntest(\"rec\", function() expect.screenshot \"home\" end)\n")
        let recorded = try Sceneflow.run(["test", "r.lua"], in: tmp.url, environment: ["CI": nil])
        #expect(recorded.status == 0, "\(recorded)")
        try FileManager.default.createDirectory(
            atPath: tmp.file("__screenshots__/s"), withIntermediateDirectories: true)
        // The recorded baseline is the home scene; both checks below run on other screens.
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("two", function()
              tap "Open"
              expect.soft.screenshot("home", {timeout = 0})
              expect.soft.screenshot("home", {timeout = 0, threshold = 0})
              expect.soft.screenshot("home-2", {timeout = 0})
            end)

            """)
        try FileManager.default.copyItem(
            atPath: tmp.file("__screenshots__/r/home.png"), toPath: tmp.file("__screenshots__/s/home.png"))
        try FileManager.default.copyItem(
            atPath: tmp.file("__screenshots__/r/home.png"), toPath: tmp.file("__screenshots__/s/home-2.png"))
        let r = try Sceneflow.run(
            ["test", "s.lua", "--report", "out", "--json", "out.json"], in: tmp.url, environment: ["CI": "1"])
        #expect(r.status == 1, "\(r)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: tmp.url.appendingPathComponent("out.json")))
        let files = (json as? [String: Any])?["files"] as? [[String: Any]]
        let outcome = try #require((files?.first?["outcomes"] as? [[String: Any]])?.first)
        let visuals = try #require(outcome["visuals"] as? [[String: Any]])
        #expect(visuals.count == 3, "\(visuals)")
        let actuals = visuals.compactMap { ($0["files"] as? [String: String])?["actual"] }
        #expect(actuals.count == 3, "\(visuals)")
        #expect(Set(actuals).count == 3, "each failure names its own images: \(actuals)")
        for path in actuals {
            let full = path.hasPrefix("/") ? path : tmp.file(path)
            #expect(FileManager.default.fileExists(atPath: full), "\(path)")
        }
        let folders = actuals.map { (($0 as NSString).deletingLastPathComponent as NSString).lastPathComponent }
        #expect(folders == ["home", "home-2", "home-2-2"], "\(folders)")
    }
}

/// The same for the other kind of screenshot failure: a baseline of another size, caught from
/// its header, checked twice in one test keeps both folders.
@Suite struct SizeChangeFailureFoldersTests {
    @Test func twoSizeChangesOfOneBaselineInOneTestKeepBothEvidences() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try FileManager.default.createDirectory(
            atPath: tmp.file("__screenshots__/s"), withIntermediateDirectories: true)
        try tmp.write("__screenshots__/s/home.png", PNGWriter.solid(width: 20, height: 20))
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("two", function()
              expect.soft.screenshot("home", {timeout = 0})
              tap "Open"
              expect.soft.screenshot("home", {timeout = 0})
            end)

            """)
        let r = try Sceneflow.run(
            ["test", "s.lua", "--report", "out", "--json", "out.json"], in: tmp.url, environment: ["CI": "1"])
        #expect(r.status == 1, "\(r)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: tmp.url.appendingPathComponent("out.json")))
        let files = (json as? [String: Any])?["files"] as? [[String: Any]]
        let outcome = try #require((files?.first?["outcomes"] as? [[String: Any]])?.first)
        let visuals = try #require(outcome["visuals"] as? [[String: Any]])
        let actuals = visuals.compactMap { ($0["files"] as? [String: String])?["actual"] }
        let folders = actuals.map { (($0 as NSString).deletingLastPathComponent as NSString).lastPathComponent }
        #expect(folders == ["home", "home-2"], "\(visuals)")
    }
}
