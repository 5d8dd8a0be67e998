import Foundation
import SceneflowRunner
import Testing

/// Red-team 10 R2 and R3: one stop request that reaches the run through several paths at once
/// (coreutils `timeout` relays a signal to its child and to its group, so a group signal
/// arrives three times) ended the run at once without reports, by the rule that a third signal
/// kills; and `nohup`'s ignored SIGHUP was taken over, so the hang-up it protects from stopped
/// the run. Signals closer than half a second count as one; a stop signal ignored on entry
/// (other than SIGINT and SIGQUIT, which shells ignore for background jobs) stays ignored, in
/// the workers too.
@Suite(.serialized) struct RelayedSignalTests {
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        for file in ["a", "b", "c"] {
            var text = "prototype \"../Proto\"\n"
            for t in 1...3 {
                text += "test(\"\(file)\(t)\", function() local n = 0 for _ = 1, 4e7 do n = n + 1 end end)\n"
            }
            try tmp.write("s/\(file).lua", text)
        }
        return tmp
    }

    /// Runs `command` (bash) in `tmp` in a session of its own, waits `seconds`, runs `signal`
    /// (bash, `$G` is the session's process group) and waits for the end; the exit status.
    static func run(_ command: String, in tmp: TempFolder, after seconds: Double, signal: String) throws -> Int32 {
        let binary = try #require(Sceneflow.binary).path
        let script = """
            export XDG_CACHE_HOME="$PWD/cache"; export S='\(binary)'
            setsid bash -c '\(command.replacingOccurrences(of: "'", with: "'\\''"))' > out.txt 2>&1 &
            B=$!; sleep \(seconds); G=$(ps -o pgid= -p $B | tr -d ' '); \(signal); wait $B
            """
        let r = try Sceneflow.run(
            ["-c", script], in: tmp.url, timeout: 120, executable: URL(fileURLWithPath: "/bin/bash"))
        return r.status
    }

    /// The shutdown waits for a test inside a library call (its worker is killed 0.7 s after
    /// the signal), so the three signals all arrive while it runs.
    @Test func threeSignalsInAMomentAreOneStop() throws {
        let tmp = try Self.suite()
        try tmp.write(
            "s/a.lua",
            "prototype \"../Proto\"\ntest(\"stuck\", function() string.find(string.rep(\"a\", 40), string.rep(\"a-\", 20) .. \"b\") end)\n"
        )
        let status = try Self.run(
            "exec \"$S\" test s --jobs 2 --json r.json", in: tmp, after: 0.8,
            signal: "kill -TERM $B; sleep 0.05; kill -TERM $B; sleep 0.05; kill -TERM $B"
        )
        let out = try String(contentsOfFile: tmp.file("out.txt"), encoding: .utf8)
        #expect(status == 143, "\(out)")
        let report = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json"))))
        #expect(report.files.count == 3, "\(out)")
    }

    @Test(arguments: 1...4)
    func aGroupSignalThroughTimeoutKeepsTheReports(round: Int) throws {
        let tmp = try Self.suite()
        let status = try Self.run(
            "exec timeout 120 \"$S\" test s --jobs 2 --json r.json", in: tmp, after: 0.4 + 0.15 * Double(round),
            signal: "kill -TERM -- -$G")
        let out = try String(contentsOfFile: tmp.file("out.txt"), encoding: .utf8)
        #expect(status == 124 || status == 143, "\(status): \(out)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("r.json")), "no report: \(out)")
    }

    @Test func nohupKeepsTheRunThroughAHangUp() throws {
        let tmp = try Self.suite()
        let status = try Self.run(
            "exec nohup \"$S\" test s --jobs 2 --json r.json", in: tmp, after: 0.8, signal: "kill -HUP -- -$G")
        let out = try String(contentsOfFile: tmp.file("out.txt"), encoding: .utf8)
        #expect(status == 0, "\(out)")
        let report = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json"))))
        #expect(report.files.flatMap(\.outcomes).filter { $0.verdict == .passed }.count == 9, "\(out)")
    }
}
