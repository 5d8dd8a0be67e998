import Foundation
import SceneflowRunner
import Testing

/// A run that fails because it selected no test (a `--filter` or `--tag` that matches nothing,
/// an empty `--shard`, a `--last-failed` whose failed tests are gone) says so in every report,
/// so the exit code (1) and every consumer agree: `prove` and tappy read a `not ok` point,
/// junitparser an `<error>`, the JSON report a `runFailure`, the HTML page the reason, and
/// `merge-reports` fails a merge that holds such a shard. A run with `--pass-with-no-tests`
/// writes the same reports as a pass (red-team 21 F2: every report read as a passing empty run,
/// and merging the failed empty shard with a passing one exited 0). A merge missing a shard
/// reports its files as errors, not skipped, as its exit code (1) says.
@Suite struct SelectedNothingReportsTests {
    /// How a run comes to select nothing.
    enum Way: String, CaseIterable, CustomTestStringConvertible {
        case filter, tag, emptyShard, lastFailedRenamed
        var testDescription: String { rawValue }
    }

    static let passing =
        "prototype \"../Proto\"\ntest(\"t\", function() expect(param(\"ok\", \"yes\")).to_be(\"yes\") end)\n"

    /// Sets up the suite and gives the arguments that select nothing in it.
    static func arrange(_ way: Way, _ tmp: TempFolder, _ env: [String: String]) throws -> [String] {
        try tmp.prototype()
        try tmp.write("s/t.lua", passing)
        switch way {
        case .filter: return ["test", "s", "--filter", "zzz"]
        case .tag: return ["test", "s", "--tag", "nope"]
        case .emptyShard: return ["test", "s", "--shard", "2/2"]
        case .lastFailedRenamed:
            let red = try Sceneflow.run(["test", "s", "--param", "ok=no"], in: tmp.url, environment: env)
            #expect(red.status == 1, "\(red)")
            try tmp.write("s/t.lua", passing.replacingOccurrences(of: "\"t\"", with: "\"renamed\""))
            return ["test", "s", "--last-failed"]
        }
    }

    /// The reports of the run, read by their consumers.
    struct Read {
        let prove: ConsumerTool.Output
        let tappy: [[String: Any]]
        let json: [JSONReport]
        let junit: [[String: Any]]
        let html: String
    }

