import Foundation
import Testing

@testable import SceneflowRunner

/// Two runs into one report folder at once (two CI jobs in one workspace, a quick run beside a
/// long one): the run that ends first removes the last run's files it did not write again,
/// but never one that the other run, still going, wrote again meanwhile (red-team 55 B C1:
/// it took the other run's journal for a killed run's, removed its fresh capture, and that
/// run's reports then named a file that was gone).
@Suite struct ConcurrentReportFolderTests {
    /// The modification time of `path`, nil when nothing is there.
    static func modified(_ path: String) -> Double? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }

    /// Every file path under `R/` that `R/results.json` names, relative to `R`.
    static func namedFiles(_ folder: String) throws -> [String] {
        let text = try String(contentsOfFile: folder + "/results.json", encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: "\"R/((?:captures|artifacts|screenshots|videos)/[^\"]+)\"")
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test(arguments: [["--jobs", "1"], ["--jobs", "2"]])
    func aRunEndingFirstKeepsTheFilesOfARunStillGoing(_ jobs: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        // `a` captures c1, computes for 3 s of CPU when asked (os.clock), then captures c2.
        try tmp.write(
            "e/a.lua",
            """
            prototype "../Proto"
            test("a", function()
              capture("c1")
              if param("spin") then local t = os.clock() while os.clock() - t < 3 do end end
              capture("c2")
            end)

            """)
        try tmp.write("d/z.lua", "prototype \"../Proto\"\ntest(\"z\", function() end)\n")
        let environment = ["XDG_CACHE_HOME": tmp.file("cache")]
        // An earlier run's c1 and c2, listed in the folder's list.
        let earlier = try Sceneflow.run(["test", "e", "--report", "R"], in: tmp.url, environment: environment)
        #expect(earlier.status == 0, "\(earlier)")
        let c1 = tmp.file("R/captures/e-a/01-a/c1.png")
        let old = try #require(Self.modified(c1), "the earlier run wrote no c1.png")

        let long = try KilledRunReportFolderTests.start(
            ["test", "e", "--report", "R", "--param", "spin=1"] + jobs, in: tmp, until: nil)
        defer { if long.isRunning { kill(long.processIdentifier, SIGKILL) } }
        let deadline = Date().addingTimeInterval(60)
        while long.isRunning, Date() < deadline, Self.modified(c1) == old { usleep(20_000) }
        #expect(Self.modified(c1) != old, "the long run never wrote c1.png again")
        // The quick run starts and ends while the long one computes.
        let quick = try Sceneflow.run(["test", "d", "--report", "R"], in: tmp.url, environment: environment)
        #expect(quick.status == 0, "\(quick)")
        #expect(long.isRunning, "the long run ended before the quick one: nothing was tried")
        long.waitUntilExit()
        #expect(long.terminationStatus == 0)

        let named = try Self.namedFiles(tmp.file("R"))
        #expect(named.contains("captures/e-a/01-a/c1.png"), "\(named)")
        for file in named {
            #expect(
                FileManager.default.fileExists(atPath: tmp.file("R/" + file)), "\(file), named by results.json, is gone"
            )
        }
        // The next run into the folder passes, and removes nothing it needs.
        let next = try Sceneflow.run(["test", "e", "--report", "R"], in: tmp.url, environment: environment)
        #expect(next.status == 0, "\(next)")
        for file in try Self.namedFiles(tmp.file("R")) {
            #expect(FileManager.default.fileExists(atPath: tmp.file("R/" + file)), "\(file) is gone after the next run")
        }
    }
}

