import Foundation
import Testing

/// A reader that stalls on the console's pipe without closing it (a CI log pipe that stops
/// reading, `| less` left unscrolled) never keeps a signal from ending a run: every command
/// that writes a console log (`test`, `play`, `record`) still ends on SIGTERM with its reports,
/// timeline or recorded script written and exit 143. The pipe is a real one, filled before
/// the command starts, so its very first console line would block a plain `write(2)`.
@Suite struct StalledConsoleTests {
    /// A pipe whose buffer is already full: nobody reads it until the command has ended.
    final class FullPipe {
        let pipe = Pipe()
        init() {
            let fd = pipe.fileHandleForWriting.fileDescriptor
            let flags = fcntl(fd, F_GETFL)
            _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
            let block = [UInt8](repeating: UInt8(ascii: "."), count: 4096)
            while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
            _ = fcntl(fd, F_SETFL, flags)
        }
    }

    /// Whether a thread of `pid` sleeps in a pipe write (the console's, once the pipe is full).
    static func blockedInPipeWrite(_ pid: Int32) -> Bool {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.contains { task in
            let wchan = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)) ?? ""
            return wchan.contains("pipe_write")
        }
    }

    /// Starts `arguments` in `folder` with standard output on a full pipe (standard error
    /// to `stderr.txt`), waits until its console write blocks, sends SIGTERM and waits for
    /// the end (at most `limit` seconds, then SIGKILL). Returns the exit status, nil when it
    /// had to be killed.
    func runStalled(
        _ arguments: [String], in folder: TempFolder, busyWorker: Bool = false, errorsToo: Bool = false
    ) throws -> Int32? {
        let full = FullPipe()
        let process = Process()
        process.executableURL = try #require(Sceneflow.binary)
        process.arguments = arguments
        process.currentDirectoryURL = folder.url
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["SDL_AUDIODRIVER"] = "dummy"
        process.environment = env
        FileManager.default.createFile(atPath: folder.file("stderr.txt"), contents: nil)
        process.standardOutput = full.pipe.fileHandleForWriting
        process.standardError =
            errorsToo ? full.pipe.fileHandleForWriting : FileHandle(forWritingAtPath: folder.file("stderr.txt"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && !Self.blockedInPipeWrite(pid) && Date() < deadline { usleep(20_000) }
        if busyWorker { _ = WorkerProcesses.waitUntilBusy(pid) }
        #expect(process.isRunning, "the command ended before its console write blocked")
        kill(pid, SIGTERM)
        let limit = Date().addingTimeInterval(30)
        while process.isRunning && Date() < limit { usleep(20_000) }
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }

    @Test(arguments: [false, true]) func testEndsOnSigtermWithItsReports(errorsToo: Bool) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "chat.lua",
            """
            prototype "Proto"
            test("talks", function() log.message(string.rep("m", 1000)) end)
            test("spins", function() while true do end end)

            """)
        let status = try runStalled(
            ["test", "chat.lua", "--verbose", "--json", "r.json", "--junit", "j.xml", "--timeout", "60"], in: tmp,
            busyWorker: true, errorsToo: errorsToo)
        #expect(status == 143, "SIGTERM did not end `test` while its console reader stalled")
        let json = try String(contentsOfFile: tmp.file("r.json"), encoding: .utf8)
        #expect(json.contains("\"verdict\" : \"interrupted\""), "\(json)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("j.xml")))
    }

    /// Every report that can go to standard output (`--json -`, `--junit -`, `--tap`, the
    /// console), into a stalled pipe: SIGTERM still ends the run with 143, and the reports
    /// that go to files are written (the one on the pipe may be cut short).
    @Test(arguments: [
        ["--json", "-", "--junit", "j.xml"], ["--junit", "-", "--json", "r.json"],
        ["--tap", "--json", "r.json", "--junit", "j.xml"], ["--json", "r.json", "--junit", "j.xml"],
        // Standard output by another name is standard output (red-team 59 B F4: exit 70).
        ["--json", "/dev/stdout", "--junit", "j.xml"], ["--junit", "/dev/fd/1", "--json", "r.json"],
    ])
    func aReportOnAStalledStandardOutputEndsOnSigterm(options: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "quick.lua",
            """
            prototype "Proto"
            for i = 1, 20 do test("quick " .. i .. string.rep("x", 200), function() tap "Open" end) end

            """)
        let status = try runStalled(["test", "quick.lua"] + options, in: tmp)
        #expect(status == 143, "\(options): SIGTERM did not end `test` while standard output stalled")
        // The console cut short is said on standard error (red-team 59 B F5: nothing was).
        let stderr = (try? String(contentsOfFile: tmp.file("stderr.txt"), encoding: .utf8)) ?? ""
        #expect(
            stderr.contains("cut short") || stderr.contains("were dropped"),
            "\(options): \(stderr)")
        // Each message is a whole line (red-team 60 B N1: this one had no line break) that
        // names its command, as every message does (61 B R1: `sceneflow:` alone).
        #expect(stderr.isEmpty || stderr.hasSuffix("\n"), "\(options): \(stderr.suffix(200))")
        // (With `--json -` the console is on standard error too: its lines are not messages.)
        for line in stderr.split(separator: "\n") where line.contains("cut short") || line.contains("dropped") {
            #expect(line.hasPrefix("sceneflow test: "), "\(options): \(line)")
        }
        for (option, file) in [("--json", "r.json"), ("--junit", "j.xml")] where options.contains(file) {
            #expect(FileManager.default.fileExists(atPath: tmp.file(file)), "\(options): \(option) not written")
        }
    }

    @Test func playEndsOnSigtermWithItsTimeline() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let status = try runStalled(["play", "Proto", "--timeline", "t.json", "--csv", "t.csv"], in: tmp)
        #expect(status == 143, "SIGTERM did not end `play` while its console reader stalled")
        #expect(FileManager.default.fileExists(atPath: tmp.file("t.json")))
        #expect(FileManager.default.fileExists(atPath: tmp.file("t.csv")))
    }

    @Test func recordEndsOnSigtermWithItsScript() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let status = try runStalled(["record", "Proto", "--out", "flow.lua"], in: tmp)
        #expect(status == 143, "SIGTERM did not end `record` while its console reader stalled")
        #expect(FileManager.default.fileExists(atPath: tmp.file("flow.lua")))
    }
}
