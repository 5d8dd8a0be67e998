import Foundation
import Testing

/// A standard output left non-blocking (O_NONBLOCK, as some CI runners, `ssh` sessions and
/// Node parents leave a shared pipe) whose reader pauses loses nothing: a full pipe is waited
/// out, as a blocking one is (red-team finding S8: the console after 64 KiB, its closing line
/// included, vanished silently, and `--json -` was cut with exit 70).
@Suite struct NonBlockingOutputTests {
    /// Runs `sceneflow arguments` in `folder` with a non-blocking pipe as standard output that
    /// is read only after `pause` seconds; returns the exit status, everything read, and
    /// standard error.
    static func run(_ arguments: [String], in folder: TempFolder, pause: Double = 2) throws -> (Int32, Data, String) {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        let process = Process()
        process.executableURL = try #require(Sceneflow.binary)
        process.arguments = arguments
        process.currentDirectoryURL = folder.url
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        process.environment = environment
        process.standardOutput = FileHandle(fileDescriptor: fds[1], closeOnDealloc: false)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        close(fds[1])
        usleep(useconds_t(pause * 1_000_000))
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(fds[0], &buffer, buffer.count)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        close(fds[0])
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, data, stderr)
    }

    /// 200 tests that log 60 KB each, four of them failing: megabytes of `--verbose` console.
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "big.lua",
            """
            prototype "Proto"
            for i = 1, 200 do
              test("t" .. i, function()
                for j = 1, 60 do log.message(string.rep("m", 1000)) end
                if i % 50 == 0 then error("fail " .. i) end
              end)
            end

            """)
        return tmp
    }

    @Test func theConsoleArrivesWhole() throws {
        let tmp = try Self.suite()
        let (status, data, stderr) = try Self.run(["test", "big.lua", "--verbose"], in: tmp)
        let text = String(decoding: data, as: UTF8.self)
        #expect(status == 1, "\(stderr)")
        #expect(text.hasSuffix("196 passed, 4 failed\n"), "\(data.count) bytes, ending \(text.suffix(80))")
        #expect(data.count > 1_000_000)
        #expect(!stderr.contains("could not write"), "\(stderr)")
    }

    @Test(arguments: ["--json", "--junit"])
    func aReportOnStandardOutputArrivesWhole(_ option: String) throws {
        let tmp = try Self.suite()
        let (status, data, stderr) = try Self.run(["test", "big.lua", option, "-", "--quiet"], in: tmp)
        #expect(status == 1, "\(stderr)")
        #expect(!stderr.contains("could not write"), "\(stderr)")
        let text = String(decoding: data, as: UTF8.self)
        if option == "--json" {
            let start = try #require(text.firstIndex(of: "{"))
            let object = try JSONSerialization.jsonObject(with: Data(text[start...].utf8)) as? [String: Any]
            #expect(object?["line"] as? String == "196 passed, 4 failed")
        } else {
            #expect(text.contains("</testsuites>"), "\(text.suffix(80))")
        }
    }

    /// Every command's own standard output waits out a paused reader, not only `test`'s
    /// console: `inspect` was cut at 64 KiB with exit 0 and no word, `timing` and `test
    /// --list` exited 70 "Resource temporarily unavailable" (red-team finding T8).
    @Test(arguments: ["inspect", "list", "timing", "check", "graph"])
    func everyCommandsOutputArrivesWhole(_ command: String) throws {
        let tmp = try Self.suite()
        // A prototype of 3 000 elements: its inspect and graph are far over 64 KiB.
        var elements: [String] = []
        for i in 1...3_000 {
            elements.append("{ label = \"Element number \(i) with a long label\", frame = { 0, \(i % 700), 10, 10 } }")
        }
        try tmp.write(
            "Big/prototype.lua",
            """
            return { device = { width = 360, height = 800, scale = 1 }, start = "home",
              scenes = { home = { image = "home.png", elements = {
                \(elements.joined(separator: ",\n    "))
              } } } }
            """)
        try tmp.image("Big/home.png", width: 360, height: 800)
        // 3 000 tests with long names, each moving between two scenes: a long --list and timing.
        try tmp.write(
            "many.lua",
            """
            prototype "Proto"
            for i = 1, 3000 do
              test("test number " .. i .. " with a name long enough to fill the list", function()
                tap "Open" expect.scene "detail"
              end)
            end

            """)
        if command == "timing" {
            // 3 000 tests take a debug build about a minute on a loaded machine: a harness
            // limit, not a timing (it had killed the run at 60 s).
            let timeline = try Sceneflow.run(
                ["test", "many.lua", "--timeline", "tl.json", "--quiet"], in: tmp.url, timeout: 600)
            #expect(timeline.status == 0, "\(timeline)")
        }
        let arguments: [String] =
            switch command {
            case "inspect": ["inspect", "Big"]
            case "list": ["test", "many.lua", "--list"]
            case "timing": ["timing", "tl.json"]
            case "check": ["check", "Big", "--verbose"]
            default: ["graph", "Big"]
            }
        let blocking = try Sceneflow.run(arguments, in: tmp.url)
        let (status, data, stderr) = try Self.run(arguments, in: tmp)
        #expect(status == blocking.status, "\(stderr)")
        #expect(!stderr.contains("could not write"), "\(stderr)")
        #expect(data.count == blocking.stdout.utf8.count, "\(data.count) of \(blocking.stdout.utf8.count) bytes")
    }

    /// `test --list` into a pipe nobody reads stops at SIGTERM within a second, exit 143, as a
    /// run does (red-team finding T11: it waited for the reader to go away).
    @Test func aListIntoAnUnreadPipeStopsAtSIGTERM() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "many.lua",
            "prototype \"Proto\"\nfor i = 1, 3000 do test(\"test number \" .. i .. \" with a long name to fill a pipe\", function() end) end\n"
        )
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let process = Process()
        process.executableURL = try #require(Sceneflow.binary)
        process.arguments = ["test", "many.lua", "--list"]
        process.currentDirectoryURL = tmp.url
        process.standardOutput = FileHandle(fileDescriptor: fds[1], closeOnDealloc: false)
        process.standardError = FileHandle.nullDevice
        try process.run()
        close(fds[1])
        // Wait until the pipe is full (the list is written and blocked).
        var available: Int32 = 0
        let full = Date().addingTimeInterval(60)
        while Date() < full {
            _ = ioctl(fds[0], UInt(FIONREAD), &available)
            if available >= 65_536 { break }
            usleep(50_000)
        }
        #expect(available >= 65_536, "the list never filled the pipe")
        usleep(300_000)
        let sent = Date()
        kill(process.processIdentifier, SIGTERM)
        while process.isRunning && Date().timeIntervalSince(sent) < 10 { usleep(20_000) }
        #expect(!process.isRunning, "--list ignored SIGTERM for 10 s")
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
    }
}
