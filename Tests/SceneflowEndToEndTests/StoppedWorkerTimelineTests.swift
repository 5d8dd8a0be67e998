import Foundation
import Testing

/// A test whose worker process the watchdog ends keeps the timeline its file recorded before
/// it: each test's part is handed to the runner as the test ends, so the transitions of the
/// tests before it in that worker stay in `--timeline` and `--csv`, and one `left_out` event
/// names the test whose own part ended with its worker (red-team 29 F6: the file's timeline
/// was empty and said nothing). One worker and two.
@Suite struct StoppedWorkerTimelineTests {
    static let stuck = #"string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")"#

    @Test(arguments: ["1", "2"])
    func theTimelineBeforeTheStoppedTestIsKept(jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "w.lua",
            """
            prototype "Proto"
            test("opens", function() tap "Open"; expect.scene "detail" end)
            test("opens then stuck", function() tap "Open"; expect.scene "detail"; \(Self.stuck) end)
            test("after", function() tap "Open"; expect.scene "detail" end)

            """)
        let r = try Sceneflow.run(
            ["test", "w.lua", "--timeout", "2", "--timeline", "t.json", "--csv", "t.csv", "--jobs", jobs],
            in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("PASS  opens") && r.stdout.contains("PASS  after"), "\(r.stdout)")
        let data = try Data(contentsOf: URL(fileURLWithPath: tmp.file("t.json")))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let runs = try #require(json["runs"] as? [[String: Any]])
        let run = try #require(runs.first { $0["name"] as? String == "w.lua" }, "\(runs)")
        let transitions = try #require(run["transitions"] as? [[String: Any]])
        // "opens" and "after" each pushed detail; the stopped test's own part is gone.
        #expect(transitions.count == 2, "\(transitions.count) transitions")
        let events = try #require(run["events"] as? [[String: Any]])
        let notes = events.filter { $0["type"] as? String == "left_out" }.compactMap { $0["text"] as? String }
        #expect(notes.count == 1 && notes[0].contains("\"opens then stuck\""), "\(notes)")
        #expect(notes.first?.contains("worker process") == true, "\(notes)")
        // Times run on one clock: the later test's transition starts after the earlier one's.
        let starts = transitions.compactMap { $0["start"] as? Double }
        #expect(starts.count == 2 && starts[0] < starts[1], "\(starts)")
        let csv = try String(contentsOfFile: tmp.file("t.csv"), encoding: .utf8)
        #expect(csv.split(separator: "\n").count == 3, "\(csv)")
    }

    /// The frames of the tests before the stopped one stay: the worker that resumes the file
    /// numbers its frames after them (they were overwritten from 001), `hashes.txt` lists
    /// every frame captured, the stopped worker's too (red-team 30 F4: it listed only the
    /// last worker's, and with `--frames-hash-only` the numbering restarted at 001), and
    /// summary.txt names the test whose worker was stopped. The same file without the stuck
    /// call writes as many frames and hashes.
    @Test(arguments: [false, true])
    func theFramesBeforeTheStoppedTestAreKept(hashOnly: Bool) throws {
        func frames(stuck: Bool) throws -> (count: Int, hashed: [String], summary: String) {
            let tmp = try TempFolder()
            try tmp.prototype()
            try tmp.write(
                "w.lua",
                """
                prototype "Proto"
                test("opens", function() tap "Open"; expect.scene "detail" end)
                test("opens then stuck", function() tap "Open"; expect.scene "detail"; \(stuck ? Self.stuck : "") end)
                test("after", function() tap "Open"; expect.scene "detail" end)

                """)
            let r = try Sceneflow.run(
                ["test", "w.lua", "--timeout", "2", "--frames", "fr", "--jobs", "1"]
                    + (hashOnly ? ["--frames-hash-only"] : []), in: tmp.url, timeout: 120)
            #expect(r.status == (stuck ? 1 : 0), "\(r)")
            let files = try FileManager.default.contentsOfDirectory(atPath: tmp.file("fr/w"))
            let summary = try String(contentsOfFile: tmp.file("fr/w/summary.txt"), encoding: .utf8)
            let hashes = try String(contentsOfFile: tmp.file("fr/w/hashes.txt"), encoding: .utf8)
            let hashed = hashes.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
            return (files.filter { $0.hasSuffix(".png") }.count, hashed, summary)
        }
        let normal = try frames(stuck: false)
        let stopped = try frames(stuck: true)
        #expect(stopped.count == normal.count, "\(stopped.count) frames, \(normal.count) without the stop")
        #expect(
            stopped.hashed.count == normal.hashed.count, "hashed \(stopped.hashed), without the stop \(normal.hashed)")
        let numbers = stopped.hashed.compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(numbers == Array(1...max(1, numbers.count)), "\(stopped.hashed)")
        #expect(stopped.hashed == normal.hashed, "\(stopped.hashed) against \(normal.hashed)")
        #expect(stopped.summary.contains("\"opens then stuck\""), "\(stopped.summary)")
        #expect(stopped.summary.contains("was stopped inside it"), "\(stopped.summary)")
        // The summary describes every frame of the file, the stopped worker's too.
        #expect(
            stopped.summary.contains("PASS  opens  ") && stopped.summary.contains("PASS  after  "), "\(stopped.summary)"
        )
        let listed = stopped.summary.split(separator: "\n").filter { $0.hasPrefix("  0") }.map {
            $0.split(separator: " ")[0]
        }
        #expect(listed.map(String.init) == stopped.hashed, "\(stopped.summary)")
    }

    /// A worker stopped inside the file's last test leaves a summary.txt of the tests before
    /// it, listing their frames as hashes.txt does (red-team 31 B7: no summary.txt, and the
    /// run blamed "the failures above").
    @Test(arguments: ["1", "2"])
    func aStopInTheLastTestLeavesTheSummary(jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "w.lua",
            """
            prototype "Proto"
            test("opens", function() tap "Open"; expect.scene "detail" end)
            test("opens then stuck", function() tap "Open"; expect.scene "detail"; \(Self.stuck) end)

            """)
        let r = try Sceneflow.run(
            ["test", "w.lua", "--timeout", "2", "--frames", "fr", "--jobs", jobs], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        #expect(!r.output.contains("no summary.txt"), "\(r)")
        let summary = try String(contentsOfFile: tmp.file("fr/w/summary.txt"), encoding: .utf8)
        #expect(summary.contains("PASS  opens  "), "\(summary)")
        let hashes = try String(contentsOfFile: tmp.file("fr/w/hashes.txt"), encoding: .utf8)
        let hashed = hashes.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        let pngs = try FileManager.default.contentsOfDirectory(atPath: tmp.file("fr/w")).filter { $0.hasSuffix(".png") }
        #expect(Set(hashed) == Set(pngs), "hashed \(hashed), on disk \(pngs)")
        let listed = summary.split(separator: "\n").filter { $0.hasPrefix("  0") }.map {
            String($0.split(separator: " ")[0])
        }
        #expect(listed.count >= 3 && hashed.starts(with: listed), "\(summary)")
    }
}
