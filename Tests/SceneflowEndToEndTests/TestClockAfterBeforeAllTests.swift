import Foundation
import SceneflowRunner
import Testing

/// Red-team 52 A T1: after a before_all that used 0.8 s of clock (two taps), `now()` and
/// `last_transition()` in a test counted from before it, while the test's log, steps and clock
/// seconds count from its end: the first line logged `now() = 0.8` at clock 0. One clock per
/// test: `now()` and the transition's times count from the end of before_all too, with or
/// without a before_all, so a test's numbers never depend on it.
@Suite struct TestClockAfterBeforeAllTests {
    @Test(arguments: [true, false])
    func nowAndTransitionTimesCountFromTheTestsStart(beforeAll: Bool) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            \(beforeAll ? "before_all(function() tap \"Open\"; tap \"Back\" end)" : "")
            test("t", function()
              log.message(string.format("start %.3f", now()))
              tap "Open"
              local tr = last_transition()
              log.message(string.format("after %.3f %.3f %.3f", now(), tr.start, tr.completion))
            end)

            """)
        let r = try Sceneflow.run(["test", "s.lua", "--json", "r.json"], in: tmp.url, timeout: 60)
        #expect(r.status == 0, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let log = try #require(report.files.first?.outcomes.first?.log)
        #expect(log.first?.message == "start 0.000", "\(log)")
        let after = try #require(log.last)
        let numbers = after.message.split(separator: " ").dropFirst().compactMap { Double($0) }
        #expect(numbers.count == 3, "\(after)")
        // now() is the log's own clock time, and the transition lies inside the test's clock.
        #expect(abs(numbers[0] - after.clockTime) < 0.001, "\(after)")
        #expect(numbers[1] >= 0 && numbers[1] < numbers[0], "\(after)")
        #expect(numbers[2] <= numbers[0] + 0.001 && numbers[2] > numbers[1], "\(after)")
    }
}
