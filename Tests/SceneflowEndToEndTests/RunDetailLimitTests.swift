import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// The run-wide limit on the steps and log lines kept for the reports (`TestDetailBudget`): a
/// run of many tests that each log and step up to their own limits took the runner to 14.8 GB
/// (200 tests of 10 000 named steps). Past the limit a test keeps its verdict, failure, failed
/// steps and warnings, and says what was left out, in every report alike.
@Suite struct RunDetailLimitTests {
    @Test func aBudgetKeepsWhatTheVerdictRestsOn() {
        var budget = TestDetailBudget(limit: 1_000)
        func outcome(_ name: String, failing: Bool) -> TestOutcome {
            var o = TestOutcome(name: name, file: "a.lua", line: 1, verdict: failing ? .failed : .passed)
            o.steps = (0..<10).map { _ in TestStepRecord(call: "tap(\"x\")", line: 2, clockStart: 0, passed: true) }
            if failing { o.steps.append(TestStepRecord(call: "step(\"last\")", line: 3, clockStart: 0, group: "last")) }
            o.log = [
                TestLogEntry(level: .message, clockTime: 0, line: 2, message: String(repeating: "m", count: 100)),
                TestLogEntry(level: .warning, clockTime: 0, line: 3, message: "careful"),
            ]
            return o
        }
        var first = outcome("first", failing: false)
        budget.admit(&first)
        #expect(first.steps.count == 10 && first.log.count == 2)
        var second = outcome("second", failing: true)
        budget.admit(&second)
        #expect(second.steps.map(\.call) == ["step(\"last\")"])
        #expect(second.failedSteps == ["last"])
        #expect(second.log.map(\.level) == [.warning, .message])
        #expect(second.log.last?.message.hasPrefix("10 steps and 1 log line of this test were left out") == true)
        #expect(budget.testsCut == 1)
        #expect(budget.used <= 1_000 + TestDetailBudget.cost(steps: second.steps, log: []) + 64)
    }

    @Test func everyReportAgreesPastTheLimit() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s/a.lua",
            """
            prototype "../Proto"
            for t = 1, 6 do
              test("t" .. t, function()
                for i = 1, 40 do step("step " .. i, function() end) end
                for i = 1, 10 do log.message(string.rep("m", 200)) end
                if t == 5 then step("the failing step", function() expect(1).to_be(2) end) end
                if t == 6 then log.warn("a warning") end
              end)
            end

            """)
        let options = ["test", "s", "--json", "r.json", "--junit", "j.xml"]
        let whole = try Sceneflow.run(options, in: tmp.url)
        let limited = try Sceneflow.run(
            options + ["--verbose"], in: tmp.url, environment: ["SCENEFLOW_RUN_DETAIL_LIMIT": "12000"])
        #expect(whole.status == 1 && limited.status == 1, "\(limited)")
        for r in [whole, limited] { #expect(r.stdout.contains("5 passed, 1 failed (1 passed with warnings)"), "\(r)") }
        #expect(!whole.stdout.contains("left out"), "\(whole)")
        let report = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json"))))
        let outcomes = report.files.flatMap(\.outcomes)
        #expect(outcomes.map(\.verdict) == [.passed, .passed, .passed, .passed, .failed, .warned])
        #expect(outcomes[0].steps.count == 40, "the first tests keep everything")
        let cut = outcomes.filter { $0.log.contains { $0.message.contains("of this test were left out") } }
        #expect(cut.map(\.name).contains("t5") && cut.map(\.name).contains("t6"), "\(outcomes.map(\.name))")
        #expect(outcomes[4].failedSteps == ["the failing step"])
        #expect(outcomes[4].failure?.message.contains("expected 1 to be 2") == true)
        #expect(outcomes[5].warnings.map(\.message) == ["a warning"])
        let junit = try String(contentsOfFile: tmp.file("j.xml"), encoding: .utf8)
        #expect(junit.contains("of this test were left out"))
        #expect(limited.stdout.contains("of this test were left out"), "\(limited.stdout)")
    }

    /// The worker keeps no copy of the detail of the tests it handed to the runner: a file of
    /// 200 tests of 10 000 named steps grew it by about 11 MB a test, to 4.5 GB. Here 40
    /// tests of 1 500 named steps (3 MB each) grew it to 170 MB; it now stays near its start.
    @Test func aWorkerKeepsNoDetailOfTheTestsItHandedOver() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return }
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "w.lua",
            """
            prototype "Proto"
            local name = string.rep("s", 1000)
            for t = 1, 40 do
              test("t" .. t, function() for _ = 1, 1500 do step(name, function() end) end end)
            end

            """)
        let binary = try #require(Sceneflow.binary)
        let r = try Sceneflow.run(
            ["-f", "peak %M", binary.path, "test", "w.lua", "--quiet"], in: tmp.url,
            environment: ["SCENEFLOW_RUN_DETAIL_LIMIT": "1000000"], timeout: 300,
            executable: URL(fileURLWithPath: "/usr/bin/time"))
        #expect(r.stdout.contains("40 passed, 0 failed"), "\(r)")
        let line = r.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") } ?? ""
        let kilobytes = Int(line.dropFirst(5)) ?? -1
        #expect(kilobytes > 0 && kilobytes < 110_000, "peak \(kilobytes) KB (the worker and the runner)")
    }
}