    static func read(_ tmp: TempFolder, tap: String) throws -> Read {
        try tap.write(toFile: tmp.file("r.tap"), atomically: true, encoding: .utf8)
        let json = try ["r.json", "rep/results.json"].map {
            try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent($0)))
        }
        var junit: [[String: Any]] = []
        for file in ["r.xml", "rep/junit.xml"] {
            #expect(try ConsumerTool.schemaProblems(tmp.file(file)) == nil, "\(file) against junit-10.xsd")
            junit.append(
                try #require(try ConsumerTool.python("junitparser_results.py", [tmp.file(file)]).jsonLines().last))
        }
        return Read(
            prove: try ConsumerTool.run("prove", ["--exec", "cat", tmp.file("r.tap")], in: tmp.path),
            tappy: try ConsumerTool.python("tappy_results.py", [tmp.file("r.tap")]).jsonLines(), json: json,
            junit: junit, html: try String(contentsOfFile: tmp.file("rep/index.html"), encoding: .utf8))
    }

    static let reports = ["--tap", "--json", "r.json", "--junit", "r.xml", "--report", "rep"]

    @Test(arguments: Way.allCases, ["1", "2"])
    func everyReportSaysTheRunFailed(_ way: Way, jobs: String) throws {
        try Self.expectFailedRun(way, extra: ["--jobs", jobs])
    }

    /// Failed tests that can no longer run leave a red suite unchecked: the run fails even with
    /// `--pass-with-no-tests`, which lets pass only a selection that is empty by design.
    @Test func lastFailedWithNothingLeftFailsEvenWhenNoTestsMayPass() throws {
        try Self.expectFailedRun(.lastFailedRenamed, extra: ["--pass-with-no-tests"])
    }

    static func expectFailedRun(_ way: Way, extra: [String]) throws {
        let tmp = try TempFolder()
        let env = ["XDG_CACHE_HOME": tmp.file("cache")]
        let arguments = try arrange(way, tmp, env)
        let r = try Sceneflow.run(arguments + reports + extra, in: tmp.url, environment: env)
        #expect(r.status == 1, "\(r)")
        #expect(r.stderr.contains("nothing was checked"), "\(r)")
        let read = try read(tmp, tap: r.stdout)
        #expect(read.prove.status != 0 && read.prove.stdout.contains("Result: FAIL"), "prove: \(read.prove)")
        let points = read.tappy.dropLast()
        #expect(points.count == 1 && points.first?["verdict"] as? String == "fail", "tappy: \(read.tappy)")
        #expect(
            (points.first?["description"] as? String)?.contains("nothing was checked") == true, "tappy: \(read.tappy)")
        for report in read.json {
            #expect(report.runFailure?.contains("nothing was checked") == true, "JSON: \(report.runFailure ?? "nil")")
            #expect(report.line.contains("nothing was checked"), "JSON line: \(report.line)")
        }
        for summary in read.junit {
            #expect(summary["errors"] as? Int == 1 && summary["tests"] as? Int == 1, "junitparser: \(summary)")
        }
        #expect(read.html.contains("nothing was checked"), "index.html names no reason")
        #expect(read.html.contains("class=\"run-failure\""), "index.html shows no failure")
    }

    @Test(arguments: [Way.filter, .tag, .emptyShard])
    func passWithNoTestsWritesAPass(_ way: Way) throws {
        let tmp = try TempFolder()
        let env = ["XDG_CACHE_HOME": tmp.file("cache")]
        let arguments = try Self.arrange(way, tmp, env)
        let r = try Sceneflow.run(
            arguments + Self.reports + ["--pass-with-no-tests"], in: tmp.url, environment: env)
        #expect(r.status == 0, "\(r)")
        let read = try Self.read(tmp, tap: r.stdout)
        #expect(read.prove.status == 0, "prove: \(read.prove)")
        #expect(read.tappy.count == 1, "tappy: \(read.tappy)")
        for report in read.json { #expect(report.runFailure == nil, "JSON: \(report.runFailure ?? "")") }
        for summary in read.junit { #expect(summary["errors"] as? Int == 0, "junitparser: \(summary)") }
        #expect(!read.html.contains("class=\"run-failure\""))
    }

    /// Shards of a suite with fewer files than shards: the empty shard fails, and so does the
    /// merge, in its exit code and its reports; with `--pass-with-no-tests` both pass.
    @Test(arguments: [false, true])
    func mergeHonoursAnEmptyShardsFailure(_ allowed: Bool) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s/t.lua", Self.passing)
        let allow = allowed ? ["--pass-with-no-tests"] : []
        let one = try Sceneflow.run(["test", "s", "--shard", "1/2", "--json", "s1.json"] + allow, in: tmp.url)
        #expect(one.status == 0, "\(one)")
        let two = try Sceneflow.run(["test", "s", "--shard", "2/2", "--json", "s2.json"] + allow, in: tmp.url)
        #expect(two.status == (allowed ? 0 : 1), "\(two)")
        let m = try Sceneflow.run(
            ["merge-reports", "s1.json", "s2.json", "--json", "m.json", "--junit", "m.xml", "--report", "mrep"],
            in: tmp.url)
        let merged = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("m.json")))
        let junit = try #require(
            try ConsumerTool.python("junitparser_results.py", [tmp.file("m.xml")]).jsonLines().last)
        let html = try String(contentsOfFile: tmp.file("mrep/index.html"), encoding: .utf8)
        if allowed {
            #expect(m.status == 0, "\(m)")
            #expect(merged.runFailure == nil && junit["errors"] as? Int == 0, "\(junit)")
        } else {
            #expect(m.status == 1, "\(m)")
            #expect(m.stderr.contains("shard 2/2"), "\(m)")
            #expect(merged.runFailure?.contains("shard 2/2") == true, "\(merged.runFailure ?? "nil")")
            #expect(junit["errors"] as? Int == 1, "junitparser: \(junit)")
            #expect(html.contains("class=\"run-failure\"") && html.contains("shard 2/2"))
        }
        #expect(try ConsumerTool.schemaProblems(tmp.file("m.xml")) == nil)
    }

    /// A merge missing a shard exits 1: its files are errors in JUnit (junitparser, Jenkins),
    /// not skipped tests a CI server reads as green.
    @Test func aMissingShardsFilesAreErrors() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s/a.lua", Self.passing)
        try tmp.write("s/b.lua", Self.passing)
        let one = try Sceneflow.run(["test", "s", "--shard", "1/2", "--json", "s1.json"], in: tmp.url)
        #expect(one.status == 0, "\(one)")
        let m = try Sceneflow.run(["merge-reports", "s1.json", "--junit", "m.xml"], in: tmp.url)
        #expect(m.status == 1, "\(m)")
        let cases = try ConsumerTool.python("junitparser_results.py", [tmp.file("m.xml")]).jsonLines()
        let missing = cases.filter { ($0["name"] as? String) == "(not run)" }
        #expect(missing.count == 1 && missing.allSatisfy { $0["verdict"] as? String == "error" }, "\(cases)")
        #expect(cases.last?["errors"] as? Int == 1, "\(cases)")
        #expect(try ConsumerTool.schemaProblems(tmp.file("m.xml")) == nil)
    }

    /// Shards run with a `--filter` leave out the files it does not match, as one machine's run
    /// would: the merge leaves them out too, and passes when every shard passed. (It reported
    /// them as "not run (no report of shards /2 was merged)" and exited 1, naming no shard.)
    @Test(arguments: [1, 2, 3])
    func mergeOfFilteredShardsLeavesLeftOutFilesOut(_ count: Int) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        for name in ["a", "b", "c", "d"] { try tmp.write("s/\(name).lua", Self.passing) }
        var reports: [String] = []
        for index in 1...count {
            let r = try Sceneflow.run(
                [
                    "test", "s", "--shard", "\(index)/\(count)", "--filter", "s/[bd].lua: *", "--pass-with-no-tests",
                    "--json", "s\(index).json",
                ], in: tmp.url)
            #expect(r.status == 0, "\(r)")
            reports.append("s\(index).json")
        }
        let m = try Sceneflow.run(["merge-reports"] + reports + ["--json", "m.json", "--junit", "m.xml"], in: tmp.url)
        #expect(m.status == 0, "\(m)")
        let merged = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("m.json")))
        #expect(merged.files.map(\.file) == ["s/b.lua", "s/d.lua"], "\(merged.files.map { ($0.file, $0.notRun) })")
        #expect(merged.summary.passed == 2 && merged.summary.notRun == 0, "\(merged.summary)")
        // Leaving a shard out still reports its files as not run, and fails.
        if count > 1 {
            let partial = try Sceneflow.run(["merge-reports"] + reports.dropLast() + ["--json", "p.json"], in: tmp.url)
            #expect(
                partial.status == 1 && partial.stderr.contains("no report of shard \(count)/\(count)"), "\(partial)")
            let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("p.json")))
            let notRun = report.files.filter { $0.notRun != nil }.map(\.file)
            let expected = ["s/a.lua", "s/b.lua", "s/c.lua", "s/d.lua"].enumerated().filter {
                $0.offset % count == count - 1
            }
            .map(\.element)
            #expect(notRun == expected, "\(report.files.map { ($0.file, $0.notRun) })")
        }
    }
}
