import Foundation
import Testing

/// Output examples in README.md are the binary's real output, so the README cannot drift.
@Suite struct ReadmeExampleTests {
    /// The fenced block that follows the line ending with `marker` in README.md.
    static func block(after marker: String) throws -> String {
        let readme = try String(contentsOf: Sceneflow.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasSuffix(marker) }, "README.md has no line ending \(marker)")
        let open = try #require(lines[start...].firstIndex { $0.hasPrefix("```") })
        let close = try #require(lines[(open + 1)...].firstIndex { $0.hasPrefix("```") })
        return lines[(open + 1)..<close].joined(separator: "\n") + "\n"
    }

    @Test func inspectExampleIsTheRealOutput() throws {
        let shown = try Self.block(after: "output of `sceneflow inspect Prototypes/Notes --scene note`:")
        let r = try Sceneflow.run(["inspect", "Prototypes/Notes", "--scene", "note"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == shown, "README.md shows:\n\(shown)\nthe binary prints:\n\(r.stdout)")
    }
}
