import Foundation
import SceneflowCore
import Testing

/// The live console of `sceneflow test` (issue 20): `[n/N]` as tests end (with `--jobs` too),
/// TAP points streamed as tests end with the plan last, colour on a terminal honouring
/// `NO_COLOR` and `FORCE_COLOR`, `--quiet` and `--verbose`; `bench` lines flushed through a pipe.
@Suite struct ConsoleProgressTests {
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        for name in ["a", "b"] {
            try tmp.write(
                "suite/\(name).lua",
                """
                prototype "../Proto"
                test("\(name) opens", function()
                  tap "Open"
                  log.message("opened")
                  expect.scene "detail"
                end)
                test("\(name) fails", function() expect.scene "detail" end)
                test("\(name) stays", function() expect.scene "home" end)

                """)
        }
        return tmp
    }

    /// The `[n/N]` counters at the ends of `lines`: (n, N, whether N was still growing).
    static func counters(_ stdout: String) throws -> [(Int, Int, Bool)] {
        let pattern = try Regex(#"  \[([0-9]+)/([0-9]+)(\+?)\]$"#)
        return stdout.split(separator: "\n").compactMap { line in
            guard let m = try? pattern.firstMatch(in: String(line)), let n = Int(m[1].substring ?? ""),
                let total = Int(m[2].substring ?? "")
            else { return nil }
            return (n, total, m[3].substring == "+")
        }
    }

    @Test func testsAreNumberedAsTheyEndAlsoWithJobs() throws {
        let tmp = try Self.suite()
        let one = try Sceneflow.run(["test", tmp.file("suite/a.lua")])
        #expect(
            try Self.counters(one.stdout).map { "\($0.0)/\($0.1)\($0.2 ? "+" : "")" } == ["1/3", "2/3", "3/3"], "\(one)"
        )
        for jobs in ["1", "2"] {
            let r = try Sceneflow.run(["test", tmp.file("suite"), "--jobs", jobs])
            let counters = try Self.counters(r.stdout)
            #expect(counters.map(\.0) == [1, 2, 3, 4, 5, 6], "\(r)")
            #expect(counters.allSatisfy { $0.1 >= $0.0 && $0.1 <= 6 }, "\(r)")
            #expect(counters.last.map { $0.1 == 6 && !$0.2 } == true, "the last test knows the whole run: \(r)")
            // Only the first line of a failure holds the counter.
            #expect(!r.stdout.contains("(waited 5 s)  ["), "\(r)")
        }
    }

    /// Red-team finding: a worker holds two files, so the next file's first test could be
    /// shown before the runner handed on the previous file's result, whose header was then
    /// printed a second time, empty, under the next file's tests. Many one-test files make
    /// that overlap likely; every header must appear once, directly above its own tests.
    @Test func eachFileHeaderIsPrintedOnceAboveItsTests() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let names = (1...40).map { String(format: "f%02d", $0) }
        for name in names {
            try tmp.write("many/\(name).lua", "prototype \"../Proto\"\ntest(\"\(name) runs\", function() end)\n")
        }
        for jobs in ["1", "2"] {
            let r = try Sceneflow.run(["test", tmp.file("many"), "--jobs", jobs])
            #expect(r.status == 0, "\(r)")
            let lines = r.stdout.split(separator: "\n").map(String.init)
            let headers = lines.filter { $0.hasSuffix(".lua") }
            #expect(headers.count == names.count, "one header per file with --jobs \(jobs): \(r.stdout)")
            for (index, line) in lines.enumerated() where line.hasSuffix(".lua") {
                let name = PathText.deletingExtension(of: PathText.lastComponent(of: line))
                #expect(
                    lines.indices.contains(index + 1) && lines[index + 1].contains("\(name) runs"),
                    "\(line) is followed by its own test: \(r.stdout)")
            }
        }
    }

    @Test func colourOnATerminalOrWhenForcedNeverWithNoColor() throws {
        let tmp = try Self.suite()
        let escape = "\u{1B}["
        let forced = try Sceneflow.run(
            ["test", tmp.file("suite/a.lua")], environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"])
        #expect(forced.stdout.contains("  \(escape)32mPASS\(escape)0m  a opens"), "\(forced)")
        #expect(forced.stdout.contains("  \(escape)31;1mFAIL\(escape)0m  a fails"), "\(forced)")
        for env in [
            ["FORCE_COLOR": nil, "NO_COLOR": nil], ["FORCE_COLOR": "0"], ["FORCE_COLOR": nil, "NO_COLOR": "1"],
        ]
            as [[String: String?]]
        {
            let r = try Sceneflow.run(["test", tmp.file("suite/a.lua")], environment: env)
            #expect(!r.output.contains(escape), "\(env): \(r)")
        }
        // Through a terminal (script(1) gives the run one), colour is on unless NO_COLOR is set.
        let script = try #require(ConsumerTool.which("script"), "script(1) (bsdutils) is not installed")
        let binary = try #require(Sceneflow.binary).path
        for (noColor, coloured) in [("", true), ("1", false)] {
            let r = try Sceneflow.run(
                ["-qec", "'\(binary)' test '\(tmp.file("suite/a.lua"))'", "/dev/null"],
                environment: ["NO_COLOR": noColor, "FORCE_COLOR": nil, "TERM": "xterm"],
                executable: URL(fileURLWithPath: script))
            #expect(r.stdout.contains("\(escape)32mPASS") == coloured, "NO_COLOR=\(noColor): \(r)")
            #expect(r.stdout.contains("a opens"), "\(r)")
        }
        // TAP is never coloured.
        let tap = try Sceneflow.run(["test", tmp.file("suite/a.lua"), "--tap"], environment: ["FORCE_COLOR": "1"])
        #expect(!tap.output.contains(escape), "\(tap)")
    }

    @Test func quietShowsFailuresAndVerboseEveryStep() throws {
        let tmp = try Self.suite()
        let quiet = try Sceneflow.run(["test", tmp.file("suite"), "--quiet", "--json", tmp.file("q.json")])
        #expect(quiet.status == 1)
        #expect(!quiet.stdout.contains("PASS") && !quiet.stdout.contains("wrote"), "\(quiet)")
        #expect(quiet.stdout.contains("  FAIL  a fails") && quiet.stdout.contains("  FAIL  b fails"), "\(quiet)")
        #expect(quiet.outputLines.last == "4 passed, 2 failed", "\(quiet)")
        let verbose = try Sceneflow.run(["test", tmp.file("suite/a.lua"), "--verbose"])
        #expect(verbose.stdout.contains("        step tap(\"Open\") (line 3, 0–"), "\(verbose)")
        #expect(verbose.stdout.contains("        log 0.35"), "\(verbose)")
        #expect(verbose.stdout.contains("        FAILED step expect.scene(\"detail\") (line 7,"), "\(verbose)")
        let both = try Sceneflow.run(["test", tmp.file("suite"), "--quiet", "--verbose"])
        #expect(both.status == 64 && both.stderr.contains("--quiet and --verbose contradict each other"), "\(both)")
    }

    @Test func tapStreamsPointsAndPutsThePlanLast() throws {
        let tmp = try Self.suite()
        for jobs in ["1", "2"] {
            let r = try Sceneflow.run(["test", tmp.file("suite"), "--tap", "--jobs", jobs])
            #expect(r.status == 1)
            #expect(r.outputLines.first == "TAP version 13")
            #expect(r.outputLines.last == "1..6", "\(r)")
            let path = try tmp.write("out\(jobs).tap", r.stdout)
            let prove = try ConsumerTool.run("prove", ["--exec", "cat", path], in: tmp.path)
            #expect(prove.stdout.contains("Failed 2/6 subtests"), "\(prove)")
            #expect(!prove.output.contains("Parse errors"), "\(prove)")
            let tappy = try ConsumerTool.run(
                "python3", [ConsumerTool.fixtures.appendingPathComponent("tappy_results.py").path, path])
            let points = try tappy.jsonLines().filter { $0["verdict"] != nil }
            #expect(points.count == 6, "\(tappy)")
        }
    }

    /// Reads `process`'s standard output until `marker` shows, then says whether it was still
    /// running (so the line reached the pipe before the run ended), and kills it.
    static func arrivesWhileRunning(_ arguments: [String], marker: String) throws -> (Bool, String) {
        let process = Process()
        process.executableURL = try #require(Sceneflow.binary)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["CI"] = nil
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var seen = ""
        while !seen.contains(marker) {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            seen += String(decoding: data, as: UTF8.self)
        }
        let running = process.isRunning
        if running { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return (running, seen)
    }

    @Test func resultsReachAPipeBeforeTheRunEnds() throws {
        let tmp = try Self.suite()
        // The second test never returns: the watchdog ends it only after 30 s of real time.
        try tmp.write(
            "stuck.lua",
            """
            prototype "Proto"
            test("quick", function() end)
            test("stuck", function() while true do end end)

            """)
        for args in [[String](), ["--tap"]] {
            let (running, seen) = try Self.arrivesWhileRunning(
                ["test", tmp.file("stuck.lua")] + args, marker: args.isEmpty ? "PASS  quick" : "ok 1 - ")
            #expect(running, "\(args): the first result came only at the end: \(seen)")
        }
        let (running, seen) = try Self.arrivesWhileRunning(
            ["bench", tmp.file("Proto"), "--transition-only", "--crossfades", "1", "--runs", "400"], marker: "\n")
        #expect(running, "bench's first line came only at the end: \(seen)")
    }
}
