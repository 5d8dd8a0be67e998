import Foundation
import SceneflowRunner
import Testing

/// What a holding `after_all` logs joins the log of the test it ran after, and every report
/// carries it as JSON does: the `--verbose` console, the TAP YAML block of that test's point
/// and JUnit, with one worker or two, whether after_all ran in the last test's worker or in
/// the fresh one that runs only the hooks after the last test ended its worker (red-team
/// finding p15: the console and TAP showed the test before after_all ran and never its lines;
/// a hooks-only worker dropped them).
@Suite struct AfterAllLogEveryReportTests {
    /// A library call that does not return for minutes.
    static let stuck = #"string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")"#

    /// How the last test and its after_each hooks end: passing, the test ending its worker,
    /// the hooks ending it (in the test's Lua state, or in the fresh worker that runs them
    /// after the test ended its own): after_all then runs in a worker of its own, and its log
    /// still joins the test in every report (red-team 19 F4: not in TAP or the console).
    static let shapes: [(body: String, afterEach: String?)] = [
        ("", nil), (stuck, nil), ("", stuck), (stuck, stuck),
    ]

    /// The lines of the TAP point of test `name` and its YAML block.
    static func tapPoint(_ tap: String, name: String) -> String {
        let lines = tap.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasSuffix("- l.lua: \(name)") }) else { return "" }
        var end = start + 1
        if end < lines.count, lines[end] == "  ---" {
            while end < lines.count, lines[end] != "  ..." { end += 1 }
            end += 1
        }
        return lines[start..<min(end, lines.count)].joined(separator: "\n")
    }

    @Test(arguments: shapes.indices, ["1", "2"])
    func aHoldingAfterAllsLogIsInEveryReport(_ shape: Int, _ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let (body, afterEach) = Self.shapes[shape]
        try tmp.write(
            "l.lua",
            """
            prototype "Proto"
            after_all(function() log.message("after_all said goodbye") end)
            \(afterEach.map { "after_each(function() \($0) end)" } ?? "")
            test("a", function() end)
            test("b", function() log.message("b said hello") \(body) end)

            """)
        let common = ["test", "l.lua", "--timeout", "1", "--jobs", jobs]
        let verbose = try Sceneflow.run(
            common + ["--verbose", "--json", "r.json", "--junit", "j.xml"], in: tmp.url, timeout: 120)
        #expect(!verbose.timedOut, "\(verbose)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let outcomes = try #require(report.files.first?.outcomes)
        #expect(outcomes.map(\.name) == ["a", "b"], "\(outcomes)")
        let log = outcomes.last?.log.map(\.message) ?? []
        #expect(log.contains("b said hello") && log.contains { $0.contains("after_all said goodbye") }, "\(log)")
        let junit = try String(contentsOf: tmp.url.appendingPathComponent("j.xml"), encoding: .utf8)
        #expect(junit.contains("after_all said goodbye"), "JUnit: \(junit)")
        // The verbose console shows the line under test b, before the closing line.
        let console = verbose.stdout
        let underB = console.components(separatedBy: " b  (").dropFirst().first ?? ""
        #expect(underB.contains("after_all said goodbye"), "console: \(console)")
        #expect(console.components(separatedBy: "after_all said goodbye").count == 2, "once: \(console)")
        let tap = try Sceneflow.run(common + ["--tap"], in: tmp.url, timeout: 120)
        let point = Self.tapPoint(tap.stdout, name: "b")
        #expect(point.contains("b said hello") && point.contains("after_all said goodbye"), "TAP: \(tap.stdout)")
    }
}
