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
