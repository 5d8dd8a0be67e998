import Foundation
import Testing

/// Red-team 49 A F1: a command that does not take stop signals over (`check`, `inspect`,
/// `graph`, `render`), started as a background job of a script (the shell starts it with SIGINT
/// and SIGQUIT ignored), with `prototype.lua` stuck in a C call: a Ctrl-C was ignored, the
/// command ran out its 10 s limit and exited 65, blaming the prototype. SIGQUIT, not ignored,
/// printed the Swift runtime's crash report and ran on. Each now ends as the signal's default
/// action ends it: 130 after SIGINT, 131 after SIGQUIT, 143 after SIGTERM, at once.
@Suite struct BackgroundJobSignalTests {
    static let commands = [
        ["check", "P"], ["inspect", "P"], ["graph", "P", "--out", "g.svg"], ["render", "P", "--out", "r.png"],
    ]

    @Test(arguments: commands, ["INT", "QUIT", "TERM"])
    func aStopSignalEndsACommandStuckInItsPrototype(command: [String], signal: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype("P")
        let lua = try String(contentsOfFile: tmp.file("P/prototype.lua"), encoding: .utf8)
        try tmp.write(
            "P/prototype.lua", "string.find(string.rep(\"a\", 40), string.rep(\"a-\", 20) .. \"b\")\n" + lua)
        let binary = try #require(Sceneflow.binary).path
        // `trap ''` ignores them as a non-interactive shell does for its background jobs.
        let script = """
            trap '' INT QUIT
            '\(binary)' \(command.joined(separator: " ")) > out.txt 2>&1 &
            B=$!; sleep 1; kill -\(signal) $B; wait $B
            """
        let r = try Sceneflow.run(
            ["-c", script], in: tmp.url, timeout: 60, executable: URL(fileURLWithPath: "/bin/bash"))
        let out = try String(contentsOfFile: tmp.file("out.txt"), encoding: .utf8)
        let expected: Int32 = ["INT": 130, "QUIT": 131, "TERM": 143][signal]!
        #expect(r.status == expected, "\(command) \(signal): \(r.status) \(out)")
        #expect(!out.contains("did not finish within"), "\(out)")
        #expect(!out.contains("crashed"), "\(out)")
    }
}
