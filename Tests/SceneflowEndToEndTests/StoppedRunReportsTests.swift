import Foundation
import Testing

/// A run a stop signal cut short fails in every report, not only in its exit code (128 + n):
/// a signal that landed while a file's next test was loading left no test interrupted, only
/// tests "skipped" (the run was interrupted), so the JSON summary, the console's closing line
/// and the HTML title read as a passing run with skips, and `merge-reports` of that shard with
/// a green one exited 0 (red-team 23 F1). Every report now carries the run's failure:
/// "stopped by SIGTERM before the run ended: …".
@Suite struct StoppedRunReportsTests {
    /// `s/a.lua`: six passing tests whose file takes a moment to load (well inside the load limit) (each test
    /// loads it afresh, so a signal most likely lands between two test bodies); `s/b.lua`: one
    /// passing test.
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s/a.lua",
            """
            prototype "../Proto"
            local made = 0
            for _ = 1, 150 do made = made + #string.rep("x", 1000000) end
            for i = 1, 6 do test("t" .. i, function() end) end

            """)
        try tmp.write("s/b.lua", "prototype \"../Proto\"\ntest(\"b1\", function() end)\n")
        return tmp
    }

    /// Runs `sceneflow test s --shard 1/2` (a.lua) with every report, and sends `signal` once
    /// the first test has passed. Returns the exit status and standard output.
    static func stoppedShard(_ tmp: TempFolder, signal: Int32, jobs: String) throws -> (Int32, String) {
        let process = try WorkerProcesses.start(
            [
                "test", "s", "--shard", "1/2", "--jobs", jobs, "--json", "s1.json", "--junit", "s1.xml",
                "--report", "rep",
            ], in: tmp, environment: ["XDG_CACHE_HOME": tmp.file("cache")])
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline,
            !((try? String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)) ?? "").contains("PASS")
        {
            usleep(20_000)
        }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8))
    }

    @Test(arguments: [(SIGTERM, "SIGTERM", "1"), (SIGINT, "SIGINT", "2"), (SIGHUP, "SIGHUP", "1")])
    func everyReportOfAStoppedRunSaysItFailed(signal: Int32, name: String, jobs: String) throws {
        let tmp = try Self.suite()
        let (status, stdout) = try Self.stoppedShard(tmp, signal: signal, jobs: jobs)
        #expect(status == 128 + signal, "\(stdout)")
        let stopped = "stopped by \(name) before the run ended: "
        #expect(stdout.split(separator: "\n").last?.contains("; the run failed: \(stopped)") == true, "\(stdout)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tmp.file("s1.json"))))
                as? [String: Any])
        let reason = try #require(json["runFailure"] as? String, "\(json)")
        #expect(reason.hasPrefix(stopped) && reason.contains("not run"), "\(reason)")
        #expect((json["line"] as? String)?.contains("; the run failed: \(stopped)") == true, "\(json)")
        let junit = try String(contentsOfFile: tmp.file("s1.xml"), encoding: .utf8)
        #expect(junit.contains("<testcase name=\"(run)\""), "\(junit)")
        #expect(junit.contains("type=\"interrupted\">\(stopped)"), "\(junit)")
        let html = try String(contentsOfFile: tmp.file("rep/index.html"), encoding: .utf8)
        #expect(html.contains("<p class=\"run-failure\">The run failed: \(stopped)"), "\(html.prefix(600))")
    }

    /// The shard merged with a green one fails the merge, naming the stop; so does a shard
    /// report written before the stop was given as `runFailure` (its results show it).
    @Test(arguments: [true, false])
    func aMergeWithAStoppedShardFails(keepsTheReason: Bool) throws {
        let tmp = try Self.suite()
        let green = try Sceneflow.run(["test", "s", "--shard", "2/2", "--json", "s2.json"], in: tmp.url)
        #expect(green.status == 0, "\(green)")
        let (status, stdout) = try Self.stoppedShard(tmp, signal: SIGTERM, jobs: "1")
        #expect(status == 143, "\(stdout)")
        if !keepsTheReason {
            let url = URL(fileURLWithPath: tmp.file("s1.json"))
            var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            json["runFailure"] = nil
            try JSONSerialization.data(withJSONObject: json).write(to: url)
        }
        let merged = try Sceneflow.run(
            ["merge-reports", "s1.json", "s2.json", "--json", "m.json", "--junit", "m.xml"], in: tmp.url)
        #expect(merged.status == 1, "\(merged)")
        let shard = keepsTheReason ? "shard 1/2: stopped by SIGTERM" : "shard 1/2: stopped by a signal"
        #expect(merged.stderr.contains(shard), "\(merged.stderr)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tmp.file("m.json"))))
                as? [String: Any])
        #expect((json["runFailure"] as? String)?.hasPrefix(shard) == true, "\(json)")
    }
}
