import Foundation
import Testing

/// Red-team 32 R4: a stop signal to `play` or `record` while a scene image was being decoded
/// (a progressive JPEG of 100 megapixels decodes for seconds, in one C call) waited for the
/// whole decode, then for a second one, and blamed the X server ("the X server is not
/// responding") though it was idle. The stop now ends the command about a second after the
/// signal wherever it lands, and says what it interrupted: the image being decoded.
@Suite struct StopDuringDecodeWindowTests {
    /// A 10000x10000 progressive JPEG with 25 scans (the most its size may have): some 3 s a
    /// decode; nil when ImageMagick is missing.
    static func slowPrototype(_ tmp: TempFolder) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { return nil }
        let made = try Sceneflow.run(
            [
                "-size", "10000x10000", "gradient:blue-yellow", "-quality", "50", "-interlace", "Plane",
                tmp.file("b.jpg"),
            ],
            timeout: 120, executable: URL(fileURLWithPath: "/usr/bin/convert"))
        try #require(made.status == 0, "\(made)")
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tmp.file("b.jpg"))))
        // The last scan (with the Huffman table before it) repeated up to 25 scans in all.
        let scans = JPEGScanLimitTests.scans(data)
        let last = try #require(scans.last)
        var out = Array(data[..<last.upperBound])
        for _ in scans.count..<25 { out += data[last] }
        out += [0xFF, 0xD9]
        try tmp.write("P/home.jpg", Data(out))
        try tmp.write(
            "P/prototype.lua",
            "return { name = \"Slow\", device = { width = 360, height = 800, scale = 1 }, start = \"home\", scenes = { home = { image = \"home.jpg\", elements = {} } } }\n"
        )
        return tmp.file("P")
    }

    @Test(arguments: ["play", "record"])
    func aStopSignalDuringADecodeEndsTheCommandAndNamesTheImage(_ command: String) throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        guard let proto = try Self.slowPrototype(tmp) else { return }
        let binary = try #require(Sceneflow.binary)
        let process = Process()
        process.executableURL = binary
        process.arguments =
            command == "play"
            ? ["play", proto, "--no-reload", "--timeline", tmp.file("t.json")]
            : ["record", proto, "--out", tmp.file("r.lua")]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = ":\(display.number)"
        env["SDL_VIDEODRIVER"] = "x11"
        env["XDG_CACHE_HOME"] = tmp.file("cache")
        process.environment = env
        let log = URL(fileURLWithPath: tmp.file("log.txt"))
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        usleep(1_000_000)  // inside the first decode, which takes some 3 s
        let sent = Date()
        kill(process.processIdentifier, SIGTERM)
        let child = process
        poll(timeout: 30) { !child.isRunning }
        let took = Date().timeIntervalSince(sent)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 143, "\(command) after \(took) s:\n\(said)")
        #expect(said.contains("home.jpg") && said.contains("was being decoded"), "\(said)")
        #expect(!said.contains("X server"), "\(said)")
        #expect(took < 2.5, "\(command) took \(took) s to stop:\n\(said)")
    }
}
