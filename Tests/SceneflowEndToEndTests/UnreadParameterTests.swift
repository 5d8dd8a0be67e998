import Foundation
import Testing

/// A `--param` that no script of the run read is named in a warning with a did-you-mean against
/// the keys the scripts did read, whichever worker read them (red-team 12 m3: `--param
/// srict=true` for `param("strict", false)` ran on the default with no word). The exit status
/// is the run's: the warning does not fail it.
@Suite struct UnreadParameterTests {
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "suite/a.lua",
            """
            prototype "../Proto"
            local strict = param("strict", false)
            test("a", function() assert(strict == false) end)

            """)
        try tmp.write(
            "suite/b.lua",
            """
            prototype "../Proto"
            test("b", function() log.message(param("user", "ada")) end)

            """)
        return tmp
    }

    @Test(arguments: ["1", "2"])
    func aParameterNoScriptReadIsNamedWithDidYouMean(jobs: String) throws {
        let tmp = try Self.suite()
        let run = try Sceneflow.run(
            ["test", "suite", "--jobs", jobs, "--param", "srict=true", "--param", "user=bob", "--param", "other=1"],
            in: tmp.url)
        #expect(run.status == 0, "\(run)")
        #expect(
            run.stderr.contains("warning: --param srict was read by no test of this run; did you mean \"strict\"?"),
            "\(run.stderr)")
        #expect(run.stderr.contains("--param other was read by no test"), "\(run.stderr)")
        #expect(!run.stderr.contains("--param user"), "\(run.stderr)")
    }

    @Test func parametersThatWereReadGetNoWarning() throws {
        let tmp = try Self.suite()
        let run = try Sceneflow.run(["test", "suite", "--param", "strict=false", "--param", "user=bob"], in: tmp.url)
        #expect(run.status == 0, "\(run)")
        #expect(!run.stderr.contains("read by no test"), "\(run.stderr)")
    }

    /// Red-team 43 A F3: a key read only by after_all, or by a load that was then stopped (a C
    /// call the load's limit ended, a worker killed), was called "read by no test", sending
    /// the user to look for a typo; the key was what made the load hang. A key counts as read
    /// from the moment any Lua code of the run reads it.
    @Test(arguments: ["after_all", "stuck load"], ["1", "2"])
    func aKeyReadWhereNoTestRunsIsNotNamed(_ place: String, _ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let script =
            place == "after_all"
            ? "prototype \"Proto\"\nafter_all(function() local y = param(\"inaa\") end)\ntest(\"t\", function() end)\n"
            : "prototype \"Proto\"\nif param(\"inaa\") == \"1\" then \(AfterEachAfterEveryEndingTests.stuckCall) end\ntest(\"t\", function() end)\n"
        try tmp.write("p.lua", script)
        let run = try Sceneflow.run(
            ["test", "p.lua", "--jobs", jobs, "--param", "inaa=1", "--param", "zzz=1"], in: tmp.url, timeout: 120)
        #expect(run.status == (place == "after_all" ? 0 : 65), "\(place), --jobs \(jobs): \(run)")
        #expect(!run.stderr.contains("--param inaa"), "\(place), --jobs \(jobs): \(run.stderr)")
        #expect(run.stderr.contains("--param zzz was read by no test"), "\(place), --jobs \(jobs): \(run.stderr)")
    }
}
