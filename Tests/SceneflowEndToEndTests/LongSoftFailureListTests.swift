import Foundation
import SceneflowRunner
import Testing

/// However many soft failures a test has, and however long their text, its failure message
/// keeps the same cut in every report (console, JSON, JUnit, TAP): its first 100 lines, each
/// whole, then `… (N more lines)` counting the soft failures left out (red-team 29 F5: past
/// about 64 KiB of text the message kept 28 lines, cut inside one, with a note in bytes).
@Suite struct LongSoftFailureListTests {
    /// The soft failures of `s.lua`'s one test, as `count` and the Lua expression of the
    /// value each one checks (`i` is its number), with what follows the list.
    struct Case: CustomTestStringConvertible, Sendable {
        let count: Int
        let value: String
        let then: String
        /// The lines of the failure message before the list (a hard failure's).
        var before = 0
        /// The soft failures listed (the others are counted in the note).
        var shown = 99
        var testDescription: String { "\(count) × \(value) \(then)" }
    }

    static let cases: [Case] = [
        Case(count: 100, value: "i", then: ""),
        Case(count: 2_000, value: "i", then: ""),
        Case(count: 3_000, value: "i", then: ""),
        Case(count: 20_000, value: "i", then: ""),
        // The hard failure and the list share the message's 100 lines, each with its own
        // note when cut (red-team 32 A1), so one soft failure fewer is shown.
        Case(count: 3_000, value: "i", then: "expect(1).to_be(2)", before: 1, shown: 97),
        // Ended by the watchdog: the runner lists the soft failures it heard (red-team 29 F5:
        // it said "1000 soft expectations failed" and "(901 more lines)" of 3 000).
        Case(count: 3_000, value: "i", then: "while true do end", before: 1),
        Case(count: 20_000, value: "i", then: "while true do end", before: 1),
        Case(count: 300, value: #"string.rep("v", 60000) .. i"#, then: ""),
        Case(count: 300, value: #"string.rep("v", 6000) .. i"#, then: ""),
        Case(count: 300, value: "big", then: ""),
    ]

    @Test(arguments: cases)
    func theListKeepsWholeLinesAndCountsTheRest(_ c: Case) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            local big = {} for k = 1, 3000 do big["key" .. k] = k end
            test("F s", function()
              for i = 1, \(c.count) do expect.soft(\(c.value)).to_be(0) end
              \(c.then)
            end)

            """)
        // Long enough for 20 000 soft failures on a loaded machine before the watchdog ends the loop.
        let limit = ["--timeout", c.then.hasPrefix("while") ? "10" : "30"]
        let run = try Sceneflow.run(
            ["test", "s.lua", "--json", "r.json", "--junit", "r.xml", "--tap"] + limit, in: tmp.url, timeout: 300)
        #expect(run.status == 1, "\(run)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let message = try #require(report.files.first?.outcomes.first?.failure?.message)
        let lines = message.components(separatedBy: "\n")
        let hard = c.before
        #expect(lines[hard].hasSuffix("\(c.count) soft expectations failed:"), "\(lines.prefix(3))")
        let shown = lines.filter { $0.hasPrefix("  line 4: expected ") }
        let kept = min(c.count, c.shown)
        #expect(shown.count == kept, "\(shown.count) lines kept of \(c.count): \(lines.suffix(2))")
        for line in shown { #expect(line.hasSuffix(" to be 0"), "a line cut in the middle: \(line.suffix(120))") }
        #expect(!message.contains("more bytes"), "\(lines.suffix(2))")
        let note = "… (\(c.count - kept) more lines)"
        #expect(lines.last == note, "\(lines.suffix(2))")
        #expect(lines.count == kept + hard + 2, "\(lines.count) lines")
        let junit = try String(contentsOf: tmp.url.appendingPathComponent("r.xml"), encoding: .utf8)
        #expect(junit.contains(note), "JUnit")
        #expect(run.stdout.contains(note), "TAP: \(run.stdout.suffix(300))")
        let console = try Sceneflow.run(["test", "s.lua"] + limit, in: tmp.url, timeout: 300)
        #expect(console.output.contains(note), "console: \(console.output.suffix(300))")
    }
}

/// Red-team 33 E1: after a watchdog stop or a stopped worker, the test's part of the failure and
/// its after_each hooks' part (run in a fresh load) were each cut to 100 lines but not shared:
/// 201 lines. They share the message's lines as the parts of any failure do.
@Suite struct StoppedTestAndHookShareTheMessageTests {
    @Test(arguments: ["string.find(S, P)", "while true do end"])
    func theStoppedTestAndItsHooksShareTheLines(_ stop: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            local S, P = string.rep("a", 40), string.rep("a-", 20) .. "b"
            local function L(n) local t = {} for i = 1, n do t[i] = "H" .. i end return table.concat(t, "\\n") end
            after_each(function() for i = 1, 120 do expect.soft(i).to_be(-i) end; error(L(300), 0) end)
            test("stops", function() for i = 1, 150 do expect.soft(i).to_be(-i) end; \(stop) end)

            """)
        let r = try Sceneflow.run(["test", "s.lua", "--timeout", "1", "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let json = try String(contentsOfFile: tmp.file("r.json"), encoding: .utf8)
        let report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let outcome = ((report?["files"] as? [[String: Any]])?.first?["outcomes"] as? [[String: Any]])?.first
        let message = try #require((outcome?["failure"] as? [String: Any])?["message"] as? String)
        let lines = message.components(separatedBy: "\n")
        #expect(lines.count <= 101, "\(lines.count) lines")
        #expect(message.contains("150 soft expectations failed:"), "\(message.prefix(300))")
        #expect(message.contains("; then, in after_each: "), "\(message.suffix(300))")
        #expect(message.contains("H1"), "\(message.suffix(300))")
    }
}
