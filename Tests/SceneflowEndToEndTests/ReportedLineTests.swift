import Foundation
import Testing

/// Every line a report shows that comes from a Lua debug record is a line of the file (1 or
/// more), however the script reached the call: directly, through `pcall` or `xpcall`, a local
/// alias, a coroutine (also one whose body is the API function itself), or a C function's
/// callback (`table.sort`'s comparator). `only()` through `pcall` was reported at line -1,
/// and `coroutine.wrap(test)` failed with Sceneflow's own "attempt to index a nil value".
/// `merge-reports` refuses a report holding a line below 1 as malformed.
@Suite struct ReportedLineTests {
    /// Ways a script calls an API function `f` with `args` at the line where the text is.
    static let ways: [(name: String, call: @Sendable (String, String) -> String)] = [
        ("direct", { f, args in "\(f)(\(args))" }),
        ("pcall", { f, args in "pcall(\(f), \(args))" }),
        ("xpcall", { f, args in "xpcall(\(f), function(e) return e end, \(args))" }),
        ("alias", { f, args in "local g = \(f); g(\(args))" }),
        ("coroutine body", { f, args in "coroutine.wrap(function() \(f)(\(args)) end)()" }),
        ("coroutine of the function", { f, args in "coroutine.wrap(\(f))(\(args))" }),
        ("coroutine.resume", { f, args in "coroutine.resume(coroutine.create(\(f)), \(args))" }),
        (
            "table.sort comparator",
            { f, args in "table.sort({ 2, 1 }, function(a, b) \(f)(\(args)); return a < b end)" }
        ),
    ]

