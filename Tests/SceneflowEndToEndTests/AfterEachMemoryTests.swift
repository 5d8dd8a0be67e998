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

    @Test func aTestPastTheMemoryLimitStillGetsItsAfterEach() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "t.lua",
            """
            prototype "Proto"
            after_each(function() log.message("cleanup ran") end)
            test("b", function() local t = {} for i = 1, 1e9 do t[i] = i end end)

            """)
        let r = try Sceneflow.run(["test", "t.lua", "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let outcome = try #require(report.files.first?.outcomes.first)
        #expect(outcome.log.contains { $0.message == "cleanup ran" }, "\(outcome.log)")
        #expect((outcome.failure?.message ?? "").contains("used more than"), "\(outcome.failure?.message ?? "")")
    }
}
