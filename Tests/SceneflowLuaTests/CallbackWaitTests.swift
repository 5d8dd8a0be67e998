import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// A Sceneflow call inside a callback that a function in C runs (string.gsub's replacement,
/// table.sort's comparator, tostring's `__tostring`) cannot wait there: Lua cannot yield across
/// a call into C. Such a call is refused with that reason, naming the C function; it was blamed
/// on "a coroutine of the script's own", which the test had none of (red-team 23 F3). Calls
/// that never wait (`expect.soft(x).<matcher>`, `step` around code that does not wait) run
/// there, as `expect(x).<matcher>` always did.
@Suite struct CallbackWaitTests {
    typealias H = ScriptAPIHarness

    static let waitingCalls = [
        "tap \"Continue\"", "expect.scene \"login\"", "expect.visible \"Continue\"", "expect.hidden \"Nope\"",
        "expect.count(\"Like\", 2)", "wait(0.1)", "wait_for \"Continue\"", "expect.soft.visible \"Continue\"",
        "within(\"Card\", function() end)", "with_timeout(1, function() end)",
    ]

    /// (the C function, the callback around `%CALL%`)
    static let callbacks: [(caller: String, code: String)] = [
        ("gsub", "string.gsub(\"a\", \"%w\", function(c) %CALL% end)"),
        ("sort", "table.sort({ 3, 2, 1 }, function(a, b) %CALL%; return a < b end)"),
        ("tostring", "tostring(setmetatable({}, { __tostring = function() %CALL%; return \"x\" end }))"),
    ]

    @Test(arguments: waitingCalls)
    func aWaitingCallInACallbackNamesTheReason(_ call: String) throws {
        for callback in Self.callbacks {
            let results = try H.run(
                "test(\"t\", function()\n\(callback.code.replacingOccurrences(of: "%CALL%", with: call))\nend)\n")
            let failure = try #require(results["t"]?.failure, "\(callback.caller): \(call) passed")
            #expect(
                failure.contains(": cannot wait inside a function that '\(callback.caller)' calls back"),
                "\(callback.caller): \(failure)")
            #expect(!failure.contains("coroutine of the script's own"), "\(failure)")
        }
    }

    @Test func callsThatNeverWaitRunInACallback() throws {
        let results = try H.run(
            """
            test("soft holds", function()
              table.sort({ 3, 2, 1 }, function(a, b) expect.soft(a).to_be_truthy(); return a < b end)
            end)
            test("soft fails", function()
              string.gsub("ab", "%w", function(c) expect.soft(c).to_be("a") end)
            end)
            test("step", function()
              local seen = string.gsub("a", "%w", function(c) return step("inner", function() return c .. "!" end) end)
              expect(seen).to_be("a!")
            end)
            """)
        #expect(results["soft holds"]?.failure == nil, "\(results["soft holds"]?.failure ?? "")")
        let soft = try #require(results["soft fails"]?.failure)
        #expect(soft.contains("1 soft expectation failed"), "\(soft)")
        #expect(results["step"]?.failure == nil, "\(results["step"]?.failure ?? "")")
    }

    /// A coroutine of the script's own keeps its reason.
    @Test func aCoroutineOfTheScriptsOwnKeepsItsReason() throws {
        let results = try H.run(
            "test(\"t\", function()\nlocal ok, e = coroutine.resume(coroutine.create(function() tap \"Continue\" end))\nerror(e, 0)\nend)\n"
        )
        let failure = try #require(results["t"]?.failure)
        #expect(failure.contains("(not in a coroutine of the script's own)"), "\(failure)")
    }

    /// Whatever catches the refusal, the test fails: `load` swallows its reader's errors, and a
    /// script's `pcall` around `table.sort` or `string.gsub` caught it, and the test passed with
    /// the call never run (red-team 25 F1). Every catcher, callback and waiting call; in
    /// `before_each` and `after_each` too.
    @Test(arguments: waitingCalls)
    func aCaughtRefusalStillFailsTheTest(_ call: String) throws {
        let catchers: [(caller: String, code: String)] = [
            ("load", "load(function() %CALL% end)"),
            ("load", "pcall(load, function() %CALL% end)"),
            ("sort", "pcall(table.sort, { 2, 1 }, function(a, b) %CALL%; return a < b end)"),
            ("gsub", "pcall(string.gsub, \"a\", \"a\", function() %CALL% end)"),
            ("tostring", "pcall(tostring, setmetatable({}, { __tostring = function() %CALL%; return \"x\" end }))"),
            ("gsub", "xpcall(string.gsub, function() end, \"a\", \"a\", function() %CALL% end)"),
        ]
        for catcher in catchers {
            let code = catcher.code.replacingOccurrences(of: "%CALL%", with: call)
            let scripts = [
                "test(\"t\", function()\n\(code)\nend)\n",
                "before_each(function() \(code) end)\ntest(\"t\", function() end)\n",
                "after_each(function() \(code) end)\ntest(\"t\", function() end)\n",
            ]
            for script in scripts {
                let failure = try #require(try H.run(script)["t"]?.failure, "\(script) passed")
                #expect(
                    failure.contains(": cannot wait inside a function that '\(catcher.caller)' calls back"),
                    "\(script): \(failure)")
                #expect(failure.contains("refused whatever caught the refusal; the test fails anyway)"), "\(failure)")
            }
        }
    }
}
