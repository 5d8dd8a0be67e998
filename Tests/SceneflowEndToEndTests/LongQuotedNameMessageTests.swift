import Foundation
import SceneflowRunner
import Testing

/// A message quoting a long name (a test name, label or scene name of 1 000 characters, which
/// are allowed) keeps its place and its reason: the quoted name is shortened with `…` and its
/// length instead (red-team finding m1: the message was cut inside the name, so the reason
/// showed nowhere).
@Suite struct LongQuotedNameMessageTests {
    @Test func theReasonAfterALongNameShowsInEveryReport() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let long = String(repeating: "x", count: 1000)
        let short = "\"" + String(repeating: "x", count: 60) + "…\" (1000 characters)"
        try tmp.write(
            "l.lua",
            """
            prototype "Proto"
            test("t", function() tap("\(long)") end)
            test("\(long)", function() expect.scene("\(long)") end)

            """)
        let r = try Sceneflow.run(["test", "l.lua", "--json", "r.json"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        let reasons = [
            "l.lua:2: tap(\(short)): no element labelled \(short) in scene \"home\"",
            "l.lua:3: expect.scene(\(short)): there is no scene \(short) (the current scene is \"home\")",
        ]
        let json = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json"))))
        let messages = json.files.flatMap(\.outcomes).compactMap(\.failure).map {
            "l.lua:\($0.line ?? 0): \($0.message)"
        }
        for reason in reasons {
            #expect(r.stdout.contains(reason), "\(r.stdout)")
            #expect(messages.contains { $0.hasPrefix(reason) }, "\(messages)")
        }
        // A load error about a long name: the reason after it.
        var script = Data("prototype \"Proto\"\nskip(\"\(long)\", function() end, \"r".utf8)
        script.append(0xFF)
        script.append(contentsOf: Data("\")\n".utf8))
        try tmp.write("s.lua", script)
        let s = try Sceneflow.run(["test", "s.lua"], in: tmp.url)
        #expect(
            s.stdout.contains("s.lua:2: skip(\(short)): the reason must be valid UTF-8 text (byte 2"), "\(s.stdout)")
    }

    /// Red-team 10 R1 and m1: a failure quoting one very long string. Shortening the quotes
    /// was quadratic (a 64 000-character quoted string cost 34 s in the worker under
    /// `--timeout 1`, past every limit), and a message over the 64 KiB error cap was cut
    /// before its quotes were shortened, so the reason after them was lost. Now one linear
    /// pass over the bytes in Lua's memory shortens them at any length.
    @Test(arguments: [60_000, 300_000])
    func aVeryLongQuotedStringKeepsTheReasonWithinTheLimit(length: Int) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "q.lua",
            """
            prototype "Proto"
            local long = string.rep("k", \(length))
            test("error", function() error('"' .. long .. '"') end)
            test("tap", function() tap(long, {timeout = 0}) end)
            test("value", function() expect.value("Go", long, {timeout = 0}) end)
            test("to_be", function() expect(long).to_be("b") end)

            """)
        let r = try Sceneflow.run(["test", "q.lua", "--timeout", "3", "--json", "r.json"], in: tmp.url, timeout: 200)
        #expect(r.status == 1, "\(r)")
        let short = "\"" + String(repeating: "k", count: 60) + "…\" (\(length) characters)"
        let expected = [
            "error": short,
            // Longer than any label: fails at once (red-team 16 B-F2).
            "tap":
                "tap(\(short)): the label is \(length) bytes long; no accessibility label is longer than 1024 bytes, so it can never match",
            "value": "expect.value(\"Go\", \(short)): no element labelled \"Go\" in scene \"home\"",
            "to_be": "expected \(short) to be \"b\"",
        ]
        let json = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json"))))
        for outcome in json.files.flatMap(\.outcomes) {
            let message = outcome.failure?.message ?? ""
            #expect(outcome.verdict == .failed, "\(outcome.name)")
            #expect(message.contains(expected[outcome.name] ?? "?"), "\(outcome.name): \(message)")
            #expect(message.contains("(\(length) characters)"), "\(outcome.name): \(message)")
            #expect(message.count < 2_000, "\(outcome.name): \(message.count) characters")
            // Within the 3 s limit and one frame's work, with room for a loaded machine.
            #expect((outcome.wallSeconds ?? 99) < 20, "\(outcome.name): \(outcome.wallSeconds ?? -1) s")
        }
    }

    /// Red-team 10 m6: a long label holding `"` or `\\` was quoted raw in the reason (so the
    /// message could not be read back and was cut before `in scene`), a label of backslashes
    /// was shortened to nothing, and one label got two lengths (its escaped one in the call).
    /// Every copy is escaped alike, shortened to a visible start, counted in its own characters.
    /// (Each label within the longest a label may be, 1 KiB, so the tap looks for it.)
    @Test(arguments: [("x\\\"y", 300, "x\\\"yx\\\"y", 900), ("\\\\", 1_000, "\\\\\\\\", 1_000)])
    func aLongLabelWithEscapesReadsTheSameInEveryCopy(unit: String, count: Int, start: String, characters: Int)
        throws
    {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "e.lua",
            "prototype \"Proto\"\ntest(\"t\", function() tap(string.rep('\(unit)', \(count)), {timeout = 0}) end)\n")
        let r = try Sceneflow.run(["test", "e.lua", "--json", "r.json"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        let json = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json"))))
        let message = json.files.flatMap(\.outcomes).first?.failure?.message ?? ""
        #expect(message.hasPrefix("tap(\"\(start)"), "\(message)")
        #expect(message.contains("no element labelled \"\(start)"), "\(message)")
        #expect(message.components(separatedBy: "…\" (\(characters) characters)").count == 3, "\(message)")
        #expect(message.contains("in scene \"home\""), "\(message)")
    }
}
