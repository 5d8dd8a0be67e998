import Foundation
import SceneflowRunner
import Testing

/// A failing `after_all` is reported as its own `(after_all)` entry of the file, as Playwright
/// reports an afterAll error, in the console, JSON, JUnit, TAP and HTML, with the run failing;
/// the tests keep their verdicts whichever runs last (`--reverse`, `--filter`, `--jobs`), and
/// `--last-failed` reruns the whole file (red-team finding P15: the failure was charged to the
/// test that ran last).
@Suite struct AfterAllEntryTests {
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "suite/r.lua",
            """
            prototype "../Proto"
            after_all(function() error("after_all broke") end)
            test("first", function() end)
            test("second", function() tap "Open" end)

            """)
        try tmp.write("suite/other.lua", "prototype \"../Proto\"\ntest(\"other\", function() end)\n")
        return tmp
    }

    static let expected = [
        "suite/r.lua: first": "passed", "suite/r.lua: second": "passed", "suite/r.lua: (after_all)": "failed",
        "suite/other.lua: other": "passed",
    ]

    @Test func theSameEntryInEveryOrderAndSelection() throws {
        let tmp = try Self.suite()
        for mode in [[], ["--reverse"], ["--jobs", "2"], ["--reverse", "--jobs", "2"]] {
            let r = try Sceneflow.run(["test", "suite", "--json", "r.json"] + mode, in: tmp.url)
            #expect(r.status == 1, "\(mode): \(r)")
            #expect(try VerdictIsolationTests.verdicts(tmp.file("r.json")).tests == Self.expected, "\(mode)")
            #expect(r.stdout.contains("FAIL  (after_all)"), "\(mode): \(r.stdout)")
            #expect(r.stdout.contains("suite/r.lua:2: in after_all: "), "\(mode): \(r.stdout)")
            #expect(r.stdout.contains("after_all broke"), "\(mode): \(r.stdout)")
        }
        for name in ["first", "second"] {
            let r = try Sceneflow.run(["test", "suite/r.lua", "--filter", name, "--json", "r.json"], in: tmp.url)
            #expect(r.status == 1, "\(name): \(r)")
            let verdicts = try VerdictIsolationTests.verdicts(tmp.file("r.json")).tests
            #expect(
                verdicts == ["suite/r.lua: \(name)": "passed", "suite/r.lua: (after_all)": "failed"],
                "\(name): \(verdicts)")
        }
    }

    @Test func everyReportKindHasTheEntry() throws {
        let tmp = try Self.suite()
        let r = try Sceneflow.run(
            ["test", "suite", "--json", "r.json", "--junit", "j.xml", "--report", "rep", "--tap"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("not ok") && r.stdout.contains("suite/r.lua: (after_all)"), "\(r.stdout)")
        #expect(!r.stdout.contains("not ok 1 - suite/r.lua: first"), "\(r.stdout)")
        let junit = try String(contentsOfFile: tmp.file("j.xml"), encoding: .utf8)
        let entry = try #require(junit.firstRange(of: "<testcase name=\"(after_all)\""), "\(junit)")
        #expect(junit[entry.lowerBound...].prefix(600).contains("after_all broke"), "\(junit)")
        let json = try String(contentsOfFile: tmp.file("r.json"), encoding: .utf8)
        #expect(json.contains("\"hook\" : \"after_all\""), "\(json)")
        let html = try String(contentsOfFile: tmp.file("rep/index.html"), encoding: .utf8)
        #expect(html.contains("(after_all)") && html.contains("after_all broke"), "the HTML report")
    }

    /// The test that runs last keeps its own failure; the hook's is the entry's.
    @Test func aFailingLastTestKeepsItsOwnMessage() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            after_all(function() error("hook failed") end)
            test("only", function() error("own failure") end)

            """)
        let r = try Sceneflow.run(["test", "s.lua", "--json", "r.json"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        let json = try String(contentsOfFile: tmp.file("r.json"), encoding: .utf8)
        #expect(json.contains("s.lua:3: own failure") || json.contains("\"message\" : \"own failure\""), "\(json)")
        #expect(!json.contains("own failure; then"), "\(json)")
        #expect(r.stdout.contains("0 passed, 2 failed"), "the test and the hook's entry: \(r.stdout)")
    }

    @Test func lastFailedRerunsTheWholeFile() throws {
        let tmp = try Self.suite()
        let cache = tmp.file("cache")
        _ = try Sceneflow.run(["test", "suite"], in: tmp.url, environment: ["XDG_CACHE_HOME": cache])
        let again = try Sceneflow.run(
            ["test", "suite", "--last-failed", "--json", "r.json"], in: tmp.url, environment: ["XDG_CACHE_HOME": cache])
        #expect(again.status == 1, "\(again)")
        let verdicts = try VerdictIsolationTests.verdicts(tmp.file("r.json")).tests
        #expect(
            verdicts == [
                "suite/r.lua: first": "passed", "suite/r.lua: second": "passed", "suite/r.lua: (after_all)": "failed",
            ], "\(verdicts)")
    }

    /// Red-team 46 A C1: the entry showed `0 s clock` in every report, even after its hook
    /// waited 5 s of clock time (its own log line stamped 5 s); one stopped by the clock limit
    /// was told to raise the test's `clock_limit`, which does not apply to it.
    @Test func theEntryCountsTheClockTimeItsHooksUsed() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "a.lua",
            "prototype \"Proto\"\ntest(\"t\", function() end)\nafter_all(function() wait(5); error(\"AA\") end)\n")
        try tmp.write(
            "b.lua",
            "prototype \"Proto\"\ntest(\"t\", function() end)\nafter_all(function() while true do wait(1) end end)\n")
        let r = try Sceneflow.run(["test", "a.lua", "b.lua", "--clock-limit", "30", "--json", "r.json"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let entries = report.files.compactMap { $0.outcomes.first { $0.name == TestOutcome.afterAllName } }
        // The limit ends the hook at the first frame past 30 s.
        let clocks = entries.map(\.clockSeconds)
        #expect(clocks.count == 2 && clocks[0] == 5 && (30...30.1).contains(clocks[1]), "\(clocks)")
        let limit = entries.last?.failure?.message ?? ""
        #expect(limit.contains("after_all of b.lua did not finish within 30 s of clock time"), "\(limit)")
        #expect(limit.contains("Raise the limit with --clock-limit SECONDS"), "\(limit)")
        #expect(!limit.contains("test(name, {clock_limit") && !limit.contains("the test's own"), "\(limit)")
        #expect(r.stdout.contains("FAIL  (after_all)  ("), "\(r.stdout)")
        #expect(r.stdout.contains(", 5 s clock)"), "\(r.stdout)")
    }
}
