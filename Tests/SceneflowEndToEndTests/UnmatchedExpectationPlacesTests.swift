import Foundation
import Testing

/// `expect(x)` with no matcher checks nothing, so it fails wherever it stands (red-team 10 m2
/// fixed it inside tests only: in `after_all` or at a script's top level it still passed
/// silently). Inside a hook it fails what the hook's errors fail (the test, or the file's
/// `(after_all)` entry); at the top level of a script or of a helper it requires, it is a load
/// error at its line, as a failing expectation there is.
@Suite struct UnmatchedExpectationPlacesTests {
    static let reason = "expect(x) was given no matcher (such as expect(x).to_be(y)), so it checked nothing"

    @Test(
        arguments: [
            ("before_all", ["u.lua: a": "failed", "u.lua: b": "failed"]),
            ("before_each", ["u.lua: a": "failed", "u.lua: b": "failed"]),
            ("after_each", ["u.lua: a": "failed", "u.lua: b": "failed"]),
            ("after_all", ["u.lua: a": "passed", "u.lua: b": "passed", "u.lua: (after_all)": "failed"]),
        ], [["--jobs", "1"], ["--jobs", "2"]])
    func anExpectationWithNoMatcherInAHookFailsWhatTheHookRanFor(_ hook: (String, [String: String]), _ mode: [String])
        throws
    {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "u.lua",
            "prototype \"Proto\"\n\(hook.0)(function() expect(1) end)\ntest(\"a\", function() end)\ntest(\"b\", function() end)\n"
        )
        let r = try Sceneflow.run(["test", "u.lua", "--json", "r.json", "--junit", "j.xml"] + mode, in: tmp.url)
        #expect(r.status == 1, "\(hook.0) \(mode): \(r)")
        let outcomes = try AfterAllVerdictTests.outcomes(tmp.file("r.json"))
        #expect(outcomes.mapValues { String($0.prefix { $0 != ":" }) } == hook.1, "\(hook.0) \(mode): \(outcomes)")
        for (name, outcome) in outcomes where outcome.hasPrefix("failed") {
            #expect(outcome.contains(Self.reason), "\(name): \(outcome)")
        }
        // At the hook's line (after_all's failure says it is after_all's, as any other).
        let shown = "u.lua:2: " + (hook.0 == "after_all" ? "in after_all: " : "") + Self.reason
        #expect(r.stdout.contains(shown), "\(hook.0) \(mode): \(r.stdout)")
        let junit = try String(contentsOfFile: tmp.file("j.xml"), encoding: .utf8)
        #expect(junit.contains(Self.reason), "\(hook.0) \(mode): \(junit)")
    }

    /// Every hook's own unmatched expectation is reported, whatever failed before it: the test's
    /// body by `error()` or by the watchdog (its after_each hooks then run in a fresh load), or an
    /// earlier hook of the same kind. Red-team 34 C5: after a failed body the after_each hook's
    /// was dropped, and of two hooks only the first one's was reported.
    @Test(
        arguments: ["before_each", "after_each", "after_all"],
        ["", "error(\"plain\")", "while true do end"])
    func eachHooksUnmatchedExpectationIsReportedWhateverFailedBefore(_ hook: String, _ body: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "u.lua",
            """
            prototype "Proto"
            \(hook)(function() print("H1 ran") end)
            \(hook)(function() local e = expect(2) end)
            \(hook)(function() local e = expect.soft(3) end)
            test("a", function() \(body) end)

            """)
        let r = try Sceneflow.run(["test", "u.lua", "--json", "r.json", "--timeout", "2"], in: tmp.url)
        #expect(r.status == 1, "\(hook) \(body): \(r)")
        let outcomes = try AfterAllVerdictTests.outcomes(tmp.file("r.json"))
        let entry = hook == "after_all" ? "u.lua: (after_all)" : "u.lua: a"
        let failure = try #require(outcomes[entry], "\(outcomes)")
        // Both hooks' (the report keeps the first part's place apart, as the console shows it).
        #expect(failure.components(separatedBy: Self.reason).count == 3, "\(hook) \(body): \(failure)")
        for line in [3, 4] { #expect(r.stdout.contains("u.lua:\(line): "), "\(hook) \(body): \(r.stdout)") }
        // The body's own failure stays first (before_each's failure keeps the body from running).
        guard hook != "before_each", let test = outcomes["u.lua: a"] else { return }
        if body.hasPrefix("error") { #expect(test.contains("plain"), "\(outcomes)") }
        if body.hasPrefix("while") { #expect(test.contains("more than 2 s"), "\(outcomes)") }
    }

    /// At the top level of the script, or of a helper it requires: a load error at the line.
    @Test(arguments: [false, true])
    func anExpectationWithNoMatcherAtTheTopLevelIsALoadError(_ inHelper: Bool) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        if inHelper {
            try tmp.write("helper.lua", "local M = {}\nexpect.soft(2)\nreturn M\n")
            try tmp.write("u.lua", "prototype \"Proto\"\nlocal h = require(\"helper\")\ntest(\"a\", function() end)\n")
        } else {
            try tmp.write("u.lua", "prototype \"Proto\"\nexpect(1)\ntest(\"a\", function() end)\n")
        }
        let r = try Sceneflow.run(["test", "u.lua", "--json", "r.json"], in: tmp.url)
        #expect(r.status == 65, "\(r)")
        let place = inHelper ? "helper.lua:2: " : "u.lua:2: "
        #expect(r.stdout.contains(place + Self.reason), "\(r.stdout)")
        let json = try String(contentsOfFile: tmp.file("r.json"), encoding: .utf8)
        #expect(json.contains(Self.reason), "\(json)")
    }
}
