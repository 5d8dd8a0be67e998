import Foundation
import Testing

/// Options only Sceneflow itself passes (`test --worker PID`, marked `(internal)`) are in no
/// help text, usage line, man page or completion script (red-team finding o7: `sceneflow test
/// --help` and every usage error of `test` listed `[--worker PID]`).
@Suite struct InternalOptionHiddenTests {
    static let commands = [
        "play", "test", "check", "render", "timing", "bench", "new", "inspect", "graph", "record", "hotspot", "detect",
        "merge-reports",
    ]

    @Test(arguments: commands)
    func helpAndUsageErrorsLeaveInternalOptionsOut(_ command: String) throws {
        let help = try Sceneflow.run([command, "--help"])
        #expect(help.status == 0, "\(help)")
        #expect(help.stdout.contains("USAGE: sceneflow \(command)"), "\(help)")
        #expect(!help.output.contains("--worker") && !help.output.contains("(internal)"), "\(help)")
        let usage = try Sceneflow.run([command, "--no-such-option"])
        #expect(usage.status == 64, "\(usage)")
        #expect(usage.stderr.contains("USAGE: sceneflow \(command)"), "\(usage)")
        #expect(!usage.output.contains("--worker"), "\(usage)")
    }

    @Test func manPageAndCompletionsLeaveInternalOptionsOut() throws {
        for arguments in [["man"], ["completions", "bash"], ["completions", "zsh"], ["completions", "fish"]] {
            let r = try Sceneflow.run(arguments)
            #expect(r.status == 0, "\(r)")
            #expect(!r.stdout.contains("--worker") && !r.stdout.contains("(internal)"), "\(arguments)")
        }
    }
}
