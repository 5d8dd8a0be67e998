import Foundation
import Testing

/// `sceneflow test` reports through the binary: console verdicts and times, JUnit valid
/// against the Jenkins xUnit plugin's schema, TAP 13, JSON with every step, failure artifacts, --jobs,
/// --shard, --filter and interruption.
@Suite struct ReportTests {
    /// A suite of three files beside a two-scene prototype: passing and warning tests, a
    /// failing and a skipped one, and a file with a syntax error.
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "suite/a_pass.lua",
            """
            prototype "../Proto"
            test("opens the detail", function()
              tap "Open"
              expect.scene "detail"
            end)
            test("warns about a slow path", function()
              tap "Open"
              log.warn("took the long way")
              back()
            end)

            """)
        try tmp.write(
            "suite/b_fail.lua",
            """
            prototype "../Proto"
            test("taps a typo", function()
              tap "Open"
              back()
              tap("Opne", {timeout = 0.5})
            end)
            skip("not ready", function() end, "waiting for screenshots")

            """)
        try tmp.write("suite/c_broken.lua", "prototype \"../Proto\"\ntest(\"x\", function()\n")
        return tmp
    }

    @Test func consoleShowsVerdictsTimesAndTheClosingLine() throws {
        let tmp = try Self.suite()
        let r = try Sceneflow.run(["test", tmp.file("suite")])
        #expect(r.status == 65, "a script that cannot load gives 65: \(r)")
        #expect(r.stdout.contains("  PASS  opens the detail  ("), "\(r)")
        #expect(r.stdout.contains("  WARN  warns about a slow path  (passed with warnings; "), "\(r)")
        #expect(r.stdout.contains("        \(tmp.file("suite/a_pass.lua")):8: warning: took the long way"), "\(r)")
        #expect(r.stdout.contains("  FAIL  taps a typo  ("), "\(r)")
        #expect(
            r.stdout.contains(
                "\(tmp.file("suite/b_fail.lua")):5: tap(\"Opne\"): no element labelled \"Opne\" in scene \"home\"; did you mean \"Open\"?"
            ),
            "\(r)")
        #expect(r.stdout.contains("  SKIP  not ready  (waiting for screenshots)"), "\(r)")
        #expect(r.stdout.contains("  ERROR \(tmp.file("suite/c_broken.lua")):"), "\(r)")
        #expect(r.outputLines.last == "2 passed, 2 failed, 1 skipped (1 passed with warnings)", "\(r)")
    }

    @Test func junitIsSchemaValidWithRealDurations() throws {
        let tmp = try Self.suite()
        let junit = tmp.file("out/junit.xml")
        try FileManager.default.createDirectory(atPath: tmp.file("out"), withIntermediateDirectories: true)
        let r = try Sceneflow.run(["test", tmp.file("suite"), "--junit", junit])
        #expect(r.status == 65, "\(r)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(
            xml.contains(
                "<testsuite name=\"\(tmp.file("suite/a_pass.lua"))\" tests=\"2\" failures=\"0\" errors=\"0\" skipped=\"0\""
            ))
        #expect(xml.contains("<property name=\"warning: warns about a slow path\" value=\"took the long way\"/>"))
        #expect(xml.contains("PASSED WITH WARNINGS&#10;\(tmp.file("suite/a_pass.lua")):8: warning: took the long way"))
        #expect(xml.contains("<failure message=\"\(tmp.file("suite/b_fail.lua")):5: tap(&quot;Opne&quot;)"))
        #expect(xml.contains("<skipped message=\"waiting for screenshots\"/>"))
        // Case 6: the load failure has no duration: no time attribute rather than a made-up 0.
        // The classname is the path's id: outside the working directory, the folder and file
        // name and a hash of the whole path.
        #expect(
            xml.range(
                of: #"<testcase name="\(load\)" classname="suite-c_broken-[0-9a-f]{6}">"#, options: .regularExpression)
                != nil)
        let times = xml.components(separatedBy: "<testcase ").dropFirst().filter {
            !$0.hasPrefix("name=\"(load)\"") && !$0.contains("<skipped")
        }
        #expect(times.count == 3 && times.allSatisfy { $0.contains(" time=\"") })
        try Self.validate(junit)
    }

    /// Validates `file` against the Jenkins xUnit plugin's `Tests/Fixtures/junit-10.xsd` with
    /// xmllint (Debian libxml2-utils, installed by Scripts/setup.sh).
    static func validate(_ file: String) throws {
        let problems = try ConsumerTool.schemaProblems(file)
        #expect(problems == nil, "JUnit XML does not validate: \(problems ?? "")")
    }

    @Test func tapVersion13() throws {
        let tmp = try Self.suite()
        let r = try Sceneflow.run(["test", tmp.file("suite"), "--tap"])
        #expect(r.status == 65, "\(r)")
        let lines = r.outputLines
        #expect(lines.first == "TAP version 13")
        // Points stream as tests end; the plan comes last (TAP version 13 allows either end).
        #expect(lines.last == "1..5")
        #expect(lines.contains("ok 1 - \(tmp.file("suite/a_pass.lua")): opens the detail"))
        #expect(lines.contains("ok 2 - \(tmp.file("suite/a_pass.lua")): warns about a slow path"))
        #expect(lines.contains("  warnings:"))
        #expect(lines.contains("    - message: \"took the long way\""))
        #expect(lines.contains("not ok 3 - \(tmp.file("suite/b_fail.lua")): taps a typo"))
        #expect(lines.contains("ok 4 - \(tmp.file("suite/b_fail.lua")): not ready # SKIP waiting for screenshots"))
        #expect(lines.contains("not ok 5 - \(tmp.file("suite/c_broken.lua")): could not load"))
        #expect(lines.contains("    line: 5"))
        #expect(lines.dropLast().last == "# 2 passed, 2 failed, 1 skipped (1 passed with warnings)")
    }

    @Test func jsonHasEveryStepAndTheReportFolderTheFailureArtifacts() throws {
        let tmp = try Self.suite()
        let report = tmp.file("report")
        let r = try Sceneflow.run(["test", tmp.file("suite"), "--report", report])
        #expect(r.status == 65, "\(r)")
        let data = try Data(contentsOf: URL(fileURLWithPath: report + "/results.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["schema"] as? String == "sceneflow-test-results/1")
        #expect(json["line"] as? String == "2 passed, 2 failed, 1 skipped (1 passed with warnings)")
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.count == 3)
        let first = try #require(files[0]["outcomes"] as? [[String: Any]])
        let steps = try #require(first[0]["steps"] as? [[String: Any]])
        #expect(steps.map { $0["call"] as? String } == ["tap(\"Open\")", "expect.scene(\"detail\")"])
        #expect(first[1]["verdict"] as? String == "passed with warnings")
        let failed = try #require((files[1]["outcomes"] as? [[String: Any]])?.first)
        let artifacts = try #require(failed["artifacts"] as? [String])
        let ids = try FileManager.default.contentsOfDirectory(atPath: report + "/artifacts")
        let id = try #require(ids.first { $0.hasPrefix("suite-b_fail-") })
        let folder = report + "/artifacts/\(id)/01-taps_a_typo/"
        #expect(artifacts == [folder + "frame.png", folder + "elements.txt", folder + "timeline.txt"])
        let png = try Data(contentsOf: URL(fileURLWithPath: artifacts[0]))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let tree = try String(contentsOfFile: artifacts[1], encoding: .utf8)
        #expect(
            tree
                == "scene \"home\" (stack: home)\n  hotspot \"Open\" {2, 10, 30, 20} on_tap: go(\"detail\", push_left 0.3s ease_in_out)\n",
            "\(tree)")
        let timeline = try String(contentsOfFile: artifacts[2], encoding: .utf8)
        let lines = timeline.split(separator: "\n")
        #expect(!lines.isEmpty && lines.count <= 50)
        try Self.validate(report + "/junit.xml")
    }

    /// The JSON results with the wall-clock fields removed, for comparing runs.
    static func stable(_ path: String) throws -> String {
        var text = try String(contentsOfFile: path, encoding: .utf8)
        for key in ["wallSeconds", "startedAt"] {
            text = text.replacingOccurrences(
                of: "\"\(key)\" : [^,\\n]+", with: "\"\(key)\" : _", options: .regularExpression)
        }
        return text
    }

    @Test func jobsGiveTheSameResultsAsASerialRun() throws {
        let tmp = try Self.suite()
        let serial = try Sceneflow.run(["test", tmp.file("suite"), "--json", tmp.file("serial.json")])
        let parallel = try Sceneflow.run(["test", tmp.file("suite"), "--json", tmp.file("jobs.json"), "--jobs", "3"])
        #expect(serial.status == parallel.status)
        #expect(try Self.stable(tmp.file("serial.json")) == Self.stable(tmp.file("jobs.json")))
        let strip = { (r: RunResult) in
            r.outputLines.filter { !$0.hasPrefix("wrote ") }.map {
                $0.replacingOccurrences(of: "[0-9.]+ (ms|s), ", with: "", options: .regularExpression)
                    // [n/N+]: whether the next file has loaded yet depends on the workers.
                    .replacingOccurrences(of: #"  \[[0-9]+/[0-9]+\+?\]$"#, with: "", options: .regularExpression)
            }
        }
        #expect(strip(serial) == strip(parallel), "console output must read as a serial run")
    }

    @Test func shardsSplitTheFilesStably() throws {
        let tmp = try Self.suite()
        let one = try Sceneflow.run(["test", tmp.file("suite"), "--shard", "1/2"])
        let two = try Sceneflow.run(["test", tmp.file("suite"), "--shard", "2/2"])
        let files = { (r: RunResult) in r.outputLines.filter { $0.hasSuffix(".lua") } }
        #expect(files(one) == [tmp.file("suite/a_pass.lua"), tmp.file("suite/c_broken.lua")])
        #expect(files(two) == [tmp.file("suite/b_fail.lua")])
        let bad = try Sceneflow.run(["test", tmp.file("suite"), "--shard", "3/2"])
        #expect(bad.status == 64 && bad.stderr.contains("--shard expects I/N with 1 <= I <= N"), "\(bad)")
    }

    @Test func filterRunsOnlyMatchingTests() throws {
        let tmp = try Self.suite()
        let r = try Sceneflow.run(["test", tmp.file("suite/a_pass.lua"), "--filter", "opens"])
        #expect(r.status == 0, "\(r)")
        // A test the filter leaves out is not part of the run: not skipped (issue 20).
        #expect(!r.stdout.contains("warns about a slow path"), "\(r)")
        #expect(r.outputLines.last == "1 passed, 0 failed")
        let glob = try Sceneflow.run(["test", tmp.file("suite/a_pass.lua"), "--filter", "warns*"])
        #expect(glob.outputLines.last == "1 passed, 0 failed (1 passed with warnings)", "\(glob)")
    }

    @Test func sigintEndsTheTestAsInterruptedAndWritesPartialReports() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("busy then waits", function()
              local t = os.clock()
              while os.clock() - t < 2 do end
              wait(1)
            end)
            test("never starts", function() end)

            """)
        let json = tmp.file("r.json")
        let binary = try #require(Sceneflow.binary)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["test", tmp.file("s.lua"), "--json", json]
        process.standardOutput = FileHandle.nullDevice
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        process.environment = env
        try process.run()
        // The first test is busy once its worker has used 0.3 s of CPU time (not after a
        // guessed real time, which a loaded machine overruns).
        #expect(WorkerProcesses.waitUntilBusy(process.processIdentifier, cpu: 0.3) != nil, "the test never started")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let data = try Data(contentsOf: URL(fileURLWithPath: json))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"verdict\" : \"interrupted\""), "\(text)")
        #expect(text.contains("\"skipReason\" : \"the run was interrupted\""), "\(text)")
    }
}

/// Runner problems the first new-user test found.
@Suite struct RunnerRobustnessTests {
    @Test func unwritableReportsAreBadUsageBeforeAnyTestRuns() throws {
        let tmp = try ReportTests.suite()
        let junit = try Sceneflow.run(["test", tmp.file("suite/a_pass.lua"), "--junit", "/nonexistent/dir/j.xml"])
        #expect(junit.status == 64, "\(junit)")
        #expect(
            junit.stderr.contains("--junit /nonexistent/dir/j.xml: the folder /nonexistent/dir does not exist"),
            "\(junit)")
        #expect(!junit.stdout.contains("PASS"), "nothing ran")
        let file = try tmp.write("afile", "x")
        let report = try Sceneflow.run(["test", tmp.file("suite/a_pass.lua"), "--report", file])
        #expect(report.status == 64 && report.stderr.contains("--report \(file) is a file, not a folder"), "\(report)")
    }

    @Test func aFilterThatMatchesNothingFails() throws {
        let tmp = try ReportTests.suite()
        let r = try Sceneflow.run(["test", tmp.file("suite/a_pass.lua"), "--filter", "no such test"])
        #expect(r.status == 1, "\(r)")
        #expect(r.stderr.contains("no test matches --filter no such test"), "\(r)")
    }

    @Test func interruptingJobsKeepsFinishedResults() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        for name in ["a", "b"] {
            try tmp.write(
                "\(name).lua",
                """
                prototype "Proto"
                test("fast", function() expect.scene "home" end)
                test("slow", function()
                  local t = os.clock()
                  while os.clock() - t < 4 do end
                  wait(1)
                end)
                test("never", function() end)

                """)
        }
        let binary = try #require(Sceneflow.binary)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["test", tmp.file("a.lua"), tmp.file("b.lua"), "--jobs", "2", "--json", tmp.file("r.json")]
        let out = Pipe()
        process.standardOutput = out
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        process.environment = env
        try process.run()
        // Both "slow" tests run once both workers have used 0.5 s of CPU time.
        #expect(
            WorkerProcesses.waitUntilBusy(process.processIdentifier, count: 2) != nil, "the slow tests never started")
        kill(process.processIdentifier, SIGINT)
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130, "\(text)")
        #expect(text.components(separatedBy: "  PASS  fast").count == 3, "both finished tests are kept: \(text)")
        #expect(text.contains("  INT   slow"), "\(text)")
        #expect(!text.contains("without results"), "\(text)")
    }

    @Test func testsInOneFileDoNotLeakGlobalsOrLibraryChanges() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("vandal", function()
              tap = nil
              string.upper = function() return "HACK" end
              expect(getmetatable("")).to_be("string")
              helper_global = 1
            end)
            test("still works", function()
              tap "Open"
              expect(("a"):upper()).to_be("A")
              expect(string.upper("b")).to_be("B")
              expect(helper_global).to_be_nil()
            end)

            """)
        let r = try Sceneflow.run(["test", tmp.file("s.lua")])
        #expect(r.status == 0, "\(r)")
        #expect(r.outputLines.last == "2 passed, 0 failed", "\(r)")
    }

    @Test func truncatedImagesAreRefusedByTestAsByCheck() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("Proto/detail.png", PNGWriter.truncated(width: 36, height: 80))
        try tmp.write("s.lua", "prototype \"Proto\"\ntest(\"t\", function() end)\n")
        let r = try Sceneflow.run(["test", tmp.file("s.lua")])
        #expect(r.status == 65, "\(r)")
        #expect(r.stdout.contains("detail.png"), "\(r)")
    }
}

/// `sceneflow test --timeline/--csv`, the same timeline `play --timeline` writes.
@Suite struct TestTimelineTests {
    @Test func testWritesTheTimelineOfEveryScript() throws {
        let tmp = try ReportTests.suite()
        let json = tmp.file("t.json")
        let csv = tmp.file("t.csv")
        let r = try Sceneflow.run(["test", tmp.file("suite/a_pass.lua"), "--timeline", json, "--csv", csv])
        #expect(r.status == 0, "\(r)")
        let timing = try Sceneflow.run(["timing", json])
        #expect(timing.status == 0, "\(timing)")
        #expect(timing.stdout.contains("home -> detail"), "\(timing)")
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        #expect(rows.count == 4, "a header and the three transitions (open, open, back): \(rows)")
        let parallel = try Sceneflow.run([
            "test", tmp.file("suite/a_pass.lua"), tmp.file("suite/b_fail.lua"), "--jobs", "2", "--timeline",
            tmp.file("j.json"),
        ])
        #expect(parallel.status == 1, "\(parallel)")
        #expect(try Sceneflow.run(["timing", tmp.file("j.json")]).stdout.contains("home -> detail"))
    }
}
