import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// A test stopped by a limit has its after_each hooks run in a fresh load, where the top level
/// and before_all run again. Red-team 36 B1: when that load failed, the test's record went
/// wrong: before_all stuck in a C call there replaced the test's own reason, and a top level
/// that raised there dropped the hooks without a word. The test keeps its own reason, and
/// what ended the load follows it, `in after_each:`.
@Suite struct AfterEachLoadStopTests {
    /// What goes wrong in the load after the test burned its CPU time: before_all stuck in a C
    /// call, or the script's top level raising.
    static let lateProblems = [
        (
            "before_all stuck",
            "before_all(function() if os.clock() > 0.3 then \(AfterEachAfterEveryEndingTests.stuckCall) end end)"
        ),
        ("top level raises", "if os.clock() > 0.3 then error(\"TOP LATER\") end"),
    ]

    @Test(arguments: lateProblems.indices, ["1", "2"])
    func aFailedLoadForAfterEachKeepsTheTestsReasonAndSaysSo(_ problem: Int, _ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "b.lua",
            """
            prototype "Proto"
            \(Self.lateProblems[problem].1)
            after_each(function() error("AE ERR") end)
            test("loops", function() while true do end end)

            """)
        let r = try Sceneflow.run(
            ["test", "b.lua", "--timeout", "2", "--jobs", jobs, "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let test = report.files.first?.outcomes.first { $0.name == "loops" }
        let failure = test?.failure?.message ?? "missing"
        let said = "\(Self.lateProblems[problem].0) --jobs \(jobs): \(failure)"
        #expect(failure.hasPrefix("test \"loops\" ran its Lua code"), "\(said)")
        #expect(failure.contains("; then, in after_each: "), "\(said)")
        #expect(failure.contains(problem == 0 ? "before_all" : "TOP LATER"), "\(said)")
    }
}
