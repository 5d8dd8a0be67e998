import Foundation
import Testing

/// Red-team 33 F9: `play` stopped while the prototype was still opening (a slow
/// `prototype.lua`, a large image) wrote no `--timeline` or `--csv`, and a signal that stopped
/// `prototype.lua`'s Lua was reported as the prototype's failure ("did not finish: it ran more
/// than 50000000 instructions or 10 s (an endless loop?)", exit 65). The stop is said as such,
/// the exit is 128 + the signal, and `play` writes its timeline files, holding no run. Needs
/// no display: the window is never reached.
@Suite struct StopWhileOpeningTests {
    /// A prototype whose `prototype.lua` takes some seconds of C calls (within its limits).
    static func slowPrototype(_ tmp: TempFolder) throws -> String {
        try tmp.write("P/home.png", Data(PNGWriter.solid(width: 36, height: 80)))
        try tmp.write(
            "P/prototype.lua",
            """
            local s = string.rep("ab", 500000)
            for _ = 1, 4000 do s = s:upper():lower() end
            return { name = "Slow", device = { width = 360, height = 800, scale = 1 }, start = "home",
              scenes = { home = { image = "home.png", elements = {} } } }

            """)
        return tmp.file("P")
    }

    @Test(arguments: [("play", SIGTERM), ("play", SIGINT), ("record", SIGTERM), ("record", SIGINT)])
    func aStopWhileThePrototypeOpensIsTheSignals(_ command: String, _ signal: Int32) throws {
        let tmp = try TempFolder()
        let proto = try Self.slowPrototype(tmp)
        let binary = try #require(Sceneflow.binary)
        let process = Process()
        process.executableURL = binary
        process.arguments =
            command == "play"
            ? ["play", proto, "--no-reload", "--timeline", tmp.file("t.json"), "--csv", tmp.file("t.csv")]
            : ["record", proto, "--out", tmp.file("r.lua")]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = ":4242"  // none: the window is never reached
        env["XDG_CACHE_HOME"] = tmp.file("cache")
        process.environment = env
        let log = URL(fileURLWithPath: tmp.file("log.txt"))
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        usleep(800_000)  // prototype.lua runs for seconds
        kill(process.processIdentifier, signal)
        let child = process
        poll(timeout: 30) { !child.isRunning }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 128 + signal, "\(said)")
        #expect(said.contains("stopped by a signal while the prototype opened"), "\(said)")
        #expect(!said.contains("did not finish"), "\(said)")
        guard command == "play" else { return }
        let json = try #require(FileManager.default.contents(atPath: tmp.file("t.json")), "\(said)")
        let document = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect((document["runs"] as? [Any])?.isEmpty == true, "\(document)")
        let csv = try String(contentsOfFile: tmp.file("t.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("run,index,from,to"), "\(csv)")
        #expect(said.contains("timeline written to"), "\(said)")
    }
}
