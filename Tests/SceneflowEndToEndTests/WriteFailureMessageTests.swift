import Foundation
import Testing

/// Every output a command writes that cannot be written says so in one form, naming the
/// command that failed and the output as the user knows it, and exits 70:
/// `sceneflow merge-reports: could not write standard output: No space left on device`
/// (`merge-reports` said `sceneflow test: …`, `--timeline -` said `cannot write -: …`).
/// Generated over every file output of `sceneflow help outputs` and three ways to fail: `-`
/// into a full standard output (`>/dev/full`), `-` into a closed one (`>&-`), and a name that
/// is a link to `/dev/full`.
@Suite struct WriteFailureMessageTests {
    /// The output options that take a file (from the binary's tables), with how each command
    /// runs quickly up to its write (`OutputPathCorpusTests.baseInvocations`).
    static func fileOutputs() throws -> [OutputPathCorpusTests.Output] {
        try OutputPathCorpusTests.outputs().filter { $0.kind == "FILE" && $0.option != "--worker-json" }
    }

    /// Runs `command` (a bash line, `sceneflow` on the PATH) in a fresh copy of the
    /// output-paths corpus folder (ok.lua, proto, shard.json, timeline.json).
    static func shell(_ command: String) throws -> RunResult {
        let tmp = try TempFolder()
        let source = BadInputCase.root.appendingPathComponent("output-paths")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: tmp.url.appendingPathComponent(name))
        }
        let folder = try #require(Sceneflow.binary).deletingLastPathComponent().path
        let path = folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try Sceneflow.run(
            ["-c", command], in: tmp.url, environment: ["PATH": path], timeout: 60,
            executable: URL(fileURLWithPath: "/bin/bash"))
    }

    /// The ways a write fails: the name given, a redirection, what the message calls the output
    /// and the reason.
    static let failures: [(name: String, redirect: String, shown: String, reason: String)] = [
        ("-", ">/dev/full", "standard output", "No space left on device"),
        ("-", ">&-", "standard output", "it is closed"),
        ("full", "", "full", "No space left on device"),
    ]

    @Test func everyFailedWriteNamesItsCommandAndTheOutput() throws {
        let outputs = try Self.fileOutputs()
        #expect(outputs.count >= 12, "\(outputs)")
        for output in outputs {
            let base = try #require(
                OutputPathCorpusTests.baseInvocations[output.command], "no base invocation for \(output.command)")
            for failure in Self.failures {
                if failure.name == "-" && output.command == "record" { continue }  // no "-": written as it goes
                var name = failure.name
                var stop = ""
                if output.command == "record" {
                    // The script is written as the recording goes; SIGTERM closes the window.
                    name += ".lua"
                    stop = "timeout -s TERM 3 "
                }
                let force = output.command == "record" ? " --force" : ""
                let line =
                    "ln -s /dev/full \(name.hasPrefix("full") ? name : "full"); \(stop)sceneflow \(base)\(force) \(output.option) \(name) \(failure.redirect)"
                let r = try Self.shell(line)
                let what = "sceneflow \(output.command) \(output.option) \(name) \(failure.redirect)"
                let shown = failure.shown == "full" ? name : failure.shown
                let expected = "sceneflow \(output.command): could not write \(shown): \(failure.reason)"
                #expect(r.didNotCrash, "\(what): \(r)")
                #expect(r.status == 70, "\(what): \(r)")
                #expect(r.stderr.contains(expected), "\(what): expected \"\(expected)\"\n\(r)")
                #expect(!r.stderr.contains("write -:"), "\(what): the message names \"-\"\n\(r)")
            }
        }
    }

    /// The commands that only print a text, short or far longer than the stream's buffer
    /// (`man`, `completions`: the reason was lost inside the write, "a write failed": red-team
    /// 18 B-F6), into a full standard output: each names the operating system's reason.
    @Test(arguments: [
        "man", "completions bash", "completions zsh", "completions fish", "help", "help api", "help outputs",
        "help test", "version", "--version",
    ])
    func aPrintingCommandIntoAFullOutputGivesTheReason(_ command: String) throws {
        let r = try Self.shell("sceneflow \(command) >/dev/full")
        // `help api` is named whole (`sceneflow help api:`), as its own usage errors are.
        let word =
            command.hasPrefix("--") ? "" : command == "help api" ? " help api" : " " + command.split(separator: " ")[0]
        #expect(r.didNotCrash && r.status == 70, "\(command): \(r)")
        #expect(
            r.stderr.contains("sceneflow\(word): could not write standard output: No space left on device"),
            "\(command): \(r)")
    }
}
