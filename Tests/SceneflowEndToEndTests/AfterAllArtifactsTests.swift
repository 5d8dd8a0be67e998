import Foundation
import SceneflowRunner
import Testing

/// What a failing `after_all` leaves in the report folder is its `(after_all)` entry's, in a
/// folder named for that entry, and every report points at it there: the failure's
/// `frame.png`, `elements.txt` and `timeline.txt`, a failed screenshot's expected, actual and
/// diff images, and a capture, whether after_all ran after a passing last test or in the fresh
/// worker that runs only the hooks after a last test that ended its worker (red-team finding
/// p17: they were written under the last test's folder, and no report named them).
@Suite struct AfterAllArtifactsTests {
    /// A library call that does not return for minutes.
    static let stuck = #"string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")"#

    @Test(arguments: ["", stuck], ["1", "2"])
    func afterAllsArtifactsAreItsEntrys(_ lastBody: String, _ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try FileManager.default.createDirectory(
            atPath: tmp.file("__screenshots__/s"), withIntermediateDirectories: true)
        // A baseline of another size: the comparison in after_all fails.
        try tmp.write("__screenshots__/s/home.png", PNGWriter.solid(width: 20, height: 20))
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            after_all(function()
              capture "aa-cap"
              expect.screenshot("home", {timeout = 0})
            end)
            test("a", function() end)
            test("b", function() \(lastBody) end)

            """)
        let r = try Sceneflow.run(
            ["test", "s.lua", "--timeout", "1", "--jobs", jobs, "--report", "out"], in: tmp.url,
            environment: ["CI": "1"], timeout: 120)
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("out/results.json")))
        let outcomes = try #require(report.files.first?.outcomes)
        #expect(outcomes.map(\.name) == ["a", "b", TestOutcome.afterAllName], "\(outcomes.map(\.name))")
        let entry = try #require(outcomes.last)
        let last = try #require(outcomes.dropLast().last)
        // The entry's own files, each there, each in a folder named for the entry.
        let artifacts = entry.artifacts
        for name in ["frame.png", "elements.txt", "timeline.txt"] {
            #expect(artifacts.contains { $0.hasSuffix("/" + name) }, "\(name) of the entry: \(artifacts)")
        }
        let images = entry.visuals.flatMap { $0.files.values }
        #expect(
            entry.visuals.contains { $0.kind == "screenshot" && $0.status == "failed" && $0.files["actual"] != nil },
            "\(entry.visuals)")
        #expect(entry.visuals.contains { $0.kind == "capture" }, "\(entry.visuals)")
        for path in artifacts + images {
            #expect(FileManager.default.fileExists(atPath: tmp.file(path)), "\(path) is missing")
            #expect(path.contains("after_all"), "\(path) is not in the entry's folder")
        }
        // Nothing of after_all's under the last test or in its records.
        #expect(!last.visuals.contains { $0.name == "home" || $0.name == "aa-cap" }, "\(last.visuals)")
        let everything = try FileManager.default.subpathsOfDirectory(atPath: tmp.file("out"))
        #expect(!everything.contains { $0.contains("02-b/") && ($0.contains("home") || $0.contains("aa-cap")) })
        // JUnit attaches the entry's images, and the HTML page links them.
        let junit = try String(contentsOf: tmp.url.appendingPathComponent("out/junit.xml"), encoding: .utf8)
        let html = try String(contentsOf: tmp.url.appendingPathComponent("out/index.html"), encoding: .utf8)
        let frame = try #require(artifacts.first { $0.hasSuffix("/frame.png") })
        #expect(junit.contains("[[ATTACHMENT|\(frame)]]"), "\(junit)")
        let actual = try #require(entry.visuals.first { $0.kind == "screenshot" }?.files["actual"])
        #expect(junit.contains("[[ATTACHMENT|\(actual)]]"), "\(junit)")
        let folderName = ((frame as NSString).deletingLastPathComponent as NSString).lastPathComponent
        #expect(html.contains(folderName), "the page links nothing of \(folderName)")
    }

    /// A holding after_all's capture is in its own folder too, and the test it ran after
    /// names it, as that test holds its log.
    @Test(arguments: ["", stuck], ["1", "2"])
    func aHoldingAfterAllsCaptureIsNamed(_ lastBody: String, _ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            after_all(function() capture "aa-cap" end)
            test("a", function() end)
            test("b", function() \(lastBody) end)

            """)
        let r = try Sceneflow.run(
            ["test", "s.lua", "--timeout", "1", "--jobs", jobs, "--report", "out"], in: tmp.url, timeout: 120)
        #expect(!r.timedOut, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("out/results.json")))
        let outcomes = try #require(report.files.first?.outcomes)
        #expect(outcomes.map(\.name) == ["a", "b"], "\(outcomes.map(\.name))")
        let capture = outcomes.last?.visuals.first { $0.kind == "capture" && $0.name == "aa-cap" }
        let image = try #require(capture?.files["image"], "\(outcomes.last?.visuals ?? [])")
        #expect(image.contains("after_all") && FileManager.default.fileExists(atPath: tmp.file(image)), "\(image)")
        let html = try String(contentsOf: tmp.url.appendingPathComponent("out/index.html"), encoding: .utf8)
        #expect(html.contains("aa-cap.png"), "the page shows no capture")
    }
}
