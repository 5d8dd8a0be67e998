import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// A failure inside a `require`d helper (issue 20) names the helper's file and line, with a
/// short traceback up to the test's line: expectations, Lua errors and `error()` alike.
@Suite struct HelperTracebackTests {
    typealias H = ScriptAPIHarness

    static let helper = """
        local M = {}
        function M.sign_in()
          tap "Continue"
          expect.scene("google", {timeout = 0})
        end
        function M.boom()
          local t = nil
          return t.x
        end
        function M.outer() M.sign_in() end
        function M.check() expect.soft.scene("google", {timeout = 0}) end
        return M
        """

    static func run(_ body: String) throws -> ScriptAPIHarness.Result {
        let script = "local login = require \"lib.login\"\ntest(\"t\", function()\n\(body)\nend)\n"
        return try #require(try H.run(script, extra: ["lib/login.lua": helper])["t"])
    }

    /// The script's folder as the failure names it (`/tmp/…/`), from the helper's path.
    static func folder(_ r: ScriptAPIHarness.Result) -> String {
        String((r.file ?? "").dropLast("lib/login.lua".count))
    }

    @Test func anExpectationInAHelperNamesTheHelpersLineAndTheTestsLine() throws {
        let r = try Self.run("  login.sign_in()")
        #expect(r.file?.hasSuffix("/lib/login.lua") == true, "\(r.file ?? "")")
        #expect(r.line == 4)
        // The traceback names files from the working directory, as the failure's own place does.
        let f = Self.folder(r)
        #expect(
            r.failure
                == "expect.scene(\"google\"): expected scene \"google\" but the current scene is \"home\"\n    at \(f)lib/login.lua:4 (in sign_in)\n    at \(f)walk.lua:4"
        )
    }

    @Test func nestedHelpersAndLuaErrorsGetTheTracebackToo() throws {
        let nested = try Self.run("  login.outer()")
        #expect(nested.line == 4)
        let f = Self.folder(nested)
        #expect(
            nested.failure?.hasSuffix(
                "\n    at \(f)lib/login.lua:4 (in sign_in)\n    at \(f)lib/login.lua:10 (in outer)\n    at \(f)walk.lua:4"
            )
                == true, "\(nested.failure ?? "")")
        let boom = try Self.run("  local x = 1\n  login.boom()")
        #expect(boom.file?.hasSuffix("/lib/login.lua") == true)
        #expect(boom.line == 8)
        #expect(
            boom.failure
                == "attempt to index a nil value (local 't')\n    at \(Self.folder(boom))lib/login.lua:8 (in boom)\n    at \(Self.folder(boom))walk.lua:5",
            "\(boom.failure ?? "")")
    }

    @Test func failuresInTheScriptItselfKeepTheirPlainForm() throws {
        let r = try Self.run("  expect.scene(\"home\", {timeout = 0})")
        #expect(r.file?.hasSuffix("/walk.lua") == true)
        #expect(r.failure == "expect.scene(\"home\"): expected scene \"home\" but the current scene is \"login\"")
    }

    @Test func softFailuresInAHelperNameItsPlace() throws {
        let r = try Self.run("  login.check()\n  expect.soft(1).to_be(2)")
        #expect(
            r.failure
                == "2 soft expectations failed:\n  lib/login.lua:11, called from line 4: expect.scene(\"google\"): expected scene \"google\" but the current scene is \"login\"\n  line 5: expected 1 to be 2",
            "\(r.failure ?? "passed")")
    }

    @Test func anErrorWhileAHelperLoadsNamesTheHelpersLine() throws {
        do {
            _ = try H.run(
                "local bad = require \"lib.bad\"\ntest(\"t\", function() end)",
                extra: ["lib/bad.lua": "local x = 1\nerror(\"no config\")\n"])
            Issue.record("the script loaded")
        } catch let error as DiagnosticList {
            let d = try #require(error.diagnostics.first)
            #expect(d.file.hasSuffix("/lib/bad.lua") && d.line == 2 && d.message == "no config", "\(d)")
        }
    }
}
