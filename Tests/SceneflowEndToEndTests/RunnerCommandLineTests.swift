import Foundation
import Testing

/// Issue 20, "Command line": the habits a Playwright Test user reaches for on the first day.
/// `--version`, `--list`, selection (`--filter`, `--filter-invert`, `--tag`, `--tag-invert`)
/// that leaves tests out of every report instead of counting them as skipped, `--max-failures`
/// / `-x`, `--forbid-only` (on under CI) and `--last-failed`.
@Suite struct RunnerCommandLineTests {
    /// Two files: `a.lua` with a tagged pass, an untagged failure, a skip and a smoke failure;
    /// `b.lua` with a pass and a failure.
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "suite/a.lua",
            """
            prototype "../Proto"
            test("opens detail", {tags = {"smoke", "nav"}}, function()
              tap "Open"
              expect.scene "detail"
            end)
            test("fails on purpose", function()
              expect.scene "detail"
            end)
            skip("later", function() end, "not yet")
            test("smoke failure", {tags = {"smoke"}}, function()
              tap "Nope"
            end)

            """)
        try tmp.write(
            "suite/b.lua",
            """
            prototype "../Proto"
            test("stays home", function()
              expect.scene "home"
            end)
            test("b fails", function()
              expect.scene "detail"
            end)

            """)
        return tmp
    }

    /// The environment of every run here: a cache folder of the test's own.
    static func env(_ tmp: TempFolder, _ extra: [String: String?] = [:]) -> [String: String?] {
        var env: [String: String?] = ["XDG_CACHE_HOME": tmp.file("cache")]
        for (key, value) in extra { env[key] = value }
        return env
    }

    static func json(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `file: name -> verdict` of every outcome in a JSON report.
    static func verdicts(_ json: [String: Any]) -> [String: String] {
        var result: [String: String] = [:]
        for file in json["files"] as? [[String: Any]] ?? [] {
            for outcome in file["outcomes"] as? [[String: Any]] ?? [] {
                let path = (outcome["file"] as? String ?? "").split(separator: "/").last.map(String.init) ?? ""
                result["\(path): \(outcome["name"] as? String ?? "")"] = outcome["verdict"] as? String
            }
        }
        return result
    }

    // MARK: 1. version

    @Test func versionPrintsOneVersionThatEveryReportRecords() throws {
        let tmp = try Self.suite()
        let long = try Sceneflow.run(["--version"])
        let word = try Sceneflow.run(["version"])
        #expect(long.status == 0 && word.status == 0, "\(long)\n\(word)")
        #expect(long.stdout == word.stdout)
        let version = long.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.range(of: #"^sceneflow \d+\.\d+\.\d+$"#, options: .regularExpression) != nil, "\(long)")
        let number = String(version.dropFirst("sceneflow ".count))
        #expect(try Sceneflow.run(["version", "extra"]).status == 64)
        #expect(try Sceneflow.run(["help"]).stdout.contains("version"))

        let r = try Sceneflow.run(
            ["test", tmp.file("suite/b.lua"), "--json", tmp.file("r.json"), "--report", tmp.file("rep")],
            environment: Self.env(tmp))
        #expect(r.status == 1, "\(r)")
        #expect(try Self.json(tmp.file("r.json"))["version"] as? String == number)
        let junit = try String(contentsOfFile: tmp.file("rep/junit.xml"), encoding: .utf8)
        #expect(junit.contains("<property name=\"sceneflow.version\" value=\"\(number)\"/>"))
        let parsed = try ConsumerTool.run(
            "python3",
            [ConsumerTool.fixtures.appendingPathComponent("junitparser_results.py").path, tmp.file("rep/junit.xml")])
        #expect(parsed.status == 0, "\(parsed)")
        let html = try String(contentsOfFile: tmp.file("rep/index.html"), encoding: .utf8)
        #expect(html.contains("<footer>Written by sceneflow \(number) "))
    }

    // MARK: 2. --list

    @Test func listShowsWhatWouldRunWithoutRunningIt() throws {
        let tmp = try Self.suite()
        let r = try Sceneflow.run(["test", tmp.file("suite"), "--list"], environment: Self.env(tmp))
        #expect(r.status == 0, "\(r)")
        let a = tmp.file("suite/a.lua")
        let b = tmp.file("suite/b.lua")
        #expect(
            r.outputLines == [
                "\(a):2: opens detail", "\(a):6: fails on purpose", "\(a):9: later  (skipped: not yet)",
                "\(a):10: smoke failure", "\(b):2: stays home", "\(b):5: b fails", "Total: 6 tests in 2 files",
            ], "\(r)")
        #expect(r.stderr.isEmpty, "\(r)")
        // Nothing ran: no last-run state, no report folder.
        #expect(!FileManager.default.fileExists(atPath: tmp.file("cache/sceneflow")))
        #expect(!FileManager.default.fileExists(atPath: tmp.file("sceneflow-report")))

        let tagged = try Sceneflow.run(
            ["test", tmp.file("suite"), "--list", "--tag", "smoke", "--filter-invert", "failure"],
            environment: Self.env(tmp))
        #expect(tagged.outputLines == ["\(a):2: opens detail", "Total: 1 test in 1 file"], "\(tagged)")
        let shard = try Sceneflow.run(
            ["test", tmp.file("suite"), "--list", "--shard", "2/2", "--jobs", "2"], environment: Self.env(tmp))
        #expect(shard.outputLines == ["\(b):2: stays home", "\(b):5: b fails", "Total: 2 tests in 1 file"], "\(shard)")
        let none = try Sceneflow.run(
            ["test", tmp.file("suite"), "--list", "--filter", "no such test"], environment: Self.env(tmp))
        #expect(none.status == 0 && none.outputLines == ["Total: 0 tests in 0 files"], "\(none)")
        let report = try Sceneflow.run(
            ["test", tmp.file("suite"), "--list", "--json", tmp.file("x.json")], environment: Self.env(tmp))
        #expect(report.status == 64 && report.stderr.contains("--list runs nothing"), "\(report)")
    }

    // MARK: 3. selection leaves tests out of every report

    @Test func filteredTestsAreNotSkippedInAnyReport() throws {
        let tmp = try Self.suite()
        for jobs in ["1", "2"] {
            let args = [
                "test", tmp.file("suite"), "--filter", "fail", "--jobs", jobs, "--json", tmp.file("f.json"),
                "--junit", tmp.file("f.xml"),
            ]
            let r = try Sceneflow.run(args, environment: Self.env(tmp))
            #expect(r.status == 1, "\(r)")
            #expect(!r.stdout.contains("SKIP"), "\(r)")
            #expect(!r.stdout.contains("opens detail") && !r.stdout.contains("stays home"), "\(r)")
            #expect(r.stdout.contains("0 passed, 3 failed\n"), "\(r)")  // no ", N skipped"
            let json = try Self.json(tmp.file("f.json"))
            #expect(
                Self.verdicts(json) == [
                    "a.lua: fails on purpose": "failed", "a.lua: smoke failure": "failed", "b.lua: b fails": "failed",
                ])
            #expect((json["summary"] as? [String: Any])?["skipped"] as? Int == 0)
            let junit = try ConsumerTool.run(
                "python3",
                [ConsumerTool.fixtures.appendingPathComponent("junitparser_results.py").path, tmp.file("f.xml")])
            let cases = try junit.jsonLines().filter { $0["summary"] == nil }
            #expect(cases.count == 3 && !cases.contains { $0["verdict"] as? String == "skip" }, "\(junit)")
            let tap = try Sceneflow.run(
                args.filter { $0 != "--json" && $0 != tmp.file("f.json") } + ["--tap"], environment: Self.env(tmp))
            let tapFile = try tmp.write("f.tap", tap.stdout)
            let parsed = try ConsumerTool.run(
                "perl", [ConsumerTool.fixtures.appendingPathComponent("tap_parser.pl").path, tapFile])
            let points = try parsed.jsonLines().dropLast()
            #expect(points.count == 3 && points.allSatisfy { $0["verdict"] as? String == "fail" }, "\(parsed)")
        }
        // skip() still skips: it is the script's, not the selection's.
        let skipped = try Sceneflow.run(
            ["test", tmp.file("suite/a.lua"), "--filter", "later"], environment: Self.env(tmp))
        #expect(skipped.status == 0 && skipped.stdout.contains("SKIP  later  (not yet)"), "\(skipped)")
    }

    /// As in Playwright Test, `only()` focuses a file: its other tests are left out of the run
    /// and of every report (console, JSON, JUnit, TAP, `--list`), not reported as skipped.
    @Test func onlyLeavesTheFilesOtherTestsOutOfEveryReport() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let script = try tmp.write(
            "focus.lua",
            """
            prototype "Proto"
            test("other", function() end)
            only("focused", function() expect.scene "detail" end)
            skip("later", function() end, "not yet")
            test("another", function() end)

            """)
        for jobs in ["1", "2"] {
            let args = ["test", script, "--jobs", jobs, "--json", tmp.file("o.json"), "--junit", tmp.file("o.xml")]
            let r = try Sceneflow.run(args, environment: Self.env(tmp, ["CI": "false"]))
            #expect(r.status == 1, "\(r)")
            #expect(!r.stdout.contains("SKIP") && !r.stdout.contains("other"), "\(r)")
            #expect(r.stdout.contains("0 passed, 1 failed\n"), "\(r)")
            let json = try Self.json(tmp.file("o.json"))
            #expect(Self.verdicts(json) == ["focus.lua: focused": "failed"], "\(json)")
            let junit = try ConsumerTool.run(
                "python3",
                [ConsumerTool.fixtures.appendingPathComponent("junitparser_results.py").path, tmp.file("o.xml")])
            let cases = try junit.jsonLines().filter { $0["summary"] == nil }
            #expect(cases.count == 1, "\(junit)")
            let tap = try Sceneflow.run(
                ["test", script, "--jobs", jobs, "--tap"], environment: Self.env(tmp, ["CI": "false"]))
            let tapFile = try tmp.write("o.tap", tap.stdout)
            let parsed = try ConsumerTool.run(
                "perl", [ConsumerTool.fixtures.appendingPathComponent("tap_parser.pl").path, tapFile])
            #expect(try parsed.jsonLines().dropLast().count == 1, "\(parsed)")
        }
        let list = try Sceneflow.run(["test", script, "--list"], environment: Self.env(tmp, ["CI": "false"]))
        #expect(list.stdout.contains("focused") && !list.stdout.contains("other"), "\(list)")
    }

    @Test func tagsAndInvertedSelectionsFollowPlaywright() throws {
        let tmp = try Self.suite()
        func run(_ extra: [String]) throws -> [String: String] {
            let r = try Sceneflow.run(
                ["test", tmp.file("suite"), "--json", tmp.file("t.json")] + extra, environment: Self.env(tmp))
            #expect(r.status == 1 || r.status == 0, "\(r)")
            return Self.verdicts(try Self.json(tmp.file("t.json")))
        }
        #expect(try run(["--tag", "smoke"]).keys.sorted() == ["a.lua: opens detail", "a.lua: smoke failure"])
        #expect(try run(["--tag", "nav", "--tag", "none"]).keys.sorted() == ["a.lua: opens detail"])
        #expect(
            try run(["--tag-invert", "smoke"]).keys.sorted() == [
                "a.lua: fails on purpose", "a.lua: later", "b.lua: b fails", "b.lua: stays home",
            ])
        #expect(
            try run(["--filter-invert", "fail"]).keys.sorted() == [
                "a.lua: later", "a.lua: opens detail", "b.lua: stays home",
            ])
        #expect(try run(["--filter", "*a.lua: *", "--filter-invert", "*detail"]).count == 3)
        let none = try Sceneflow.run(["test", tmp.file("suite"), "--tag", "nothing"], environment: Self.env(tmp))
        #expect(
            none.status == 1 && none.stderr.contains("no test matches --tag nothing: nothing was checked"), "\(none)")
        let bad = try Sceneflow.run(["test", tmp.file("suite"), "--tag", "a b"], environment: Self.env(tmp))
        #expect(bad.status == 64 && bad.stderr.contains("--tag expects a tag"), "\(bad)")
    }

    @Test func badTagsInAScriptNameTheirLine() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        for (body, message) in [
            ("{tags = \"smoke\"}", "tags must be a list of strings such as {\"smoke\"}, got \"smoke\""),
            ("{tags = {\"a b\"}}", "tag 1 must be a word of letters, digits and - _ . @ : /"),
            ("{tags = {x = \"y\"}}", "tags must be a list of strings"),
        ] {
            try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"t\", \(body), function() end)\n")
            let r = try Sceneflow.run(["test", tmp.file("t.lua")], environment: Self.env(tmp))
            #expect(r.status == 65, "\(r)")
            #expect(r.stdout.contains("t.lua:2: test(\"t\"): \(message)"), "\(r)")
        }
    }

    // MARK: 4. --max-failures / -x

    @Test func maxFailuresStopsTheRunAndReportsTheRestAsNotRun() throws {
        let tmp = try Self.suite()
        for args in [["-x"], ["--max-failures", "1"]] {
            let r = try Sceneflow.run(
                ["test", tmp.file("suite"), "--json", tmp.file("x.json"), "--junit", tmp.file("x.xml")] + args,
                environment: Self.env(tmp))
            #expect(r.status == 1, "\(args): \(r)")
            #expect(r.stderr.contains("stopped after 1 failure (--max-failures 1)"), "\(r)")
            let json = try Self.json(tmp.file("x.json"))
            #expect(
                Self.verdicts(json) == [
                    "a.lua: opens detail": "passed", "a.lua: fails on purpose": "failed", "a.lua: later": "skipped",
                    "a.lua: smoke failure": "skipped",
                ], "\(r)")
            let files = json["files"] as? [[String: Any]] ?? []
            #expect(files.last?["notRun"] as? String == "stopped after 1 failure (--max-failures)", "\(json)")
            #expect(
                r.stdout.contains("SKIP  smoke failure  (not run: stopped after 1 failure (--max-failures))"), "\(r)")
            #expect(r.stdout.contains("b.lua  not run (stopped after 1 failure (--max-failures))"), "\(r)")
            let junit = try String(contentsOfFile: tmp.file("x.xml"), encoding: .utf8)
            #expect(junit.contains("<testcase name=\"(not run)\""))
        }
        let two = try Sceneflow.run(
            ["test", tmp.file("suite"), "--max-failures", "2", "--json", tmp.file("y.json")], environment: Self.env(tmp)
        )
        #expect(two.status == 1)
        let verdicts = Self.verdicts(try Self.json(tmp.file("y.json")))
        #expect(verdicts.values.filter { $0 == "failed" }.count == 2, "\(two)")
        #expect(verdicts["b.lua: b fails"] == nil, "\(two)")
        // With workers the run stops too: never more than the failures in flight.
        let jobs = try Sceneflow.run(
            ["test", tmp.file("suite"), "-x", "--jobs", "2", "--json", tmp.file("z.json")], environment: Self.env(tmp))
        #expect(jobs.status == 1, "\(jobs)")
        #expect(jobs.stderr.contains("stopped after 1 failure"), "\(jobs)")
        for (args, message) in [
            (["--max-failures", "0"], "--max-failures expects a whole number >= 1, got \"0\""),
            (["--max-failures", "-1"], "--max-failures expects a whole number >= 1, got \"-1\""),
            (["--max-failures", "2", "-x"], "-x means --max-failures 1; give one of them"),
        ] {
            let bad = try Sceneflow.run(["test", tmp.file("suite")] + args, environment: Self.env(tmp))
            #expect(bad.status == 64 && bad.stderr.contains(message), "\(args): \(bad)")
        }
    }

    // MARK: 5. --forbid-only

    @Test func onlyFailsTheRunUnderCINamingFileAndLine() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let script = try tmp.write(
            "focus.lua",
            """
            prototype "Proto"
            test("other", function() end)
            only("focused", function() end)

            """)
        for (env, args) in [
            (["CI": "true"], [String]()), (["CI": "1"], []), ([:], ["--forbid-only"]),
            (["CI": "true"], ["--list"]), (["CI": "true"], ["--jobs", "2"]),
        ] as [([String: String?], [String])] {
            let r = try Sceneflow.run(["test", script] + args, environment: Self.env(tmp, env))
            #expect(r.status == 65, "\(env) \(args): \(r)")
            #expect(
                r.output.contains(
                    "\(script):3: only(\"focused\") is not allowed with --forbid-only (on when CI is set)"),
                "\(r)")
        }
        for ci in ["false", "0", "", nil] as [String?] {
            let r = try Sceneflow.run(["test", script], environment: Self.env(tmp, ["CI": ci]))
            #expect(r.status == 0, "CI=\(ci ?? "unset"): \(r)")
        }
    }

    // MARK: 6. --last-failed

    /// Red-team finding: after the failing test was renamed, `--last-failed` ran nothing, exited
    /// 0 and replaced the state with "nothing failed". Now the vanished names are listed, the
    /// run fails as a `--filter` matching nothing does, and the failure is not forgotten.
    @Test func lastFailedAfterTheFailingTestWasRenamedFailsAndRemembers() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let script = try tmp.write(
            "s.lua", "prototype \"Proto\"\ntest(\"a\", function() tap \"Nope\" end)\ntest(\"b\", function() end)\n")
        let env = Self.env(tmp, ["CI": "false"])
        #expect(try Sceneflow.run(["test", script], environment: env).status == 1)
        try tmp.write(
            "s.lua",
            "prototype \"Proto\"\ntest(\"a renamed\", function() tap \"Nope\" end)\ntest(\"b\", function() end)\n")
        for _ in 1...2 {
            let r = try Sceneflow.run(
                ["test", script, "--last-failed", "--junit", tmp.file("j.xml")], environment: env)
            #expect(r.status == 1, "\(r)")
            #expect(r.stderr.contains("1 test that failed in the previous run is no longer declared"), "\(r)")
            #expect(r.stderr.contains("\(script): a"), "\(r)")
            #expect(r.stderr.contains("nothing was checked"), "\(r)")
        }
        // With one test still there, it runs, and the vanished one is named.
        try tmp.write(
            "s.lua",
            "prototype \"Proto\"\ntest(\"a\", function() end)\ntest(\"b\", function() end)\n")
        let back = try Sceneflow.run(["test", script, "--last-failed"], environment: env)
        #expect(back.status == 0 && back.stdout.contains("1 passed, 0 failed"), "\(back)")
    }

    /// Red-team finding P19: a state cut short (a killed writer, a partial cache restore), of
    /// another schema or not JSON at all made `--last-failed` say "nothing to run" and exit 0
    /// on a suite whose last run failed. It names the state and runs every test instead.
    @Test func anUnusableLastRunStateRunsEveryTestAndSaysWhy() throws {
        let tmp = try Self.suite()
        let suite = tmp.file("suite")
        let env = Self.env(tmp)
        let first = try Sceneflow.run(["test", suite], environment: env)
        #expect(first.status == 1, "\(first)")
        let folder = tmp.file("cache/sceneflow")
        let state = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasPrefix("last-run-") })
        let whole = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + state))
        let text = String(decoding: whole, as: UTF8.self)
        for damaged in [
            whole.prefix(100), Data(), Data("not json".utf8),
            Data(text.replacingOccurrences(of: "sceneflow-last-run/1", with: "sceneflow-last-run/9").utf8),
        ] {
            try damaged.write(to: URL(fileURLWithPath: folder + "/" + state))
            let r = try Sceneflow.run(["test", suite, "--last-failed"], environment: env)
            #expect(r.status == 1, "\(r)")
            #expect(r.stderr.contains("the last-run state \(folder)/\(state) cannot be used"), "\(r)")
            #expect(r.stderr.contains("running every test"), "\(r)")
            #expect(r.stdout.contains("3 failed"), "\(r)")
        }
    }

    @Test func lastFailedRerunsOnlyThePreviousFailures() throws {
        let tmp = try Self.suite()
        let suite = tmp.file("suite")
        let env = Self.env(tmp)
        // No state: it cannot know what failed, so every test runs (never a green "nothing").
        let none = try Sceneflow.run(["test", suite, "--last-failed"], environment: env)
        #expect(none.status == 1, "\(none)")
        #expect(none.stderr.contains("no previous run of \(suite) is recorded: running every test"), "\(none)")
        #expect(none.stdout.contains("3 failed"), "\(none)")
        try FileManager.default.removeItem(atPath: tmp.file("cache"))

        let first = try Sceneflow.run(["test", suite], environment: env)
        #expect(first.status == 1)
        let again = try Sceneflow.run(["test", suite, "--last-failed", "--json", tmp.file("l.json")], environment: env)
        #expect(again.status == 1, "\(again)")
        #expect(
            Self.verdicts(try Self.json(tmp.file("l.json"))) == [
                "a.lua: fails on purpose": "failed", "a.lua: smoke failure": "failed", "b.lua: b fails": "failed",
            ], "\(again)")
        // The state is per set of paths: another path has its own (none yet).
        let other = try Sceneflow.run(["test", tmp.file("suite/b.lua"), "--last-failed"], environment: env)
        #expect(other.stderr.contains("no previous run"), "\(other)")

        // Fix the failures: the rerun passes, then nothing is left to rerun.
        try tmp.write("suite/b.lua", "prototype \"../Proto\"\ntest(\"b fails\", function() end)\n")
        try tmp.write(
            "suite/a.lua",
            "prototype \"../Proto\"\ntest(\"fails on purpose\", function() end)\ntest(\"smoke failure\", function() end)\n"
        )
        let fixed = try Sceneflow.run(["test", suite, "--last-failed", "--jobs", "2"], environment: env)
        #expect(fixed.status == 0 && fixed.stdout.contains("3 passed, 0 failed"), "\(fixed)")
        let done = try Sceneflow.run(["test", suite, "--last-failed"], environment: env)
        #expect(done.status == 0, "\(done)")
        #expect(done.stderr.contains("no test failed in the previous run"), "\(done)")
        // Without XDG_CACHE_HOME the state goes under HOME/.cache (a home that exists: a
        // missing one is never created).
        try FileManager.default.createDirectory(atPath: tmp.file("home"), withIntermediateDirectories: true)
        let home = try Sceneflow.run(
            ["test", tmp.file("suite/b.lua")], environment: ["XDG_CACHE_HOME": nil, "HOME": tmp.file("home")])
        #expect(home.status == 0)
        // Beside the state: the screenshots whose structure check passed (StructureVerdicts),
        // those whose pixels decoded (CheckedImageCache) and the lock under which runs save
        // their states (LastRunState+Lock).
        let saved = try FileManager.default.contentsOfDirectory(atPath: tmp.file("home/.cache/sceneflow"))
            .filter { !["sound-images.txt", "checked-images.txt", "last-run.lock"].contains($0) }
        #expect(saved.count == 1 && saved[0].hasPrefix("last-run-"), "\(saved)")
        // The start is written as ISO8601DateFormatter writes it (UTC, whole seconds).
        let state = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: tmp.file("home/.cache/sceneflow/" + saved[0]))))
                as? [String: Any])
        let startedAt = try #require(state["startedAt"] as? String, "\(state)")
        #expect(
            startedAt.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z/) != nil, "\(startedAt)")
        let date = try #require(ISO8601DateFormatter().date(from: startedAt), "\(startedAt)")
        #expect(abs(date.timeIntervalSinceNow) < 600, "\(startedAt)")
        #expect(ISO8601DateFormatter().string(from: date) == startedAt)
    }

    @Test func lastFailedRerunsAFileThatCouldNotLoadWhole() throws {
        let tmp = try Self.suite()
        try tmp.write("suite/c.lua", "prototype \"../Proto\"\ntest(\"c\", function() end\n")
        let env = Self.env(tmp)
        #expect(try Sceneflow.run(["test", tmp.file("suite")], environment: env).status == 65)
        try tmp.write(
            "suite/c.lua", "prototype \"../Proto\"\ntest(\"c\", function() end)\ntest(\"d\", function() end)\n")
        let r = try Sceneflow.run(
            ["test", tmp.file("suite"), "--last-failed", "--json", tmp.file("c.json")], environment: env)
        let verdicts = Self.verdicts(try Self.json(tmp.file("c.json")))
        #expect(verdicts["c.lua: c"] == "passed" && verdicts["c.lua: d"] == "passed", "\(r)")
        #expect(verdicts.count == 5, "\(r)")
    }
}
