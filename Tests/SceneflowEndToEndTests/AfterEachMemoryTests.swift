import Foundation
import SceneflowRunner
import Testing

/// An `after_each` that itself passes the memory limit is stopped there, once: its failure
/// names the hook (`after_each of m.lua (for test "b") used more than …`) and it is not run a
/// second time in a fresh load, as a hook that a limit stopped never is (red-team finding p2:
/// it ran twice, its log twice, and the repeated failure named only the file). A test whose
/// own function passed the limit still gets its after_each in a fresh load.
@Suite struct AfterEachMemoryTests {
    @Test(arguments: [["--jobs", "1"], ["--jobs", "2"]])
    func anAfterEachPastTheMemoryLimitRunsOnceAndIsNamed(_ jobs: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "m.lua",
            """
            prototype "Proto"
            after_each(function() log.message("ae start") local t = {} for i = 1, 1e9 do t[i] = i end end)
            test("b", function() end)

            """)
        let r = try Sceneflow.run(["test", "m.lua", "--json", "r.json"] + jobs, in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let outcome = try #require(report.files.first?.outcomes.first)
        let message = outcome.failure?.message ?? ""
        #expect(message.contains("after_each of m.lua (for test \"b\") used more than"), "\(message)")
        #expect(!message.contains("; then,"), "the hook's failure came twice: \(message)")
        #expect(outcome.log.filter { $0.message == "ae start" }.count == 1, "\(outcome.log)")
    }

    /// The failure is the test's own, never the hook's that ran fine after it (red-team 9 m2:
    /// a test of 4 MB strings was reported as "after_each of t.lua (for test "b") used more
    /// than 256 MiB").
    @Test(arguments: ["t[i] = i", #"t[i] = string.rep("x", 4e6) .. i"#])
    func aTestPastTheMemoryLimitStillGetsItsAfterEach(_ grow: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "t.lua",
            """
            prototype "Proto"
            after_each(function() log.message("cleanup ran") end)
            test("b", function() local t = {} for i = 1, 1e9 do \(grow) end end)

            """)
        let r = try Sceneflow.run(["test", "t.lua", "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let outcome = try #require(report.files.first?.outcomes.first)
        #expect(outcome.log.contains { $0.message == "cleanup ran" }, "\(outcome.log)")
        let message = outcome.failure?.message ?? ""
        #expect(message.contains("used more than"), "\(message)")
        #expect(!message.contains("after_each of"), "\(message)")
    }
}
