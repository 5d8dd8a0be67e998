import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Every text a script hands Sceneflow for its reports is bounded before it leaves Lua (red-team
/// finding Q5: 500 steps named with 1 MiB each made the runner grind for minutes past
/// `--timeout`): a step's name is cut as its call text is, a skip reason is cut, and tags are
/// bounded like test names (a tag too long or too many tags is a load error at its line).
@Suite struct DeclaredTextLimitTests {
    @Test(arguments: [1_025, 5_000, 1 << 20])
    func aStepNameIsCutAtOneKiB(length: Int) throws {
        let result = try ScriptAPIHarness.one(
            "local s = string.rep(\"é\", \(length / 2)) .. \"n\"\nstep(s, function() end)\nstep(s .. \"2\", function() end)"
        )
        #expect(result.step == .passed, "\(String(describing: result.step))")
        let groups = result.steps.compactMap(\.group)
        #expect(groups.count == 2)
        for group in groups {
            #expect(group.utf8.count <= TestRecordLimits.callBytes + 40, "\(group.utf8.count)")
            #expect(group.hasSuffix("more bytes)") && group.hasPrefix("éé"), "\(group.suffix(40))")
        }
        for step in result.steps { #expect(step.call.utf8.count <= TestRecordLimits.callBytes + 40) }
    }

    @Test func aShortStepNameIsKeptWhole() throws {
        let name = String(repeating: "a", count: TestRecordLimits.callBytes)
        let result = try ScriptAPIHarness.one("step(\"\(name)\", function() end)")
        #expect(result.steps.first?.group == name)
    }

    @Test(arguments: [1_025, 20 << 20])
    func aSkipReasonIsCut(length: Int) throws {
        let path = ScriptAPIHarness.write(
            "skip(\"later\", function() end, string.rep(\"r\", \(length)))\ntest(\"t\", function() end)\n")
        let runtime = try ScriptRuntime(scriptPath: path)
        let reason = try #require(runtime.tests.first?.skipReason)
        #expect(reason.utf8.count < 1_100 && reason.hasSuffix("\(length - 1_024) more bytes)"), "\(reason.suffix(40))")
    }

    @Test(arguments: [
        ("tags = {string.rep(\"t\", 1025)}", "tag 1 is 1025 bytes long; at most 1024"),
        (
            "tags = (function() local t = {} for i = 1, 257 do t[i] = \"t\" .. i end return t end)()",
            "257 tags; at most 256"
        ),
    ])
    func tagsAreBoundedLikeNames(options: String, message: String) throws {
        let path = ScriptAPIHarness.write("test(\"t\", { \(options) }, function() end)\n")
        let loaded = Result { try ScriptRuntime(scriptPath: path) }
        guard case .failure(let error) = loaded, let list = error as? DiagnosticList, let first = list.diagnostics.first
        else {
            Issue.record("expected a load error naming \(message), got \(loaded)")
            return
        }
        #expect(first.message.contains(message), "\(first.message)")
        #expect(first.line == 2, "\(first)")
    }
}
