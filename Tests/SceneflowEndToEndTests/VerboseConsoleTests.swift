import Foundation
import Testing

/// `sceneflow test --verbose` shows every log entry of every test exactly once, whatever the
/// verdict: a failed test's verdict line already listed its last messages and `--verbose`
/// then listed them all again (red-team finding). Warnings too: once under a WARN or REC line,
/// once in a failed test's details (where the verdict line shows none).
@Suite struct VerboseConsoleTests {
    /// One test per verdict a run reaches without a signal, each logging markers of its own.
    static let script = """
        prototype "Proto"
        test("passes", function() log.message("m-passed") log.debug("d-passed") tap "Open" end)
        test("fails", function()
          log.message("m-failed") log.debug("d-failed") log.warn("w-failed")
          for i = 1, 12 do log.message("many-" .. i .. "-failed") end
          error("boom")
        end)
        test("warns", function() log.message("m-warned") log.warn("w-warned") end)
        test("records", function() log.message("m-recorded") log.warn("w-recorded") expect.screenshot "fresh" end)
        skip("skipped", function() log.message("m-skipped") end, "not today")

        """

    /// How many times `marker` appears in `text` (as itself, not inside a longer marker).
    static func count(_ marker: String, in text: String) -> Int {
        text.components(separatedBy: marker).count - 1
    }

    @Test func everyLogEntryShowsOnceForEveryVerdict() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("v.lua", Self.script)
        let r = try Sceneflow.run(["test", "v.lua", "--verbose"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        for verdict in ["PASS  passes", "FAIL  fails", "WARN  warns", "REC   records", "SKIP  skipped"] {
            #expect(r.stdout.contains(verdict), "\(verdict)\n\(r)")
        }
        var markers: [String] = []
        for verdict in ["passed", "failed", "warned", "recorded"] {
            markers += ["m-\(verdict)"]
            if verdict != "passed" { markers += ["w-\(verdict)"] }
        }
        markers += ["d-passed", "d-failed"] + (1...12).map { "many-\($0)-failed" }
        for marker in markers {
            #expect(Self.count(marker + "\n", in: r.stdout) == 1, "\(marker) is not shown exactly once:\n\(r.stdout)")
        }
        #expect(Self.count("m-skipped", in: r.stdout) == 0, "\(r.stdout)")
        // Without --verbose a failed test still lists its last messages, once each.
        let plain = try Sceneflow.run(["test", "v.lua"], in: tmp.url)
        for n in 3...12 { #expect(Self.count("many-\(n)-failed\n", in: plain.stdout) == 1, "\(plain.stdout)") }
        #expect(Self.count("many-1-failed\n", in: plain.stdout) == 0, "only the last ten: \(plain.stdout)")
    }

    @Test func anInterruptedTestShowsItsLogOnce() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "spin.lua",
            """
            prototype "Proto"
            test("spins", function() log.message("m-interrupted") while true do end end)

            """)
        let process = try WorkerProcesses.start(["test", "spin.lua", "--verbose", "--timeout", "60"], in: tmp)
        #expect(WorkerProcesses.waitUntilBusy(process.processIdentifier) != nil, "the busy test never started")
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(process.terminationStatus == 143)
        let stdout = try String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)
        #expect(stdout.contains("INT   spins"), "\(stdout)")
        #expect(Self.count("m-interrupted\n", in: stdout) == 1, "\(stdout)")
    }
}
