import Foundation
import Testing

/// Two runs into one report folder at once (two CI jobs in one workspace, a quick run beside a
/// long one): the run that ends first removes the last run's files it did not write again,
/// but never one that the other run, still going, wrote again meanwhile (red-team 55 B C1:
/// it took the other run's journal for a killed run's, removed its fresh capture, and that
/// run's reports then named a file that was gone).
@Suite struct ConcurrentReportFolderTests {
    /// The modification time of `path`, nil when nothing is there.
    static func modified(_ path: String) -> Double? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }

    /// Every file path under `R/` that `R/results.json` names, relative to `R`.
    static func namedFiles(_ folder: String) throws -> [String] {
        let text = try String(contentsOfFile: folder + "/results.json", encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: "\"R/((?:captures|artifacts|screenshots|videos)/[^\"]+)\"")
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test(arguments: [["--jobs", "1"], ["--jobs", "2"]])
    func aRunEndingFirstKeepsTheFilesOfARunStillGoing(_ jobs: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        // `a` captures c1, computes for 3 s of CPU when asked (os.clock), then captures c2.
        try tmp.write(
            "e/a.lua",
            """
            prototype "../Proto"
            test("a", function()
              capture("c1")
              if param("spin") then local t = os.clock() while os.clock() - t < 3 do end end
              capture("c2")
            end)

            """)
        try tmp.write("d/z.lua", "prototype \"../Proto\"\ntest(\"z\", function() end)\n")
        let environment = ["XDG_CACHE_HOME": tmp.file("cache")]
        // An earlier run's c1 and c2, listed in the folder's list.
        let earlier = try Sceneflow.run(["test", "e", "--report", "R"], in: tmp.url, environment: environment)
        #expect(earlier.status == 0, "\(earlier)")
        let c1 = tmp.file("R/captures/e-a/01-a/c1.png")
        let old = try #require(Self.modified(c1), "the earlier run wrote no c1.png")

        let long = try KilledRunReportFolderTests.start(
            ["test", "e", "--report", "R", "--param", "spin=1"] + jobs, in: tmp, until: nil)
        defer { if long.isRunning { kill(long.processIdentifier, SIGKILL) } }
        let deadline = Date().addingTimeInterval(60)
        while long.isRunning, Date() < deadline, Self.modified(c1) == old { usleep(20_000) }
        #expect(Self.modified(c1) != old, "the long run never wrote c1.png again")
        // The quick run starts and ends while the long one computes.
        let quick = try Sceneflow.run(["test", "d", "--report", "R"], in: tmp.url, environment: environment)
        #expect(quick.status == 0, "\(quick)")
        #expect(long.isRunning, "the long run ended before the quick one: nothing was tried")
        long.waitUntilExit()
        #expect(long.terminationStatus == 0)

        let named = try Self.namedFiles(tmp.file("R"))
        #expect(named.contains("captures/e-a/01-a/c1.png"), "\(named)")
        for file in named {
            #expect(
                FileManager.default.fileExists(atPath: tmp.file("R/" + file)), "\(file), named by results.json, is gone"
            )
        }
        // The next run into the folder passes, and removes nothing it needs.
        let next = try Sceneflow.run(["test", "e", "--report", "R"], in: tmp.url, environment: environment)
        #expect(next.status == 0, "\(next)")
        for file in try Self.namedFiles(tmp.file("R")) {
            #expect(FileManager.default.fileExists(atPath: tmp.file("R/" + file)), "\(file) is gone after the next run")
        }
    }
}
