import Foundation
import SceneflowRunner
import Testing

/// A stop signal that lands after every test ran, while the reports are written, never leaves
/// two verdicts: the reports are finished whole and read as the run went (every test passed),
/// so the exit code is that verdict, and standard error says the signal came too late to stop
/// anything (red-team 19 F6: exit 143 while TAP, JUnit, JSON and HTML all read as passed).
/// Whenever the signal lands, the exit code and every report agree.
@Suite struct SignalDuringReportsTests {
    /// 150 passing tests that each log 64 × 4 000 characters: about 40 MB of reports, so
    /// writing them takes long enough for the signal to land there.
    static let suite = """
        prototype "Proto"
        for i = 1, 150 do
          test("t" .. i, function() local s = string.rep("x", 4000) for k = 1, 64 do log.message(s) end end)
        end

        """

    /// Starts `sceneflow test big.lua` in `folder` with every report (JUnit into `junit`), TAP
    /// into `r.tap` and standard error into `err.txt`.
    static func start(junit: String, in folder: TempFolder) throws -> Process {
        let process = Process()
        process.executableURL = try #require(Sceneflow.binary)
        process.arguments = ["test", "big.lua", "--json", "r.json", "--junit", junit, "--report", "rep", "--tap"]
        process.currentDirectoryURL = folder.url
        for name in ["r.tap", "err.txt"] { FileManager.default.createFile(atPath: folder.file(name), contents: nil) }
        process.standardOutput = FileHandle(forWritingAtPath: folder.file("r.tap"))
        process.standardError = FileHandle(forWritingAtPath: folder.file("err.txt"))
        try process.run()
        return process
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func theExitCodeAgreesWithTheReports(_ signal: Int32) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("big.lua", Self.suite)
        let process = try Self.start(junit: "r.xml", in: tmp)
        // The JUnit report's temporary file appears once every test has run.
        let deadline = Date().addingTimeInterval(120)
        var inReports = false
        while process.isRunning && Date() < deadline && !inReports {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: tmp.url.path)) ?? []
            inReports = names.contains { $0 == "r.xml" || ($0.hasPrefix(".r.xml.") && $0.hasSuffix(".tmp")) }
            if !inReports { usleep(5_000) }
        }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let status = process.terminationStatus
        let stderr = try String(contentsOfFile: tmp.file("err.txt"), encoding: .utf8)
        let summary = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json"))).summary
        let junit = try String(contentsOfFile: tmp.file("r.xml"), encoding: .utf8)
        let tap = try String(contentsOfFile: tmp.file("r.tap"), encoding: .utf8)
        let reportsPass =
            summary.failed == 0 && summary.interrupted == 0 && summary.notRun == 0 && !junit.contains("<error")
            && !junit.contains("<failure") && !tap.contains("not ok")
        #expect((status == 0) == reportsPass, "exit \(status), summary \(summary): \(stderr)")
        if inReports && summary.passed == 150 {
            // Landed in the report phase: the reports are whole and the run's verdict stands.
            #expect(status == 0, "\(stderr)")
            #expect(stderr.contains("arrived after every test had run"), "\(stderr)")
            #expect(tap.contains("1..150"), "\(tap.suffix(300))")
        } else {
            #expect(status == 128 + signal, "\(stderr)")
        }
    }

    /// A signal that cuts short a report written into a FIFO whose reader does not read, once
    /// every test has run: the report could not be written, so the exit is 70 as for any
    /// report that could not be written, and the reports written whole read as the run went
    /// (red-team 58 B S1: exit 143 while JSON, TAP and HTML read as passed, with no runFailure).
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalThatCutsAFIFOReportShortIsAFailedWrite(_ signal: Int32) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("big.lua", Self.suite)
        #expect(mkfifo(tmp.file("ff"), 0o644) == 0)
        // A reader that never reads: the JUnit write fills the pipe and waits.
        let reader = open(tmp.file("ff"), O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let process = try Self.start(junit: "ff", in: tmp)
        // Every test has run once the JUnit report reaches the pipe.
        let deadline = Date().addingTimeInterval(120)
        var pending = false
        while process.isRunning && Date() < deadline && !pending {
            var ready = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            pending = poll(&ready, 1, 20) > 0 && ready.revents & Int16(POLLIN) != 0
        }
        #expect(pending, "the JUnit report never reached the pipe")
        usleep(500_000)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let stderr = try String(contentsOfFile: tmp.file("err.txt"), encoding: .utf8)
        #expect(process.terminationStatus == 70, "\(stderr)")
        #expect(stderr.contains("could not write ff"), "\(stderr)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        #expect(report.summary.passed == 150 && report.runFailure == nil, "\(report.summary)")
        let tap = try String(contentsOfFile: tmp.file("r.tap"), encoding: .utf8)
        #expect(tap.contains("1..150") && !tap.contains("not ok"), "\(tap.suffix(300))")
    }
}
