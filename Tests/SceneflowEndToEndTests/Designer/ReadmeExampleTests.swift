import Foundation
import Testing

/// Output examples in README.md and the DocC catalog are the binary's real output, and the
/// README's first script is the file it names, so neither can drift.
@Suite struct ReadmeExampleTests {
    /// The fenced block that follows the line ending with `marker` in `file` (a path from the
    /// package root).
    static func block(after marker: String, in file: String) throws -> String {
        let text = try String(contentsOf: Sceneflow.packageRoot.appendingPathComponent(file), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasSuffix(marker) }, "\(file) has no line ending \(marker)")
        let open = try #require(lines[start...].firstIndex { $0.hasPrefix("```") })
        let close = try #require(lines[(open + 1)...].firstIndex { $0.hasPrefix("```") })
        return lines[(open + 1)..<close].joined(separator: "\n") + "\n"
    }

    static let designer = "Sources/SceneflowCLI/Sceneflow.docc/DesignerWindow.md"

    @Test func inspectExampleIsTheRealOutput() throws {
        let shown = try Self.block(
            after: "output of `sceneflow inspect Prototypes/Notes --scene note`:", in: Self.designer)
        let r = try Sceneflow.run(["inspect", "Prototypes/Notes", "--scene", "note"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == shown, "\(Self.designer) shows:\n\(shown)\nthe binary prints:\n\(r.stdout)")
    }

    /// The README's first script is `Scripts/Notes/first_script.lua` byte for byte, and the
    /// output shown is what running it prints (the real time of the test aside).
    @Test func firstScriptAndItsOutputAreReal() throws {
        let script = try Self.block(after: "### A first script", in: "README.md")
        let file = try String(
            contentsOf: Sceneflow.packageRoot.appendingPathComponent("Scripts/Notes/first_script.lua"), encoding: .utf8)
        #expect(script == file, "README.md shows:\n\(script)\nthe file holds:\n\(file)")
        let shown = try Self.block(after: "(`sceneflow test Scripts/Notes/first_script.lua`) prints:", in: "README.md")
        let r = try Sceneflow.run(["test", "Scripts/Notes/first_script.lua"])
        #expect(r.status == 0, "\(r)")
        let realTime = #/\(\d+(\.\d+)? ms, /#
        #expect(
            r.stdout.replacing(realTime, with: "(T ms, ") == shown.replacing(realTime, with: "(T ms, "),
            "README.md shows:\n\(shown)\nthe binary prints:\n\(r.stdout)")
    }
}
