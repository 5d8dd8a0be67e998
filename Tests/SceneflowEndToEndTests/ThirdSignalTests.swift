import Foundation
import Testing

/// A third stop signal kills `sceneflow test` at once, without the reports it had not written
/// yet (documented); it now says which, so an earlier run's file at one of those paths is not
/// read as this run's: the process died silent and left an earlier green `index.html` beside
/// this run's red JSON and JUnit (red-team 25 F3).
@Suite struct ThirdSignalTests {
    @Test func aThirdSignalNamesTheReportsNotWritten() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "big.lua",
            "prototype \"Proto\"\nfor i = 1, 300 do test(\"t\" .. i, function() for j = 1, 20 do log.message(string.rep(\"x\", 100)) end end) end\n"
        )
        // Every report is a FIFO held open by a reader that never reads, each far larger than a
        // pipe holds: after a stop, each write waits its 0.3 s and is cut short, so writing them
        // all takes well over the second that three signals 0.6 s apart need.
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
        // Three requests, each more than the 0.5 s that makes one request reaching the process
        // twice count once.
        for _ in 0..<3 {
            kill(process.processIdentifier, SIGTERM)
            usleep(600_000)
        }
        process.waitUntilExit()
        let stderr = try String(contentsOfFile: tmp.file("err.txt"), encoding: .utf8)
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM, "\(stderr)")
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
}
