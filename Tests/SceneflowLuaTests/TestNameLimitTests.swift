import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Test names are capped at 1 KiB when declared (a red-team finding: 1 MiB names made every
/// test cost seconds of copying outside any Lua limit). A longer name is a load error at its
/// line, for `test`, `skip` and `only`; 1 024 bytes, also of multi-byte text, still load.
@Suite struct TestNameLimitTests {
    typealias H = ScriptAPIHarness

    @Test(arguments: ["test", "skip", "only"])
    func aNameOverOneKibibyteIsALoadErrorAtItsLine(_ function: String) throws {
        let path = H.write("-- a long name\n\(function)(string.rep(\"n\", 1025), function() end)\n")
        var caught: [Diagnostic] = []
        do {
            _ = try ScriptRuntime(scriptPath: path)
        } catch {
            caught = error.diagnostics
        }
        let d = try #require(caught.first, "a 1025-byte name loaded")
        #expect(d.line == 3, "the declaring line (after the harness's prototype line): \(d)")
        #expect(d.message.contains("the name is 1025 bytes long; at most 1024"), "\(d)")
    }

    @Test func namesUpToTheLimitLoad() throws {
        let ascii = H.write("test(string.rep(\"n\", 1024), function() end)\n")
        #expect(try ScriptRuntime(scriptPath: ascii).tests.first?.name.utf8.count == 1024)
        let wide = H.write("test(string.rep(\"日\", 341), function() end)\n")  // 1 023 bytes
        #expect(try ScriptRuntime(scriptPath: wide).tests.count == 1)
    }
}

/// Negative expectations never pass on a typo (red-team finding): `expect.hidden` of a label no
/// scene of the prototype has, and `expect.not_state` of a key the state does not have, fail
/// with did-you-mean, as `expect.not_scene` and `expect.not_value` already did; a real label
/// that is not on screen stays hidden.
@Suite struct NegativeTypoTests {
    @Test func typosFailAndRealLabelsStayHidden() throws {
        let results = try ScriptAPIHarness.run(
            """
            test("hidden typo", function() expect.hidden("Contniue", {timeout = 0}) end)
            test("not_state typo", function() expect.not_state("nokey", 1, {timeout = 0}) end)
            test("hidden real", function() expect.hidden("Page 1", {timeout = 0}) end)

            """)
        #expect(results["hidden typo"]?.failure?.contains("no scene of the prototype has an element labelled") == true)
        #expect(results["hidden typo"]?.failure?.contains("did you mean \"Continue\"") == true, "\(results)")
        #expect(results["not_state typo"]?.failure?.contains("the state has no key \"nokey\"") == true, "\(results)")
        #expect(results["hidden real"] != nil && results["hidden real"]?.failure == nil, "\(results)")
    }
}