    /// Every `"line"` number and `line="N"` / `line: N` / `file:N:` of `text`.
    static func lines(in text: String) -> [Int] {
        var found: [Int] = []
        for pattern in [#""line" : (-?\d+)"#, #"line="(-?\d+)""#, #"line: (-?\d+)"#, #"\.lua:(-?\d+)"#] {
            let regex = try! NSRegularExpression(pattern: pattern)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text), let n = Int(text[range]) { found.append(n) }
            }
        }
        return found
    }

    /// The console, JSON, JUnit (with `--junit-extras`), TAP and HTML of one run, joined.
    static func everyReport(_ arguments: [String], in tmp: TempFolder) throws -> (RunResult, String) {
        for name in ["r.json", "r.xml", "rep"] { try? FileManager.default.removeItem(atPath: tmp.file(name)) }
        let run = try Sceneflow.run(
            ["test"] + arguments + ["--json", "r.json", "--junit", "r.xml", "--junit-extras", "--report", "rep"],
            in: tmp.url)
        let tap = try Sceneflow.run(["test"] + arguments + ["--tap"], in: tmp.url)
        var text = run.output + tap.output
        for name in ["r.json", "r.xml", "rep/index.html"] {
            text += (try? String(contentsOfFile: tmp.file(name), encoding: .utf8)) ?? ""
        }
        return (run, text)
    }

    @Test(arguments: ways.indices)
    func onlyUnderForbidOnlyIsNamedAtItsLine(_ way: Int) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let call = Self.ways[way].call("only", "\"focused\", function() end")
        try tmp.write("f.lua", "prototype \"Proto\"\n\n\(call)\ntest(\"plain\", function() end)\n")
        let (run, text) = try Self.everyReport(["f.lua", "--forbid-only"], in: tmp)
        let name = Self.ways[way].name
        #expect(run.didNotCrash, "\(name): \(run)")
        #expect(run.status == 65, "\(name): \(run)")
        #expect(run.stdout.contains("f.lua:3: only(\"focused\") is not allowed"), "\(name): \(run)")
        #expect(!text.contains("attempt to"), "\(name): \(text)")
        #expect(Self.lines(in: text).allSatisfy { $0 >= 1 }, "\(name): \(Self.lines(in: text)) in \(text)")
        #expect(Self.lines(in: text).contains(3), "\(name): \(text)")
    }

    @Test(arguments: ways.indices)
    func aDeclaredTestHasItsLineInEveryReport(_ way: Int) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let name = Self.ways[way].name
        let declare = Self.ways[way].call("test", "\"declared\", function() error(\"boom\") end")
        let skipped = Self.ways[way].call("skip", "\"skipped\", function() end, \"later\"")
        try tmp.write("t.lua", "prototype \"Proto\"\n\n\(declare)\n\(skipped)\n")
        let (run, text) = try Self.everyReport(["t.lua"], in: tmp)
        #expect(run.didNotCrash, "\(name): \(run)")
        #expect(run.status == 1, "\(name): \(run)")
        let json = try String(contentsOfFile: tmp.file("r.json"), encoding: .utf8)
        #expect(json.contains("\"line\" : 3"), "\(name): \(json)")
        #expect(json.contains("\"line\" : 4"), "\(name): \(json)")
        #expect(Self.lines(in: text).allSatisfy { $0 >= 1 }, "\(name): \(Self.lines(in: text))")
        #expect(!text.contains("attempt to index"), "\(name): \(text)")
    }

    @Test(arguments: ways.indices)
    func aBadDeclarationIsRefusedAtItsLine(_ way: Int) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let name = Self.ways[way].name
        // An empty name. A refusal the script's pcall, xpcall or coroutine caught is still a
        // load error at its line (red-team 22 F3: the tests after it failed or passed by order).
        let call = Self.ways[way].call("test", "\"\", function() end")
        try tmp.write("b.lua", "prototype \"Proto\"\n\(call)\ntest(\"kept\", function() end)\n")
        let (run, text) = try Self.everyReport(["b.lua"], in: tmp)
        #expect(run.didNotCrash, "\(name): \(run)")
        #expect(Self.lines(in: text).allSatisfy { $0 >= 1 }, "\(name): \(Self.lines(in: text))")
        #expect(run.status == 65, "\(name): \(run)")
        #expect(run.stdout.contains("b.lua:2: test: expected a name"), "\(name): \(run)")
    }

    /// An expectation reached through an alias, a C callback or a coroutine of the script's
    /// own fails at the script's line (a coroutine's: the line that resumed it).
    @Test(arguments: ways.indices)
    func anExpectationFailsAtTheScriptsLine(_ way: Int) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let name = Self.ways[way].name
        let call = Self.ways[way].call("expect.scene", "\"detail\"")
        try tmp.write("e.lua", "prototype \"Proto\"\ntest(\"t\", function()\n  \(call)\nend)\n")
        let (run, text) = try Self.everyReport(["e.lua"], in: tmp)
        #expect(run.didNotCrash, "\(name): \(run)")
        #expect(Self.lines(in: text).allSatisfy { $0 >= 1 }, "\(name): \(Self.lines(in: text))")
        // pcall and xpcall catch the failure as any error; every other way fails the test.
        if !name.hasSuffix("pcall") {
            #expect(run.status == 1, "\(name): \(run)")
            #expect(run.stdout.contains("e.lua:3: "), "\(name): \(run)")
        }
    }

    /// `error(...)` through every way: a caught error passes, any other fails at a line >= 1.
    @Test(arguments: ways.indices)
    func anErrorIsPlacedAtALineOfTheFile(_ way: Int) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let name = Self.ways[way].name
        let call = Self.ways[way].call("error", "\"boom\"")
        try tmp.write("x.lua", "prototype \"Proto\"\ntest(\"t\", function()\n  \(call)\nend)\n")
        let (run, text) = try Self.everyReport(["x.lua"], in: tmp)
        #expect(run.didNotCrash, "\(name): \(run)")
        #expect(Self.lines(in: text).allSatisfy { $0 >= 1 }, "\(name): \(Self.lines(in: text))")
        #expect(!text.contains("[sceneflow"), "\(name): \(text)")
    }

    /// A prototype action made through `pcall` (`pcall(go, "detail")`) gets a line of
    /// prototype.lua, never -1, in `check` and `test` alike.
    @Test func anActionMadeThroughPcallLoads() throws {
        let tmp = try TempFolder()
        try tmp.prototype(
            scenes: """
                    home = { image = "home.png", elements = {
                      { label = "Open", frame = { 2, 10, 30, 20 }, on_tap = select(2, pcall(go, "detail")) } } },
                    detail = { image = "detail.png" },
                """)
        try tmp.write(
            "a.lua", "prototype \"Proto\"\ntest(\"t\", function() tap \"Open\"; expect.scene \"detail\" end)\n")
        let check = try Sceneflow.run(["check", "Proto"], in: tmp.url)
        #expect(check.status == 0, "\(check)")
        let (run, text) = try Self.everyReport(["a.lua"], in: tmp)
        #expect(run.status == 0, "\(run)")
        #expect(Self.lines(in: text).allSatisfy { $0 >= 1 }, "\(Self.lines(in: text))")
    }

    /// merge-reports refuses a line below 1 wherever a report holds one: a load problem's, a
    /// test's, a failure's, a step's and a log entry's.
    @Test func mergeReportsRefusesALineBelowOne() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "m.lua", "prototype \"Proto\"\ntest(\"t\", function() print(\"hi\"); tap \"Open\"; error(\"x\") end)\n")
        try tmp.write("l.lua", "prototype \"Proto\"\ntest(\"\", function() end)\n")
        let r = try Sceneflow.run(["test", "m.lua", "l.lua", "--json", "s.json"], in: tmp.url)
        #expect(r.status == 65, "\(r)")
        let good = try Sceneflow.run(["merge-reports", "s.json", "--json", "m.json"], in: tmp.url)
        #expect(good.status == 1, "the report as written merges: \(good)")
        let original = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tmp.file("s.json"))))
                as? [String: Any])
        func edit(_ file: Int, _ change: @escaping (inout [String: Any]) -> Void) -> [String: Any] {
            var report = original
            var files = report["files"] as! [[String: Any]]
            change(&files[file])
            report["files"] = files
            return report
        }
        func outcome(_ change: @escaping (inout [String: Any]) -> Void) -> (inout [String: Any]) -> Void {
            { file in
                var outcomes = file["outcomes"] as! [[String: Any]]
                change(&outcomes[0])
                file["outcomes"] = outcomes
            }
        }
        let cases: [(String, [String: Any])] = [
            (
                "loadProblems[0].line",
                edit(1) { file in
                    var problems = file["loadProblems"] as! [[String: Any]]
                    problems[0]["line"] = -1
                    file["loadProblems"] = problems
                }
            ),
            ("outcomes[0].line", edit(0, outcome { $0["line"] = 0 })),
            ("outcomes[0].line", edit(0, outcome { $0["line"] = -1 })),
            (
                "outcomes[0].failure.line",
                edit(
                    0,
                    outcome { o in
                        var failure = o["failure"] as! [String: Any]
                        failure["line"] = -1
                        o["failure"] = failure
                    })
            ),
            (
                "outcomes[0].steps[0].line",
                edit(
                    0,
                    outcome { o in
                        var steps = o["steps"] as! [[String: Any]]
                        steps[0]["line"] = 0
                        o["steps"] = steps
                    })
            ),
            (
                "outcomes[0].log[0].line",
                edit(
                    0,
                    outcome { o in
                        var log = o["log"] as! [[String: Any]]
                        log[0]["line"] = -1
                        o["log"] = log
                    })
            ),
        ]
        for (place, report) in cases {
            try JSONSerialization.data(withJSONObject: report).write(to: URL(fileURLWithPath: tmp.file("bad.json")))
            let merged = try Sceneflow.run(["merge-reports", "bad.json", "--json", "out.json"], in: tmp.url)
            #expect(merged.status == 65, "\(place): \(merged)")
            #expect(merged.stderr.contains(place), "\(place): \(merged)")
            #expect(merged.stderr.contains("is not a line number"), "\(place): \(merged)")
        }
    }
}
