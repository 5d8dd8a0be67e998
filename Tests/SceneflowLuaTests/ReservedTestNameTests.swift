import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// A test may not take the name reports give a failing after_all hook's entry: a test named
/// "(after_all)" beside that entry made two entries of one name in the console, TAP and JUnit,
/// one passed and one failed, and nothing told which was the hook (red-team 15 A3). Every
/// declaring function, in every form, refuses it at its line; a name that only contains it
/// is any name.
@Suite struct ReservedTestNameTests {
    @Test(arguments: ["test", "skip", "only"], DeclaredTextEncodingTests.forms)
    func theAfterAllEntrysNameIsALoadError(_ function: String, _ form: String) throws {
        let reason = function == "skip" ? ", \"why\"" : ""
        let code = DeclaredTextEncodingTests.rewrite("\(function)(\"(after_all)\", function() end\(reason))", form)
        let path = ScriptAPIHarness.write("test(\"first\", function() end)\n\(code)\n")
        let loaded = Result { try ScriptRuntime(scriptPath: path) }
        guard case .failure(let error) = loaded, let list = error as? DiagnosticList, let first = list.diagnostics.first
        else {
            Issue.record("\(code) loaded: \(loaded)")
            return
        }
        #expect(
            first.message.contains(
                "the name \"(after_all)\" is the one reports give a failing after_all hook's entry; choose another"),
            "\(code): \(first.message)")
        #expect(first.line == 3, "\(code): \(first)")
    }

    @Test func aNameThatOnlyContainsItLoads() throws {
        let path = ScriptAPIHarness.write(
            "test(\"after (after_all)\", function() end)\ntest(\"after_all\", function() end)\n")
        let runtime = try ScriptRuntime(scriptPath: path)
        #expect(runtime.tests.map(\.name) == ["after (after_all)", "after_all"])
    }
}
