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
}
