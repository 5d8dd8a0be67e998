import Foundation
import Testing

/// A test's verdict is final once its Lua ended: a stop (a signal, or `--max-failures` reached
/// in another worker) while its video is encoded keeps the verdict, message, steps and
/// artifacts, and removes the unfinished MP4 with a note saying so (red-team finding P16).
/// Each waits for the video file to appear (the encoder opened it, so the test's Lua has
/// ended), never for a guessed time.
@Suite struct VideoStopTests {
    /// A 360x800 pt prototype (so each frame costs the encoder real work) and `v.lua`: a test
    /// that walks back and forth `rounds` times, then fails.
    static func suite(rounds: Int = 400) throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.write("Proto/home.png", PNGWriter.solid(width: 360, height: 800, rgb: (220, 40, 40)))
        try tmp.write("Proto/detail.png", PNGWriter.solid(width: 360, height: 800, rgb: (40, 40, 220)))
        try tmp.write(
            "Proto/prototype.lua",
            """
            return {
              device = { width = 360, height = 800, scale = 1 },
              start = "home",
              scenes = {
                home = { image = "home.png", elements = { { label = "Open", frame = { 10, 10, 100, 50 }, on_tap = go("detail", "push_left", 0.3) } } },
                detail = { image = "detail.png", elements = { { label = "Back", frame = { 0, 0, 56, 56 }, on_tap = back() } } },
              },
            }

            """)
        try tmp.write(
            "suite/v.lua",
            """
            prototype "../Proto"
            test("many", function()
              for i = 1, \(rounds) do tap "Open"; tap "Back" end
              error("fail at end")
            end)

            """)
        return tmp
    }

    /// Waits until a file ending in `.mp4` exists under `folder`, up to 120 s.
    static func waitForVideo(in folder: String, process: Process) -> Bool {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline && process.isRunning {
            let files = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
            if files.contains(where: { $0.hasSuffix(".mp4") }) { return true }
            usleep(10_000)
        }
        return false
    }

    /// The first outcome of the first file in a JSON report.
    static func firstOutcome(_ path: String) throws -> [String: Any] {
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        let outcomes = try #require(files.first?["outcomes"] as? [[String: Any]])
        return try #require(outcomes.first)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aStopWhileTheVideoIsEncodedKeepsTheFailureAndRemovesThePartialVideo(signal: Int32) throws {
        let tmp = try Self.suite()
        let process = try WorkerProcesses.start(
            [
                "test", "suite", "--video", "retain-on-failure", "--report", "rep", "--json", "r.json", "--junit",
                "j.xml", "--timeout", "120",
            ], in: tmp)
        #expect(Self.waitForVideo(in: tmp.file("rep/videos"), process: process), "the video never started")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + signal)
        let outcome = try Self.firstOutcome(tmp.file("r.json"))
        #expect(outcome["verdict"] as? String == "failed", "\(outcome)")
        let message = (outcome["failure"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.contains("fail at end"), "\(message)")
        #expect((outcome["steps"] as? [Any])?.count ?? 0 >= 800, "the steps are kept")
        #expect((outcome["artifacts"] as? [String])?.contains { $0.hasSuffix("frame.png") } == true, "\(outcome)")
        let videos = FileManager.default.enumerator(atPath: tmp.file("rep/videos"))?.allObjects as? [String] ?? []
        let left = videos.filter { $0.hasSuffix(".mp4") }
        if outcome["video"] == nil {
            // Cut by the stop: no truncated file, and the report says so.
            #expect(left.isEmpty, "a partial video was left behind: \(left)")
            #expect(message.contains("was not kept: the run was stopped while it was encoded"), "\(message)")
        } else {
            #expect(left.count == 1, "\(left)")
        }
        let junit = try String(contentsOfFile: tmp.file("j.xml"), encoding: .utf8)
        #expect(junit.contains("fail at end") && !junit.contains("interrupted by a signal"), "\(junit)")
        let stdout = try String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)
        #expect(stdout.contains("FAIL  many"), "\(stdout)")
    }

    @Test func maxFailuresInAnotherWorkerDoesNotTakeTheVerdictOfATestWhoseVideoIsEncoded() throws {
        let tmp = try Self.suite(rounds: 200)
        // Fails after seconds of its own CPU time, long after v.lua's test failed.
        try tmp.write(
            "suite/a.lua",
            """
            prototype "../Proto"
            test("later fail", function()
              local t = os.clock(); while os.clock() - t < 4 do end
              error("later")
            end)

            """)
        let run = try Sceneflow.run(
            [
                "test", "suite", "--jobs", "2", "-x", "--video", "retain-on-failure", "--report", "rep", "--json",
                "r.json", "--timeout", "120",
            ], in: tmp.url)
        #expect(run.status == 1, "\(run)")
        let json = try String(contentsOfFile: tmp.file("r.json"), encoding: .utf8)
        #expect(json.contains("fail at end"), "the first failure's message is kept: \(json)")
        #expect(run.stdout.contains("FAIL  many"), "\(run.stdout)")
        #expect(run.stdout.contains("INT   later fail"), "\(run.stdout)")
        let videos = FileManager.default.enumerator(atPath: tmp.file("rep/videos"))?.allObjects as? [String] ?? []
        for video in videos where video.hasSuffix(".mp4") {
            #expect(json.contains(video), "a video on disk that no report names (a partial file?): \(video)")
        }
    }

    /// Red-team finding: with `-x`/`--max-failures` and `--video retain-on-failure`, the video
    /// of the failure that reached the limit was always dropped ("the run was stopped while
    /// it was encoded"), even with one test in one file. Three failing tests in one file (and
    /// a passing file beside them for `--jobs 2`): every failure up to the limit keeps its
    /// video, and every report (console, JSON, JUnit, HTML) names it and no cut video.
    @Test(arguments: [
        ["-x"], ["--max-failures", "2"], ["-x", "--jobs", "2"], ["--max-failures", "2", "--jobs", "2"],
    ])
    func theFailuresThatReachTheLimitKeepTheirVideos(_ limit: [String]) throws {
        let tmp = try Self.suite(rounds: 60)
        try tmp.write(
            "suite/v.lua",
            """
            prototype "../Proto"
            test("f1", function() for i = 1, 60 do tap "Open"; tap "Back" end error("first") end)
            test("f2", function() for i = 1, 60 do tap "Open"; tap "Back" end error("second") end)
            test("f3", function() for i = 1, 60 do tap "Open"; tap "Back" end error("third") end)

            """)
        try tmp.write("suite/w.lua", "prototype \"../Proto\"\ntest(\"ok\", function() tap \"Open\" end)\n")
        let run = try Sceneflow.run(
            ["test", "suite"] + limit + [
                "--video", "retain-on-failure", "--report", "rep", "--json", "r.json", "--junit", "j.xml",
                "--timeout", "120",
            ], in: tmp.url)
        let what = limit.joined(separator: " ")
        #expect(run.status == 1, "\(what): \(run)")
        let kept = limit.contains("-x") ? ["f1"] : ["f1", "f2"]
        let videos = (FileManager.default.enumerator(atPath: tmp.file("rep/videos"))?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".mp4") }
        #expect(videos.count == kept.count, "\(what): \(videos)\n\(run)")
        let reports = try ["r.json", "j.xml", "rep/index.html"].map {
            ($0, try String(contentsOfFile: tmp.file($0), encoding: .utf8))
        }
        for (name, text) in reports + [("console", run.stdout + run.stderr)] {
            #expect(!text.contains("was not kept"), "\(what): \(name) notes a cut video")
        }
        for video in videos {
            let file = (video as NSString).lastPathComponent
            for (name, text) in reports { #expect(text.contains(file), "\(what): \(name) does not name \(file)") }
        }
        for name in kept { #expect(videos.contains { $0.contains(name) }, "\(what): no video of \(name): \(videos)") }
        #expect(run.stdout.contains("FAIL  f1"), "\(run.stdout)")
        #expect(!run.stdout.contains("FAIL  f3"), "\(what): f3 ran: \(run.stdout)")
    }
    /// The video of the failure that reached `-x` has the test's limit as its budget, as any
    /// video: the runner let a worker encode it for a fixed 10 s and then stopped it, so a
    /// video that takes longer (300 s of a scene that changes every frame; any video on a
    /// loaded machine) was dropped with "the run was stopped while it was encoded".
    @Test func aLongVideoOfTheFailureThatReachedTheLimitIsKept() throws {
        let tmp = try TempFolder()
        try VideoBudgetTests.flipping(tmp)
        try tmp.write(
            "v.lua",
            "prototype \"Proto\"\ntest(\"flips\", function() wait(300) error(\"on purpose\") end)\ntest(\"later\", function() end)\n"
        )
        try tmp.write("w.lua", "prototype \"Proto\"\ntest(\"ok\", function() end)\n")
        let run = try Sceneflow.run(
            [
                "test", "v.lua", "w.lua", "-x", "--jobs", "2", "--video", "retain-on-failure", "--timeout", "20",
                "--json", "r.json",
            ], in: tmp.url, timeout: 120)
        #expect(run.status == 1, "\(run)")
        #expect(!run.stdout.contains("was not kept"), "\(run.stdout)")
        let json = try String(contentsOfFile: tmp.file("r.json"), encoding: .utf8)
        #expect(!json.contains("was not kept"), "\(json)")
        let video = tmp.file("sceneflow-report/videos/v/01-flips.mp4")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: video))
        #expect(bytes.range(of: Data("moov".utf8)) != nil, "a finished MP4")
    }
}
