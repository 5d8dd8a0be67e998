import Foundation
import SceneflowRunner
import Testing

/// Red-team 53 B T2: making `now()` count from the end of before_all (for 52 A T1) made the
/// test's first gesture wait for the clock time before_all had used, since the Lua side
/// schedules gestures on `now()`: a 0.4 s tap took 0–1.13 s and failed `clock_limit = 1`.
/// That change is undone; a test's gestures take the same clock time with or without a
/// before_all that used some.
@Suite struct TestClockAfterBeforeAllTests {
    @Test(arguments: [true, false])
    func aTestsFirstTapTakesItsOwnTime(beforeAll: Bool) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            \(beforeAll ? "before_all(function() tap \"Open\"; tap \"Back\" end)" : "")
            test("t", { clock_limit = 1 }, function() tap "Open"; expect.scene "detail" end)

            """)
        let r = try Sceneflow.run(["test", "s.lua", "--json", "r.json"], in: tmp.url, timeout: 60)
        #expect(r.status == 0, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let test = try #require(report.files.first?.outcomes.first)
        #expect(test.clockSeconds < 0.6, "\(test.clockSeconds)")
    }
}
