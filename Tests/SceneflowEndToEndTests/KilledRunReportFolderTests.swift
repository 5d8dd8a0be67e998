import Foundation
import Testing

/// Red-team 54 B N3: a run killed before its end (`kill -9`) had written the last run's own
/// captures and artifacts again, unlisted; every later run into the folder then "kept" them as a
/// person's and failed green tests until the folder was deleted by hand. A run notes each file
/// in the folder's journal before writing it, and the next run takes a killed run's journal as
/// a run's own files. N1: a page a person edited while a run went on was written over at its
/// end without a word; it is kept now, and the run says so (exit 70).
@Suite struct KilledRunReportFolderTests {
    /// Starts `sceneflow arguments…` in `folder`, waits until its standard output holds `marker`
    /// (not at all when nil),
    /// runs `then`, and returns the process (still running, or ended).
    static func start(_ arguments: [String], in folder: TempFolder, until marker: String?) throws -> Process {
        let process = Process()
        process.executableURL = try #require(Sceneflow.binary)
        process.arguments = arguments
        process.currentDirectoryURL = folder.url
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        environment["XDG_CACHE_HOME"] = folder.file("cache")
        environment.removeValue(forKey: "CI")
        process.environment = environment
        FileManager.default.createFile(atPath: folder.file("out.txt"), contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: folder.file("out.txt"))
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard let marker else { return process }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning,
            !((try? String(contentsOfFile: folder.file("out.txt"), encoding: .utf8)) ?? "").contains(marker)
        {
            usleep(20_000)
        }
        return process
    }

    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "d/r.lua",
            """
            prototype "../Proto"
            test("r", function() capture "cr"; expect(param("red", "0")).to_be("0") end)
            test("g", function() capture "cg" end)

            """)
        try tmp.write(
            "d/z.lua",
            """
            prototype "../Proto"
            test("z", function()
              local t, spin = os.clock(), tonumber(param("spin", "0"))
              while os.clock() - t < spin do end
            end)

            """)
        return tmp
    }

    @Test(arguments: ["1", "2"])
    func aRunKilledWhileItWroteLeavesNothingThatFailsTheNext(jobs: String) throws {
        let tmp = try Self.suite()
        let first = try Sceneflow.run(
            ["test", "d", "--report", "R", "--param", "red=1", "--jobs", jobs], in: tmp.url, timeout: 120)
        #expect(first.status == 1, "\(first)")
        // The same run again, killed once r.lua has written its captures and artifacts.
        let killed = try Self.start(
            ["test", "d", "--report", "R", "--param", "red=1", "--param", "spin=30", "--jobs", jobs], in: tmp,
            until: "PASS  g")
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        for round in 1...2 {
            let green = try Sceneflow.run(["test", "d", "--report", "R", "--jobs", jobs], in: tmp.url, timeout: 120)
            #expect(green.status == 0, "run \(round) after the kill: \(green)")
            #expect(!green.stdout.contains("was kept"), "\(green.stdout)")
        }
        // The green runs removed the killed run's failure artifacts of r.
        #expect(!FileManager.default.fileExists(atPath: tmp.file("R/artifacts/d-r/01-r/frame.png")))
    }

    @Test func aPageEditedWhileTheRunWentOnIsKept() throws {
        let tmp = try Self.suite()
        #expect(try Sceneflow.run(["test", "d", "--report", "R"], in: tmp.url, timeout: 120).status == 0)
        let run = try Self.start(
            ["test", "d/r.lua", "d/z.lua", "--report", "R", "--param", "spin=2", "--jobs", "1"], in: tmp,
            until: "PASS  g")
        try tmp.write("R/index.html", "<h1>my notes</h1>\n")
        run.waitUntilExit()
        let out = (try? String(contentsOfFile: tmp.file("out.txt"), encoding: .utf8)) ?? ""
        #expect(run.terminationStatus == 70, "\(out)")
        #expect(try String(contentsOfFile: tmp.file("R/index.html"), encoding: .utf8) == "<h1>my notes</h1>\n")
    }

    /// Red-team 55 B P1: a file the killed run wrote and a person edited after the kill was
    /// written over by the next run; the journal notes each file's time once written, so the
    /// edit is the person's, kept and named.
    @Test func aFileEditedAfterTheKillIsKept() throws {
        let tmp = try Self.suite()
        let killed = try Self.start(
            ["test", "d", "--report", "R", "--param", "spin=30", "--jobs", "1"], in: tmp, until: "PASS  g")
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        let capture = "R/captures/d-r/02-g/cg.png"
        #expect(FileManager.default.fileExists(atPath: tmp.file(capture)))
        try tmp.write(capture, "mine\n")
        let next = try Sceneflow.run(["test", "d", "--report", "R"], in: tmp.url, timeout: 120)
        #expect(next.stdout.contains("it was kept"), "\(next)")
        #expect(try String(contentsOfFile: tmp.file(capture), encoding: .utf8) == "mine\n")
    }

    /// Red-team 55 B H1: a FIFO at the journal's path hung the run (opening it waited for a
    /// reader, past every stop signal); it is never opened for good, and the run goes on.
    @Test func aFIFOAtTheJournalDoesNotHangTheRun() throws {
        let tmp = try Self.suite()
        try FileManager.default.createDirectory(atPath: tmp.file("R"), withIntermediateDirectories: true)
        #expect(mkfifo(tmp.file("R/.sceneflow-files.journal"), 0o644) == 0)
        let r = try Sceneflow.run(["test", "d/r.lua", "--report", "R"], in: tmp.url, timeout: 60)
        #expect(r.status == 0, "\(r)")
    }
}
