import Foundation
import Testing

/// A `log.warn` in `before_all` or `after_all` moves no verdict: those hooks run with
/// whichever test comes first or last, so as a warning it made that test "passed with
/// warnings" and the verdicts changed with `--reverse` or `--filter` (red-team findings n10
/// and o15). The warning stays in that test's log, marked with its hook.
@Suite struct HookWarningVerdictTests {
    @Test(arguments: ["before_all", "after_all"], [[], ["--reverse"], ["--filter", "b"], ["--jobs", "2"]])
    func aHookWarningMovesNoVerdict(_ hook: String, _ mode: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "w.lua",
            "prototype \"Proto\"\n\(hook)(function() log.warn(\"hook warns\") end)\ntest(\"a\", function() end)\ntest(\"b\", function() end)\n"
        )
        let r = try Sceneflow.run(["test", "w.lua", "--json", "r.json"] + mode, in: tmp.url)
        #expect(r.status == 0, "\(r)")
        let verdicts = try VerdictIsolationTests.verdicts(tmp.file("r.json")).tests
        #expect(verdicts.values.allSatisfy { $0 == "passed" }, "\(hook) \(mode): \(verdicts)")
        let json = try String(contentsOfFile: tmp.file("r.json"), encoding: .utf8)
        #expect(json.contains("warning (in \(hook)): hook warns"), "\(json)")
    }
}

/// `--param-env` refuses a variable whose value is not valid UTF-8, as `--param` refuses such
/// a value (red-team finding o5: the script got U+FFFD in its place without a word).
@Suite struct ParamEnvEncodingTests {
    @Test func aValueThatIsNotUTF8IsRefused() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("p.lua", "prototype \"Proto\"\ntest(\"t\", function() log.message(param(\"X\")) end)\n")
        let folder = try #require(Sceneflow.binary).deletingLastPathComponent().path
        let r = try Sceneflow.run(
            ["-c", "X=$'a\\xffb' '\(folder)/sceneflow' test p.lua --param-env X"], in: tmp.url,
            executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("--param-env: the variable X is not valid UTF-8 text"), "\(r.stderr)")
    }
}

/// The last test's time is its own: the after_all hooks that ran at its end have theirs in the
/// `(after_all)` entry (red-team finding o1: a 2 s after_all made its test "2 s").
@Suite struct AfterAllTimeTests {
    @Test func theLastTestsTimeLeavesTheHooksOut() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "t.lua",
            """
            prototype "Proto"
            after_all(function() local t = os.clock() while os.clock() - t < 3 do end error("slow hook") end)
            test("quick", function() end)

            """)
        let r = try Sceneflow.run(["test", "t.lua", "--json", "r.json"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
                as? [String: Any])
        let outcomes = try #require(((json["files"] as? [[String: Any]])?.first?["outcomes"]) as? [[String: Any]])
        let quick = try #require(outcomes.first { $0["name"] as? String == "quick" }?["wallSeconds"] as? Double)
        let hook = try #require(outcomes.first { $0["name"] as? String == "(after_all)" }?["wallSeconds"] as? Double)
        #expect(hook >= 3, "\(hook)")
        #expect(quick < hook - 1.5, "the test's time holds the hook's: \(quick) s against \(hook) s")
    }
}
