import Foundation
import SceneflowRunner
import Testing

/// Red-team 53 B T2: making `now()` count from the end of before_all (for 52 A T1) made the
/// test's first gesture wait for the clock time before_all had used, since the Lua side
/// schedules gestures on `now()`: a 0.4 s tap took 0–1.13 s and failed `clock_limit = 1`.
/// That change is undone; a test's gestures take the same clock time with or without a
/// before_all that used some. 52 A T1, done again on the script's side only: `now()` and
/// `last_transition()` count from the end of before_all, as the log and steps do, while the
/// gestures keep the session's clock.
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

    /// What the test's script reads of the clock, logged: `now()` at its first line, after a
    /// tap, and the tap's transition's times.
    static func clockReadings(beforeAll: Bool) throws -> [String] {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            \(beforeAll ? "before_all(function() tap \"Open\"; tap \"Back\"; wait(0.25) end)" : "")
            test("t", function()
              log.message(string.format("start %.4f", now()))
              tap "Open"
              expect.scene "detail"
              local t = last_transition()
              log.message(string.format("after %.4f transition %.4f %.4f %.4f", now(), t.start, t.first_frame, t.completion))
            end)

            """)
        let r = try Sceneflow.run(["test", "s.lua", "--json", "r.json"], in: tmp.url, timeout: 60)
        #expect(r.status == 0, "\(r)")
        let text = try String(contentsOf: tmp.url.appendingPathComponent("r.json"), encoding: .utf8)
        let readings = text.components(separatedBy: "\"").filter { $0.hasPrefix("start ") || $0.hasPrefix("after ") }
        #expect(readings.count == 2, "\(text)")
        return readings
    }

    @Test func nowAndLastTransitionReadTheSameWithOrWithoutABeforeAll() throws {
        let alone = try Self.clockReadings(beforeAll: false)
        let after = try Self.clockReadings(beforeAll: true)
        #expect(alone.first == "start 0.0000")
        #expect(after == alone, "with before_all: \(after); alone: \(alone)")
    }
}
