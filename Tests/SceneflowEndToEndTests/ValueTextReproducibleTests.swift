import Foundation
import Testing

/// Reports are reproducible (Reports: only `wallSeconds` and `startedAt` differ between two
/// runs of the same suite), so no message or log holds a memory address: an error value
/// that is not a string (`error({})` in a hook, a test, an action) reads as Lua's own
/// interpreter says it, "(error object is a table value)", or through its `__tostring`; a
/// logged table or function is written as Lua would write it (`{x = 1}`, `<function>`); a
/// table key in a message is shown by its contents. Checked in the console, JSON, JUnit, TAP
/// and HTML of two runs.
@Suite struct ValueTextReproducibleTests {
    static let script = """
        prototype "Proto"
        local Problem = { __tostring = function(p) return "problem " .. p.code end }
        test("in a test", function() error({ code = 3 }) end)
        test("a function", function() error(print) end)
        test("a class", function() error(setmetatable({ code = 7 }, Problem)) end)
        test("logs values", function() log.message({ b = 2, a = { 1 } }, print, coroutine.create(print)); print({}, {}); log.warn({[{}] = 1, [{ 2 }] = 2}) end)
        test("keys", function() expect({[{ "k" }] = 1, [{ "j" }] = 2}).to_equal({}) end)
        test("options", function() tap("Open", {[{}] = 1}) end)
        test("state key", function() expect.state({}, 1) end)
        test("error and soft", function() expect.soft.scene "detail"; error({}) end)
        test("action", function() tap "Open" end)
        """

    /// Hooks whose error value is a table, a function and a thread, one file each.
    static let hooks = [
        "h1.lua": "prototype \"Proto\"\nbefore_each(function() error({}) end)\ntest(\"t\", function() end)\n",
        "h2.lua": "prototype \"Proto\"\nafter_each(function() error(print) end)\ntest(\"t\", function() end)\n",
        "h3.lua":
            "prototype \"Proto\"\nafter_all(function() error(coroutine.create(print)) end)\ntest(\"t\", function() end)\n",
    ]

    /// One run's console, JSON, JUnit, TAP and HTML, times taken out.
    static func run(_ tmp: TempFolder) throws -> String {
        for name in ["r.json", "r.xml", "rep"] { try? FileManager.default.removeItem(atPath: tmp.file(name)) }
        let run = try Sceneflow.run(
            ["test", "v.lua", "h1.lua", "h2.lua", "h3.lua", "--json", "r.json", "--junit", "r.xml", "--report", "rep"],
            in: tmp.url)
        #expect(run.didNotCrash, "\(run)")
        #expect(run.status == 1, "\(run)")
        let tap = try Sceneflow.run(["test", "v.lua", "h1.lua", "h2.lua", "h3.lua", "--tap"], in: tmp.url)
        var text = run.output + "\n" + tap.output
        for name in ["r.json", "r.xml", "rep/index.html"] {
            text += "\n" + (try String(contentsOfFile: tmp.file(name), encoding: .utf8))
        }
        // Times differ between runs by design: wallSeconds, startedAt and the console's.
        let times = [
            #""wallSeconds" : [0-9.e+-]+"#, #""startedAt" : "[^"]*""#, #"time="[^"]*""#, #"timestamp="[^"]*""#,
            #"[0-9]+(\.[0-9]+)? m?s(?=(, | · )[0-9.e+-]+ s clock)"#, #"[0-9.]+ (ms|s) of real time"#, #"Started [^<]*"#,
            #"duration_ms: [0-9.]+"#,
            #"<td[^>]*>[0-9.]+ m?s</td>"#, #"[0-9]+(\.[0-9]+)? s total"#,
        ]
        for pattern in times {
            text = text.replacingOccurrences(of: pattern, with: "TIME", options: .regularExpression)
        }
        return text
    }

    @Test func noAddressInAnyReportAndTwoRunsAgree() throws {
        let tmp = try TempFolder()
        try tmp.prototype(
            scenes: """
                    home = { image = "home.png", elements = {
                      { label = "Open", frame = { 2, 10, 30, 20 }, on_tap = function() error({}) end } } },
                    detail = { image = "detail.png" },
                """)
        try tmp.write("v.lua", Self.script)
        for (name, text) in Self.hooks { try tmp.write(name, text) }
        let first = try Self.run(tmp)
        let address = try NSRegularExpression(pattern: "0x[0-9a-fA-F]{4,}")
        let found = address.matches(in: first, range: NSRange(first.startIndex..., in: first)).map {
            String(first[Range($0.range, in: first)!])
        }
        #expect(found.isEmpty, "addresses in the reports: \(found)\n\(first)")
        for expected in [
            "in before_each: (error object is a table value)", "in after_each: (error object is a function value)",
            "in after_all: (error object is a thread value)", "(error object is a table value)", "problem 7",
            "{a = {1}, b = 2} <function> <thread>", "{} {}", "{[{2}] = 2, [{}] = 1}",
            "expected {[{\"j\"}] = 2, [{\"k\"}] = 1} to equal {}", "unknown option {}",
        ] {
            #expect(first.contains(expected), "missing \(expected)\n\(first)")
        }
        let second = try Self.run(tmp)
        #expect(first == second, "two runs differ beyond their times")
        if first != second {
            let a = first.split(separator: "\n", omittingEmptySubsequences: false)
            let b = second.split(separator: "\n", omittingEmptySubsequences: false)
            for (x, y) in zip(a, b) where x != y {
                Issue.record("first differing line:\n\(x)\n\(y)")
                break
            }
        }
    }
}
