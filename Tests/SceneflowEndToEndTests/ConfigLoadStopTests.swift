import Foundation
import SceneflowRunner
import Testing

/// Red-team 10 m3: a stop signal (a CI cancel) while the project config `sceneflow.lua` ran
/// its Lua was reported as the config's fault ("did not finish: it ran more than 50000000
/// instructions", exit 65), and in a library call the process ended without the reports. As
/// for a signal in the first milliseconds of any run: exit 128 + n, the config not blamed, and
/// the reports the command line asks for written, each file not run (interrupted).
@Suite struct ConfigLoadStopTests {
    /// Slow Lua code (about a second of work in allocations, well inside the load limits), and
    /// a library call that never returns (a backtracking pattern).
    static let configs = [
        "local made = 0\nfor _ = 1, 4000 do made = made + #string.rep(\"x\", 1000000) end\nreturn { test = { jobs = 1 } }\n",
        "string.find(string.rep(\"a\", 40), string.rep(\"a-\", 20) .. \"b\")\nreturn {}\n",
    ]

    @Test(arguments: configs)
    func aStopWhileTheConfigLoadsWritesTheReports(config: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s/a.lua", "prototype \"../Proto\"\ntest(\"a0\", function() end)\n")
        try tmp.write("sceneflow.lua", config)
        let process = Process()
        process.executableURL = try #require(Sceneflow.binary)
        process.arguments = ["test", "s", "--json", "r.json", "--junit", "j.xml"]
        process.currentDirectoryURL = tmp.url
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = tmp.file("cache")
        process.environment = environment
        FileManager.default.createFile(atPath: tmp.file("err.txt"), contents: nil)
        process.standardError = FileHandle(forWritingAtPath: tmp.file("err.txt"))
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while WorkerProcesses.cpuSeconds(process.processIdentifier) < 0.3 && Date() < deadline { usleep(20_000) }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let stderr = try String(contentsOfFile: tmp.file("err.txt"), encoding: .utf8)
        #expect(process.terminationStatus == 143, "\(stderr)")
        #expect(!stderr.contains("did not finish"), "\(stderr)")
        let report = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json"))))
        #expect(report.files.map(\.notRun) == ["interrupted"], "\(report.files)")
        let junit = try String(contentsOfFile: tmp.file("j.xml"), encoding: .utf8)
        #expect(junit.contains("s/a.lua"), "\(junit)")
    }
}
