import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// A scene that advances by itself every frame (`after` shorter than a frame) records events
/// without end: each test keeps its first `Timeline.eventsPerTest` and one `left_out` event,
/// in every output that holds the timeline, which stays readable (red-team N7).
@Suite struct TimelineLimitTests {
    /// Two scenes that send each other on after `after` seconds with a `push_left` of
    /// `duration` seconds.
    static func restless(_ tmp: TempFolder, after: String = "1e-300", duration: String = "1e-300") throws -> String {
        try tmp.prototype(
            scenes: """
                    home = { image = "home.png", after = \(after), on_after = go("detail", "push_left", \(duration)) },
                    detail = { image = "detail.png", after = 4.9e-324, on_after = go("home", "crossfade", 0) },
                """)
    }

    @Test(arguments: [("1e-300", "1e-300"), ("0.001", "0"), ("4.9e-324", "0.002")])
    func eachTestKeepsItsFirstEventsInTheRunnerAndInTheReports(after: String, duration: String) throws {
        let tmp = try TempFolder()
        let proto = try Self.restless(tmp, after: after, duration: duration)
        let script = try tmp.write(
            "w.lua",
            """
            prototype "\(proto)"
            test("one", function() wait(3) end)
            test("two", function() wait(1) end)
            test("fails", function() wait(2) error("on purpose") end)

            """)
        var options = HeadlessTestRunner.Options(reportDirectory: tmp.file("report"))
        options.recordsTimeline = true
        options.timelineEventsPerTest = 100
        let result = HeadlessTestRunner(options: options).run(script: script)
        #expect(result.outcomes.map(\.verdict) == [.passed, .passed, .failed], "\(result.outcomes)")
        let run = try #require(result.timeline)
        let markers = run.events.filter { $0.type == "left_out" }
        #expect(markers.count == 3, "\(markers)")
        #expect(run.events.count == 3 * 101)
        #expect(
            markers.allSatisfy { $0.text.hasSuffix("more events of this test left out: a test keeps its first 100") })
        #expect(run.transitions.count <= 3 * 100)
        // The marker of each test comes after that test's kept events, in time order.
        #expect(zip(run.events, run.events.dropFirst()).allSatisfy { $0.time <= $1.time })
        // The failure's artifacts show its last events, not the first kept ones.
        let artifact = try #require(result.outcomes[2].artifacts.first { $0.hasSuffix("timeline.txt") })
        let lines = try String(contentsOfFile: artifact, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 50)
        let lastTime = try #require(Double(lines.last!.split(separator: "s").first ?? ""))
        // On the test's own clock, which starts at 0 as if it ran alone: it ran 2 s.
        #expect(lastTime > 1.9 && lastTime <= 2.0, "\(lines.last!)")
    }

    @Test func theCommandLineTimelineStaysBoundedAndReadable() throws {
        let tmp = try TempFolder()
        let proto = try Self.restless(tmp)
        try tmp.write(
            "w.lua",
            """
            prototype "\(proto)"
            for i = 1, 2 do test("x" .. i, function() wait(60) end) end

            """)
        let r = try Sceneflow.run(
            ["test", tmp.file("w.lua"), "--timeline", tmp.file("t.json"), "--csv", tmp.file("t.csv")], timeout: 300)
        #expect(r.status == 0, "\(r)")
        let document = try TimelineDocument.read(tmp.file("t.json"))
        let events = try #require(document.runs.first?.events)
        #expect(events.count == 2 * (Timeline.eventsPerTest + 1), "\(events.count)")
        #expect(events.filter { $0.type == "left_out" }.count == 2)
        #expect(try #require(document.runs.first).transitions.count <= 2 * Timeline.eventsPerTest)
        let timing = try Sceneflow.run(["timing", tmp.file("t.json")])
        #expect(timing.status == 0, "\(timing)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("t.csv")))
    }
    /// Red-team 11 R6: past the run-wide limit (`TimelineBudget`, lowered here with
    /// `SCENEFLOW_RUN_TIMELINE_LIMIT`) tests keep what still fits and a `left_out` entry, across
    /// files and workers; the runner was unbounded (17.5 MB a test). Verdicts are the same.
    @Test(arguments: [["--jobs", "1"], ["--jobs", "2"]])
    func theRunKeepsAtMostItsRunWideLimit(_ jobs: [String]) throws {
        let tmp = try TempFolder()
        let proto = try Self.restless(tmp, after: "0.001", duration: "0")
        for file in ["a", "b", "c"] {
            try tmp.write(
                "s/\(file).lua",
                "prototype \"\(proto)\"\nfor i = 1, 3 do test(\"t\" .. i, function() wait(2) end) end\n")
        }
        let r = try Sceneflow.run(
            ["test", "s", "--timeline", "t.json", "--json", "r.json"] + jobs, in: tmp.url,
            environment: ["SCENEFLOW_RUN_TIMELINE_LIMIT": "1500"], timeout: 300)
        #expect(r.status == 0, "\(r)")
        let document = try TimelineDocument.read(tmp.file("t.json"))
        #expect(document.runs.count == 3)
        let events = document.runs.flatMap(\.events)
        let markers = events.filter { $0.text.contains("the run keeps its first 1500 timeline events") }
        let kept =
            events.count - markers.count
            + document.runs.reduce(0) { total, run in
                total + run.transitions.reduce(0) { $0 + 1 + $1.frames.count }
            }
        #expect(kept <= 1500, "\(kept) events and transitions kept")
        #expect(kept >= 1000, "what fits is kept: \(kept)")
        #expect(markers.count >= 4, "the tests past the limit say so: \(markers.count)")
        #expect(markers.allSatisfy { $0.type == "left_out" })
        let report = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json"))))
        #expect(report.files.flatMap(\.outcomes).allSatisfy { $0.verdict == .passed })
    }
}
