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

    /// Red-team 45 A W1: `"(after_all) "` (a trailing space) and `"(after_all)"` with a
    /// zero-width space, a no-break space or in full-width parentheses loaded, and every report
    /// showed two entries reading "(after_all)". A name any report shows as the entry's is
    /// refused, as two tests' look-alike names are.
    @Test(arguments: ["(after_all) ", "(after_all)\u{200B}", " (after_all)", "(after_all)\u{00A0}", "(after_all)\t"])
    func aNameThatLooksLikeItIsALoadError(_ name: String) throws {
        let escaped = name.unicodeScalars.map {
            $0.isASCII && $0.value >= 0x20 ? String($0) : "\\u{\(String($0.value, radix: 16))}"
        }
        .joined()
        let path = ScriptAPIHarness.write("test(\"first\", function() end)\ntest(\"\(escaped)\", function() end)\n")
        let loaded = Result { try ScriptRuntime(scriptPath: path) }
        guard case .failure(let error) = loaded, let list = error as? DiagnosticList, let first = list.diagnostics.first
        else {
            Issue.record("\(escaped) loaded: \(loaded)")
            return
        }
        #expect(first.message.contains("looks the same as \"(after_all)\""), "\(escaped): \(first.message)")
        #expect(
            first.message.contains("the entry reports give a failing after_all hook"), "\(escaped): \(first.message)")
        #expect(first.line == 3, "\(escaped): \(first)")  // the harness adds a first line
    }
}
