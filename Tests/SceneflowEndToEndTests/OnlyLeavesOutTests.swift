import Foundation
import Testing

/// Red-team 52 A W1: with `--last-failed`, a failed test that an `only()` added since leaves out
/// was said to be "no longer declared (renamed or removed?)", though it is still there; and
/// when another failed test did run, the left-out one was dropped from the state as vanished,
/// so the next run without `only()` forgot it. 43 A F5: `--filter plain` said "no test
/// matches" when one did and `only()` left it out. Each message names the `only()` (file and
/// line) and the tests it left out, and a failure it left out stays in the state.
@Suite struct OnlyLeavesOutTests {
    static func suite(_ tmp: TempFolder, only: Bool) throws {
        try tmp.prototype()
        try tmp.write(
            "lo.lua",
            """
            prototype "Proto"
            \(only ? "only" : "test")("t1", function() end)
            test("t2", function() expect(1).to_be(2) end)
            test("t3", function() expect(1).to_be(\(only ? "1" : "2")) end)

            """)
    }

    @Test(arguments: ["1", "2"])
    func aFailureOnlyLeavesOutIsNamedAndKept(jobs: String) throws {
        let tmp = try TempFolder()
        let cache = ["XDG_CACHE_HOME": Optional(tmp.file("cache"))]
        try Self.suite(tmp, only: false)
        let first = try Sceneflow.run(["test", "lo.lua", "--jobs", jobs], in: tmp.url, environment: cache)
        #expect(first.status == 1, "\(first)")
        // only("t1") now: t2 and t3 failed last time, and only() leaves both out.
        try Self.suite(tmp, only: true)
        let rerun = try Sceneflow.run(
            ["test", "lo.lua", "--last-failed", "--jobs", jobs], in: tmp.url, environment: cache)
        #expect(rerun.status == 1, "\(rerun)")
        #expect(!rerun.stderr.contains("no longer declared (renamed or removed?)"), "\(rerun.stderr)")
        #expect(rerun.stderr.contains("only() at lo.lua:2 left"), "\(rerun.stderr)")
        #expect(rerun.stderr.contains("lo.lua: t2; lo.lua: t3"), "\(rerun.stderr)")
        // Without only() again, both failures are rerun: none was forgotten.
        try Self.suite(tmp, only: false)
        let again = try Sceneflow.run(
            ["test", "lo.lua", "--last-failed", "--jobs", jobs, "--json", "r.json"], in: tmp.url, environment: cache)
        #expect(again.status == 1, "\(again)")
        let names = try JSONSerialization.jsonObject(with: Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let text = String(describing: names)
        #expect(text.contains("t2") && text.contains("t3") && !text.contains("t1"), "\(again.stdout)")
    }

    /// One failure only() leaves out while another runs: the left-out one is kept in the state.
    @Test func aLeftOutFailureIsKeptWhenAnotherRuns() throws {
        let tmp = try TempFolder()
        let cache = ["XDG_CACHE_HOME": Optional(tmp.file("cache"))]
        try tmp.prototype()
        let body = { (mark: String) in
            """
            prototype "Proto"
            \(mark)("t1", function() expect(1).to_be(2) end)
            test("t2", function() expect(1).to_be(2) end)

            """
        }
        try tmp.write("lo.lua", body("test"))
        #expect(try Sceneflow.run(["test", "lo.lua"], in: tmp.url, environment: cache).status == 1)
        try tmp.write("lo.lua", body("only"))
        let focused = try Sceneflow.run(["test", "lo.lua", "--last-failed"], in: tmp.url, environment: cache)
        #expect(focused.status == 1 && focused.stdout.contains("FAIL  t1"), "\(focused)")
        #expect(focused.stderr.contains("only() at lo.lua:2 left"), "\(focused.stderr)")
        try tmp.write("lo.lua", body("test"))
        let again = try Sceneflow.run(["test", "lo.lua", "--last-failed"], in: tmp.url, environment: cache)
        #expect(again.stdout.contains("FAIL  t2"), "t2 was not forgotten: \(again)")
    }

    @Test(arguments: [["--filter", "plain"], ["--filter-invert", "only"]])
    func aFilterWhoseMatchOnlyLeavesOutSaysSo(options: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "o.lua",
            """
            prototype "Proto"
            test("y plain", function() end)
            only("a only", function() end)
            only("b only", function() end)
            skip("c skip", function() end)

            """)
        let r = try Sceneflow.run(["test", "o.lua"] + options, in: tmp.url)
        #expect(r.status == 1, "\(r)")
        #expect(r.stderr.contains("only() at o.lua:3, 4 left out"), "\(r.stderr)")
        #expect(r.stderr.contains("o.lua: y plain"), "\(r.stderr)")
    }
}

/// Red-team 54 A A6: `--last-failed --filter t1` (or `--filter-invert t2`) gave no reason why
/// a failed test was not rerun; the filter is named, as `--tag` and `only()` are.
@Suite struct FilterLeavesOutFailuresTests {
    @Test(arguments: [["--filter", "t1"], ["--filter-invert", "t2"]])
    func theFilterIsNamed(options: [String]) throws {
        let tmp = try TempFolder()
        let cache = ["XDG_CACHE_HOME": Optional(tmp.file("cache"))]
        try tmp.prototype()
        try tmp.write(
            "lo.lua",
            "prototype \"Proto\"\ntest(\"t1\", function() end)\ntest(\"t2\", function() expect(1).to_be(2) end)\n")
        #expect(try Sceneflow.run(["test", "lo.lua"], in: tmp.url, environment: cache).status == 1)
        let r = try Sceneflow.run(["test", "lo.lua", "--last-failed"] + options, in: tmp.url, environment: cache)
        #expect(r.status == 1, "\(r)")
        #expect(r.stderr.contains("was not run: \(options.joined(separator: " ")) left it out"), "\(r.stderr)")
        #expect(r.stderr.contains("lo.lua: t2"), "\(r.stderr)")
    }
}
