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
}
