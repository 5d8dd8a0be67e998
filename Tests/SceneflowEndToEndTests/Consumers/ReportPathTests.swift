import Foundation
import Testing

/// One path base for every report: each file a report names (failure frame, element tree,
/// timeline, screenshot images, captures) is a path from the working directory, in the
/// console, the JSON, the JUnit and TAP alike, and warnings print `file:line:` like failures
/// so problem matchers pick both up. The HTML page alone links relative to itself.
@Suite struct ReportPathTests {
    static func folder() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "scripts/s.lua",
            """
            prototype "../Proto"
            test("home looks right", function()
              capture "start"
              expect.screenshot "home"
            end)
            test("taps a typo", function() tap("Opne", {timeout = 0.1}) end)
            test("warns", function()
              log.warn("took the long way")
            end)

            """)
        _ = try Sceneflow.run(["test", "scripts/s.lua"], in: tmp.url)
        try tmp.write("Proto/home.png", PNGWriter.solid(width: 36, height: 80, rgb: (200, 60, 40)))
        return tmp
    }

    @Test func everyReportedPathIsFromTheWorkingDirectory() throws {
        let tmp = try Self.folder()
        let r = try Sceneflow.run(
            ["test", "scripts/s.lua", "--report", "out/report", "--json", "r.json"], in: tmp.url,
            environment: ["CI": "1"])
        #expect(r.status == 1, "\(r)")
        // The console: saved artifacts and the screenshot folder, both from the cwd.
        let saved = r.outputLines.compactMap { line -> String? in
            guard let range = line.range(of: "saved ") else { return nil }
            return String(line[range.upperBound...])
        }
        #expect(saved.count == 6, "frame, tree and timeline of two failures: \(r)")
        for path in saved {
            #expect(path.hasPrefix("out/report/"), "\(path)")
            #expect(FileManager.default.fileExists(atPath: tmp.file(path)), "saved \(path) is not there from the cwd")
        }
        let see = try #require(r.stdout.firstMatch(of: /; see ([^\n]+)\//)?.output.1, "\(r)")
        #expect(see.hasPrefix("out/report/"), "\(see)")
        #expect(FileManager.default.fileExists(atPath: tmp.file(String(see) + "/diff.png")))
        // The JSON: artifacts and visual files alike.
        let data = try Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json")))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let outcomes = try #require((json["files"] as? [[String: Any]])?.first?["outcomes"] as? [[String: Any]])
        var paths: [String] = []
        for outcome in outcomes {
            paths += outcome["artifacts"] as? [String] ?? []
            for visual in outcome["visuals"] as? [[String: Any]] ?? [] {
                paths += (visual["files"] as? [String: String] ?? [:]).values
                if let baseline = visual["baseline"] as? String { paths.append(baseline) }
            }
        }
        #expect(paths.count == 11, "6 artifacts, a capture, expected/actual/diff and the baseline: \(paths)")
        for path in paths {
            #expect(
                FileManager.default.fileExists(atPath: tmp.file(path)), "JSON names \(path), not there from the cwd")
        }
        // The HTML page links relative to its own folder.
        let html = try String(contentsOfFile: tmp.file("out/report/index.html"), encoding: .utf8)
        let sources = html.matches(of: /<img src="([^"]+)"/).map { String($0.output.1) }
        #expect(sources.count >= 5, "\(sources)")
        for source in sources {
            #expect(
                FileManager.default.fileExists(atPath: tmp.file("out/report/" + source)),
                "index.html shows \(source), not there beside the page")
        }
    }

    @Test func warningsPrintFileAndLineLikeFailures() throws {
        let tmp = try Self.folder()
        let r = try Sceneflow.run(["test", "scripts/s.lua", "--filter", "warns"], in: tmp.url)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("        scripts/s.lua:8: warning: took the long way"), "\(r)")
        let failing = try Sceneflow.run(["test", "scripts/s.lua", "--filter", "typo"], in: tmp.url)
        #expect(failing.stdout.contains("        scripts/s.lua:6: tap(\"Opne\")"), "\(failing)")
    }
}
