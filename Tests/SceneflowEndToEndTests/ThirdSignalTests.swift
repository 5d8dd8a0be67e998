import Foundation
import Testing

/// A third stop signal kills `sceneflow test` at once, without the reports it had not written
/// yet (documented); it now says which, so an earlier run's file at one of those paths is not
/// read as this run's: the process died silent and left an earlier green `index.html` beside
/// this run's red JSON and JUnit (red-team 25 F3).
@Suite struct ThirdSignalTests {
    /// One attempt: the run's exit (killed by SIGTERM or not) and its standard error.
    static func attempt() throws -> (killed: Bool, stderr: String) {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "big.lua",
            "prototype \"Proto\"\nfor i = 1, 300 do test(\"t\" .. i, function() for j = 1, 20 do log.message(string.rep(\"x\", 100)) end end) end\n"
        )
        // Every report is a FIFO held open by a reader that never reads, each far larger than a
        // pipe holds: after a stop, each write waits its 0.3 s and is cut short, so writing them
        // all takes about 1.5 s, time for signals 0.6 s apart.
        let fifos = ["j.xml", "f.json", "rep/results.json", "rep/junit.xml", "rep/index.html"]
        try FileManager.default.createDirectory(atPath: tmp.file("rep"), withIntermediateDirectories: true)
        for fifo in fifos { #expect(mkfifo(tmp.file(fifo), 0o644) == 0) }
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Opened read-write, so opening never waits for a writer.
        reader.arguments = [
            "-c", "exec 3<>j.xml 4<>f.json 5<>rep/results.json 6<>rep/junit.xml 7<>rep/index.html; exec sleep 120",
        ]
        reader.currentDirectoryURL = tmp.url
        try reader.run()
        defer { reader.terminate() }

        let process = Process()
        process.executableURL = try #require(Sceneflow.binary)
        process.arguments = ["test", "big.lua", "--junit", "j.xml", "--json", "f.json", "--report", "rep"]
        process.currentDirectoryURL = tmp.url
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        environment["XDG_CACHE_HOME"] = tmp.file("cache")
        process.environment = environment
        FileManager.default.createFile(atPath: tmp.file("out.txt"), contents: nil)
        FileManager.default.createFile(atPath: tmp.file("err.txt"), contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: tmp.file("out.txt"))
        process.standardError = FileHandle(forWritingAtPath: tmp.file("err.txt"))
        try process.run()
        let deadline = Date().addingTimeInterval(90)
        while Date() < deadline,
            !((try? String(contentsOfFile: tmp.file("out.txt"), encoding: .utf8)) ?? "").contains("PASS")
        {
            usleep(20_000)
        }
        // Requests 0.6 s apart (one within 0.5 s of the last counted is the same request) until
        // the run ends: a loaded machine may deliver two as one, so more than three may be sent.
        for _ in 0..<8 where process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            usleep(600_000)
        }
        process.waitUntilExit()
        let stderr = try String(contentsOfFile: tmp.file("err.txt"), encoding: .utf8)
        return (process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM, stderr)
    }

    @Test func aThirdSignalNamesTheReportsNotWritten() throws {
        // The third signal must land while the reports are written, a window of about a
        // second: on a loaded machine a run may end first, so up to four runs are tried. Every
        // run killed by the third signal must have said what it did not write.
        var killed = 0
        for _ in 0..<4 where killed == 0 {
            let (wasKilled, stderr) = try Self.attempt()
            guard wasKilled else { continue }
            killed += 1
            let said = try #require(
                stderr.split(separator: "\n").first { $0.hasPrefix("sceneflow test: killed by a third stop signal: ") },
                "\(stderr)")
            // The report folder, written last, is named; so is whatever came before it unwritten.
            #expect(said.hasSuffix("rep not written (a file already there is not this run's)"), "\(said)")
            let named = said.dropFirst("sceneflow test: killed by a third stop signal: ".count)
                .replacingOccurrences(of: " not written (a file already there is not this run's)", with: "")
                .components(separatedBy: ", ")
            #expect(Set(named).isSubset(of: ["j.xml", "f.json", "rep"]), "\(said)")
        }
        #expect(killed > 0, "no run of four was killed by a third signal while writing its reports")
    }
}
