import Foundation
import Testing

/// A `log.warn` in a hook is a warning of the tests it ran for, in every report alike and
/// whatever the order (red-team finding m2: in `before_all` it became a plain message and no
/// test warned). `before_all` runs before every test of its file (again in each fresh Lua
/// state), so each test passes with its warning; `before_each` and `after_each` are their
/// test's; `after_all` runs once after them all, so its warning is its own `(after_all)` entry,
/// passed with warnings, as a failing one is its own failed entry. No verdict moves with
/// `--reverse`, `--filter` or `--jobs` (red-team findings n10 and o15).
@Suite struct HookWarningVerdictTests {
    @Test(
        arguments: ["before_all", "before_each", "after_each", "after_all"],
        [
            [], ["--reverse"], ["--filter", "b"], ["--jobs", "2"],
        ])
    func aHookWarningWarnsTheTestsItRanFor(_ hook: String, _ mode: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "w.lua",
            "prototype \"Proto\"\n\(hook)(function() log.warn(\"hook warns\") end)\ntest(\"a\", function() end)\ntest(\"b\", function() end)\n"
        )
        let r = try Sceneflow.run(["test", "w.lua", "--json", "r.json", "--junit", "j.xml"] + mode, in: tmp.url)
        let tap = try Sceneflow.run(["test", "w.lua", "--tap"] + mode, in: tmp.url)
        #expect(r.status == 0 && tap.status == 0, "\(r)\n\(tap)")
        let ran = mode == ["--filter", "b"] ? ["b"] : ["a", "b"]
        var expected = Dictionary(uniqueKeysWithValues: ran.map { ("w.lua: \($0)", "warned: ") })
        if hook == "after_all" {
            expected = Dictionary(uniqueKeysWithValues: ran.map { ("w.lua: \($0)", "passed: ") })
            expected["w.lua: (after_all)"] = "warned: "
        }
        #expect(try AfterAllVerdictTests.outcomes(tmp.file("r.json")) == expected, "\(hook) \(mode)")
        let warned = expected.values.filter { $0.hasPrefix("warned") }.count
        // The console: a WARN line and the warning at the hook's line for each warned entry.
        #expect(r.stdout.components(separatedBy: "w.lua:2: warning: hook warns").count - 1 == warned, "\(r.stdout)")
        #expect(r.stdout.components(separatedBy: "  WARN  ").count - 1 == warned, "\(r.stdout)")
        #expect(r.stdout.contains("(\(warned) passed with warnings)"), "\(r.stdout)")
        // TAP: a YAML block with the warning for each; JUnit: PASSED WITH WARNINGS for each.
        #expect(tap.stdout.components(separatedBy: "verdict: \"passed with warnings\"").count - 1 == warned, "\(tap)")
        #expect(tap.stdout.components(separatedBy: "    - message: \"hook warns\"").count - 1 == warned, "\(tap)")
        let junit = try String(contentsOfFile: tmp.file("j.xml"), encoding: .utf8)
        #expect(junit.components(separatedBy: "PASSED WITH WARNINGS").count - 1 == warned, "\(junit)")
        #expect(!junit.contains("warning (in"), "\(junit)")
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