/// The same, at the ledger's level and with no timing: what another run still going notes in
/// the journal after this run started is never removed by this run's end, and is listed, so no
/// later run takes it for a person's file (red-team 62 B C2: about one try in four left a file
/// of the other run listed nowhere, and a later red run could not write its failure artifacts).
@Suite struct JournalReadAtTheEndTests {
    @Test(arguments: [false, true])
    func aFileAnotherRunNotedLaterIsKeptAndListed(written: Bool) throws {
        let tmp = try TempFolder()
        let folder = tmp.file("R")
        let entry = "artifacts/s/01-t/frame.png"
        try FileManager.default.createDirectory(
            atPath: tmp.file("R/artifacts/s/01-t"), withIntermediateDirectories: true)
        // An earlier run's frame, listed with its time.
        try tmp.write("R/" + entry, "earlier")
        let (earlier, _) = ReportFolderLedger.start(folder)
        try earlier.finish()

        // This run starts; then another run, still going, notes the frame (and, when
        // `written`, writes it again) after that.
        let (ledger, _) = ReportFolderLedger.start(folder)
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/bin/sleep")
        other.arguments = ["30"]
        try other.run()
        defer { if other.isRunning { kill(other.processIdentifier, SIGKILL) } }
        let run = try #require(RunProcess.identity(of: other.processIdentifier))
        var line = "{\"entry\":\"\(entry)\",\"run\":\"\(run)\"}\n"
        if written {
            usleep(20_000)
            try tmp.write("R/" + entry, "the other run's")
            var info = stat()
            #expect(lstat(tmp.file("R/" + entry), &info) == 0)
            line += "{\"entry\":\"\(entry)\",\"modified\":\(ReportFolderLedger.modified(info)),\"run\":\"\(run)\"}\n"
        }
        let journal =
            FileHandle(forWritingAtPath: tmp.file("R/.sceneflow-files.journal"))
            ?? {
                FileManager.default.createFile(atPath: tmp.file("R/.sceneflow-files.journal"), contents: nil)
                return FileHandle(forWritingAtPath: tmp.file("R/.sceneflow-files.journal"))!
            }()
        journal.seekToEndOfFile()
        journal.write(Data(line.utf8))
        try journal.close()

        try ledger.finish()
        #expect(FileManager.default.fileExists(atPath: tmp.file("R/" + entry)), "the other run's file was removed")
        let list = try String(contentsOfFile: tmp.file("R/.sceneflow-files"), encoding: .utf8)
        #expect(list.contains(entry), "the other run's file is listed nowhere: \(list)")
        #expect(
            FileManager.default.fileExists(atPath: tmp.file("R/.sceneflow-files.journal")),
            "the journal of a run still going was removed")
    }
}

/// The list another run wrote while this one ran is carried into this run's list, and the
/// folder's lock never holds a run for long (red-team 62 B C2, 63 B D1).
@Suite struct ReportFolderListMergeTests {
    /// A file this run found unlisted at its start, that another run then wrote its list with,
    /// stays listed when this run's list replaces that one: it was left listed nowhere, and a
    /// later red run could not write its failure artifacts there.
    @Test func theListAnotherRunWroteMeanwhileIsKept() throws {
        let tmp = try TempFolder()
        let folder = tmp.file("R")
        let entry = "artifacts/s/02-u/elements.txt"
        try FileManager.default.createDirectory(
            atPath: tmp.file("R/artifacts/s/02-u"), withIntermediateDirectories: true)
        try tmp.write("R/" + entry, "the other run's")
        let (ledger, _) = ReportFolderLedger.start(folder)
        // The other run ends now and lists the file with its time.
        var info = stat()
        #expect(lstat(tmp.file("R/" + entry), &info) == 0)
        try tmp.write(
            "R/.sceneflow-files",
            "{\"schema\":\"sceneflow-report-files/1\",\"files\":[\"\(entry)\"],\"modified\":{\"\(entry)\":\(ReportFolderLedger.modified(info))}}\n"
        )
        try ledger.finish()
        let list = try String(contentsOfFile: tmp.file("R/.sceneflow-files"), encoding: .utf8)
        #expect(list.contains(entry), "the other run's file is listed nowhere: \(list)")
    }

    /// A lock another process holds for ever is waited for at most `lockWait`, then the run
    /// goes on without it.
    @Test func aLockHeldForEverHoldsARunOnlyBriefly() throws {
        let tmp = try TempFolder()
        try FileManager.default.createDirectory(atPath: tmp.file("R"), withIntermediateDirectories: true)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["-x", tmp.file("R"), "sleep", "60"]
        try holder.run()
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        usleep(300_000)
        let started = Date()
        let ran = ReportFolderLedger.holdingLock(tmp.file("R")) { true }
        let waited = Date().timeIntervalSince(started)
        #expect(ran)
        #expect(waited >= ReportFolderLedger.lockWait - 0.1 && waited < 30, "waited \(waited) s")
    }
}
