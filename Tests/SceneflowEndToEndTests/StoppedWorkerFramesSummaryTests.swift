import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// Red-team 32 R2, R3: a worker process stopped inside a file's only or last test (the
/// watchdog), or by a stop signal to the whole process group inside its first test, left that
/// test's frames on disk and in `hashes.txt` but described nowhere, and in a file's only or
/// first test no `summary.txt` at all. The runner completes the summary from its own results:
/// every test's verdict and every frame `hashes.txt` lists, in each case and with
/// `--frames-hash-only` too.
@Suite struct StoppedWorkerFramesSummaryTests {
    static let hang = #"string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")"#

    /// Every frame `hashes.txt` in `folder` lists is described in its `summary.txt`, which
    /// names `tests`.
    static func expectDescribed(_ folder: URL, tests: [String], _ r: String) throws {
        let summary = try String(contentsOf: folder.appendingPathComponent("summary.txt"), encoding: .utf8)
        let hashes = try String(contentsOf: folder.appendingPathComponent("hashes.txt"), encoding: .utf8)
        let frames = hashes.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(!frames.isEmpty, "no frames: \(r)")
        for frame in frames { #expect(summary.contains("  \(frame)  "), "\(frame) not described:\n\(summary)") }
        for test in tests { #expect(summary.contains("  \(test)"), "\(test) not named:\n\(summary)") }
    }

    @Test(arguments: ["only", "last"], [false, true])
    func aWatchdogStopInTheOnlyOrLastTestIsDescribed(_ place: String, _ hashOnly: Bool) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let first = "test(\"first passes\", function() tap \"Open\"; expect.scene \"detail\" end)\n"
        try tmp.write(
            "s.lua",
            "prototype \"Proto\"\n" + (place == "last" ? first : "")
                + "test(\"hangs in C\", function() tap \"Open\"; \(Self.hang) end)\n")
        let r = try Sceneflow.run(
            ["test", "s.lua", "--timeout", "2", "--frames", "fr"] + (hashOnly ? ["--frames-hash-only"] : []),
            in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        try Self.expectDescribed(
            tmp.url.appendingPathComponent("fr/s"),
            tests: place == "last" ? ["first passes", "hangs in C"] : ["hangs in C"],
            "\(r)")
    }

    /// Red-team 33 F1 (residual): a stop signal to the whole process group before a file's
    /// first frame left its `--frames` folder empty, with no summary.txt, while the verdicts
    /// (interrupted, skipped) were the runner's to write. The runner writes it, in a folder
    /// the worker made or not.
    @Test(arguments: [false, true])
    func aStopBeforeTheFirstFrameLeavesTheVerdicts(_ folderMade: Bool) throws {
        let tmp = try TempFolder()
        let folder = tmp.file("fr/s")
        if folderMade {
            for name in ["s", "t"] {
                try FileManager.default.createDirectory(
                    atPath: tmp.file("fr/\(name)"), withIntermediateDirectories: true)
            }
        }
        var stopped = TestOutcome(
            name: "first stopped", file: "s.lua", line: 2, verdict: .interrupted,
            failure: Diagnostic(file: "s.lua", line: 2, message: "interrupted by a signal while the test ran"))
        stopped.wallSeconds = 0.2
        let left = TestOutcome(
            name: "second left out", file: "s.lua", line: 3, verdict: .skipped, skipReason: "the run was stopped")
        let problem = HeadlessTestRunner.completeFramesSummary(
            directory: folder, result: ScriptFileResult(file: "s.lua", outcomes: [stopped, left]))
        #expect(problem == nil)
        let summary = try String(contentsOfFile: tmp.file("fr/s/summary.txt"), encoding: .utf8)
        #expect(summary.contains("FAIL  first stopped"), "\(summary)")
        #expect(summary.contains("interrupted by a signal"), "\(summary)")
        #expect(summary.contains("SKIP  second left out  (the run was stopped)"), "\(summary)")
        #expect(summary.contains("frames written:"), "\(summary)")
        // A file whose turn had not come: described in the folder its worker made, and no
        // folder is made for it otherwise.
        let notRun = HeadlessTestRunner.completeFramesSummary(
            directory: tmp.file("fr/t"), result: .notRun("t.lua"))
        #expect(notRun == nil)
        let made = FileManager.default.fileExists(atPath: tmp.file("fr/t/summary.txt"))
        #expect(made == folderMade || !folderMade && !FileManager.default.fileExists(atPath: tmp.file("fr/t")))
    }

    @Test func aGroupSignalInTheFirstTestIsDescribed() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid") else { return }
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("loops", function() tap "Open"; expect.scene "detail"; while true do end end)
            test("after", function() tap "Open" end)

            """)
        let binary = try #require(Sceneflow.binary)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        // `setsid --wait`: the runner leads a process group of its own (setsid forks when the
        // test process made it a group leader already), as a terminal's job does.
        process.arguments = ["--wait", binary.path, "test", "s.lua", "--jobs", "2", "--frames", "fr"]
        process.currentDirectoryURL = tmp.url
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["XDG_CACHE_HOME"] = tmp.file("cache")
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let hashes = tmp.file("fr/s/hashes.txt")
        // Inside the first test, once it has written a frame (its loop runs for 30 s).
        _ = poll(timeout: 60) {
            ((try? String(contentsOfFile: hashes, encoding: .utf8)) ?? "").contains("detail")
        }
        let children = "/proc/\(process.processIdentifier)/task/\(process.processIdentifier)/children"
        let runner = (try? String(contentsOfFile: children, encoding: .utf8))?.split(separator: " ").first
        let group =
            runner.flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? process.processIdentifier
        kill(-group, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        try Self.expectDescribed(tmp.url.appendingPathComponent("fr/s"), tests: ["loops"], "group SIGTERM")
    }
}
