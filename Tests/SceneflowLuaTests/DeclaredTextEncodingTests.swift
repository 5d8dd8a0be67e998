import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Every text a script declares for its tests and reports must be valid UTF-8 text, or the
/// file does not load, with the line (red-team finding S2: a `skip()` reason that was not
/// valid UTF-8 was dropped on the way out of Lua, so the skipped test ran and was reported
/// passed or failed). Generated over every declaring function and form: plain, with options,
/// through `pcall` and through a local alias.
@Suite struct DeclaredTextEncodingTests {
    /// A declaration with a text that is not UTF-8 (`\255`), and what its load error says.
    static let declarations: [(code: String, message: String)] = [
        (#"skip("s", function() error("ran") end, "x\255y")"#, "the reason must be valid UTF-8 text"),
        (#"skip("s", {tags = {"a"}}, function() error("ran") end, "x\255y")"#, "the reason must be valid UTF-8 text"),
        (#"skip("s", function() end, "x\192")"#, "the reason must be valid UTF-8 text"),
        (#"skip("x\255y", function() end, "reason")"#, "the name must be valid UTF-8 text"),
        (#"test("x\255y", function() end)"#, "the name must be valid UTF-8 text"),
        (#"only("x\255y", function() end)"#, "the name must be valid UTF-8 text"),
        (#"test("t", {tags = {"x\255y"}}, function() end)"#, "tag 1 must be a word"),
    ]

    /// How the declaration is called: as written, through `pcall`, through a local alias.
    static let forms = ["plain", "pcall", "alias"]

    /// `code` (a call `f(args)`) rewritten in `form`.
    static func rewrite(_ code: String, _ form: String) -> String {
        let open = code.firstIndex(of: "(")!
        let function = String(code[..<open])
        let arguments = String(code[code.index(after: open)..<code.index(before: code.endIndex)])
        switch form {
        case "pcall": return "local ok, e = pcall(\(function), \(arguments)) if not ok then error(e, 0) end"
        case "alias": return "local f = \(function) f(\(arguments))"
        default: return code
        }
    }

    @Test(arguments: declarations.indices, forms)
    func aTextThatIsNotUTF8IsALoadErrorAtItsLine(_ index: Int, _ form: String) throws {
        let (code, message) = Self.declarations[index]
        let path = ScriptAPIHarness.write("test(\"first\", function() end)\n\(Self.rewrite(code, form))\n")
        let loaded = Result { try ScriptRuntime(scriptPath: path) }
        guard case .failure(let error) = loaded, let list = error as? DiagnosticList, let first = list.diagnostics.first
        else {
            Issue.record("\(code) (\(form)) loaded: \(loaded)")
            return
        }
        #expect(first.message.contains(message), "\(code) (\(form)): \(first.message)")
        #expect(first.line == 3, "\(code) (\(form)): \(first)")
    }

    @Test func aValidReasonStillSkips() throws {
        let path = ScriptAPIHarness.write("skip(\"s\", function() error(\"ran\") end, \"caf\\u{e9}\")\n")
        let runtime = try ScriptRuntime(scriptPath: path)
        #expect(runtime.tests.first?.skipReason == "café")
    }
}
