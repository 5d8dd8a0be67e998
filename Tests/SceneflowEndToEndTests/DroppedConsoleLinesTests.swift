import Foundation
import Testing

/// When the console's reader stalls, the relay drops the lines that do not fit and says how
/// many: the counts it prints add up to exactly the lines that never arrived, whether standard
/// error shares the stalled pipe (`2>&1`, the usual CI log) or not, including lines dropped
/// after the last one that fitted (red-team finding p1: with standard error on the same pipe,
/// lines dropped at the end of a run were never counted).
@Suite struct DroppedConsoleLinesTests {
    /// Verbose output of about 24 MB: 100 tests logging 60 lines of 4000 bytes each, three
    /// times what the relay holds for a stalled reader.
    static let script = """
        prototype "Proto"
        for t = 1, 100 do
          test("talks " .. t, function()
            for i = 1, 60 do log.message(string.rep("m", 4000)) end
          end)
        end

        """

    /// The counts of every notice line in `text`.
    static func announced(_ text: String) -> Int {
        var sum = 0
        for line in text.split(separator: "\n") where line.contains("console line") && line.contains("dropped") {
            let words = line.split(separator: " ")
            if let index = words.firstIndex(where: { $0.hasPrefix("console") }), index > 0,
                let count = Int(words[index - 1])
            {
                sum += count
            }
        }
        return sum
    }

    @Test(arguments: [true, false]) func theCountsAddUpToTheLinesDropped(errorsToo: Bool) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("chat.lua", Self.script)
        let arguments = ["test", "chat.lua", "--verbose", "--json", "r.json"]
        // The whole console, written to a file (never relayed, never dropped).
        let whole = try Sceneflow.run(arguments, in: tmp.url, timeout: 300)
        #expect(whole.status == 0, "\(whole.stderr)")
        let expected = whole.stdout.split(separator: "\n", omittingEmptySubsequences: false).count
        try FileManager.default.removeItem(atPath: tmp.file("r.json"))

        FileManager.default.createFile(atPath: tmp.file("stderr.txt"), contents: nil)
        let (process, pipe) = try Self.start(
            arguments, in: tmp,
            errors: { errorsToo ? $0.fileHandleForWriting : FileHandle(forWritingAtPath: tmp.file("stderr.txt")) })
        // Nobody reads until the run wrote its report and waits for the reader.
        let deadline = Date().addingTimeInterval(240)
        while !FileManager.default.fileExists(atPath: tmp.file("r.json")) && Date() < deadline { usleep(50_000) }
        usleep(1_000_000)
        let received = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let errors = (try? String(contentsOfFile: tmp.file("stderr.txt"), encoding: .utf8)) ?? ""
        let lines = received.split(separator: "\n", omittingEmptySubsequences: false)
        let notices = lines.filter { $0.contains("console line") && $0.contains("dropped") }.count
        let dropped = Self.announced(received) + Self.announced(errors)
        #expect(dropped > 0, "nothing was dropped: the test did not stall the reader")
        #expect(
            lines.count - notices + dropped == expected,
            "\(lines.count - notices) lines arrived and \(dropped) were announced dropped, of \(expected); stderr: \(errors)"
        )
    }

    /// `sceneflow arguments` started in `tmp` with its standard output into a pipe that nobody
    /// reads yet (this process keeps only the reading end) and its standard error to `errors`.
    static func start(
        _ arguments: [String], in tmp: TempFolder, errors: (Pipe) -> FileHandle?
    ) throws -> (Process, Pipe) {
        let pipe = Pipe()
        let process = Process()
        process.executableURL = try #require(Sceneflow.binary)
        process.arguments = arguments
        process.currentDirectoryURL = tmp.url
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["CI"] = nil
        env["XDG_CACHE_HOME"] = tmp.file("cache")
        process.environment = env
        process.standardOutput = pipe.fileHandleForWriting
        process.standardError = errors(pipe)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try pipe.fileHandleForWriting.close()
        return (process, pipe)
    }

    /// The console of `script` with its last test failing, read by a reader that stalls
    /// `stall` seconds (or until the reports are written when nil) before it reads it all.
    static func stalled(_ arguments: [String], stall: Double?) throws -> (String, Int32) {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("chat.lua", script + "test(\"last\", function() error(\"the last test fails\") end)\n")
        let (process, pipe) = try Self.start(arguments, in: tmp, errors: { _ in FileHandle.nullDevice })
        if let stall {
            usleep(UInt32(stall * 1_000_000))
        } else {
            let deadline = Date().addingTimeInterval(240)
            while !FileManager.default.fileExists(atPath: tmp.file("r.json")) && Date() < deadline { usleep(50_000) }
            usleep(1_000_000)
        }
        let received = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (received, process.terminationStatus)
    }

    /// Red-team 9 R7: a stalled reader of `--verbose` lost the only FAIL line and the closing
    /// counts while earlier PASS lines were kept. Detail is dropped first: every verdict line
    /// and the end of the run arrive.
    @Test func aStalledVerboseConsoleKeepsEveryVerdictAndTheEnd() throws {
        let (received, status) = try Self.stalled(
            ["test", "chat.lua", "--verbose", "--json", "r.json"], stall: nil)
        #expect(status == 1)
        let lines = received.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("  PASS  ") }.count == 100, "\(lines.suffix(5))")
        #expect(lines.contains { $0.hasPrefix("  FAIL  last") }, "\(lines.suffix(5))")
        #expect(lines.contains("100 passed, 1 failed"), "\(lines.suffix(5))")
        #expect(Self.announced(received) > 0, "nothing was dropped: the test did not stall the reader")
    }

    /// A TAP stream loses no line to a stalled reader: the run waits for it (prove had said
    /// "No plan found" with 33 of 60 points, and YAML blocks had lost lines).
    @Test func aStalledTAPReaderGetsTheWholeStream() throws {
        let (received, status) = try Self.stalled(["test", "chat.lua", "--verbose", "--tap"], stall: 4)
        #expect(status == 1)
        let lines = received.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("ok ") }.count == 100, "\(lines.suffix(5))")
        #expect(lines.contains { $0.hasPrefix("not ok 101 ") }, "\(lines.suffix(5))")
        #expect(lines.contains("1..101"), "\(lines.suffix(5))")
        #expect(!received.contains("dropped"), "\(lines.suffix(5))")
    }
}
