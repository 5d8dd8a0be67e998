import Foundation
import SceneflowRunner
import Testing

/// Red-team R3: the clock time a `before_all` hook spends (a gesture, a wait) is the file's
/// setup, not any test's: a test's `clock_limit`, its reported clock seconds and the clock times
/// of its steps and log count from the end of before_all, in every test and whatever the order.
/// A 0.3 s push in before_all had failed a `clock_limit = 0.5` test doing `wait(0.3)` ("did not
/// finish within 0.5 s"), and the first test's steps were stamped 0.35 s later than the others'.
@Suite struct BeforeAllClockTests {
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s/t.lua",
            """
            prototype "../Proto"
            before_all(function() tap "Open"; wait(0.1) end)
            test("first", { clock_limit = 0.5 }, function() step("pause", function() wait(0.3) end) end)
            test("second", { clock_limit = 0.5 }, function() step("pause", function() wait(0.3) end) end)

            """)
        return tmp
    }

    @Test(arguments: [["--jobs", "1"], ["--reverse"], ["--filter", "second"], ["--jobs", "2"]])
    func beforeAllClockTimeIsNoTestsTime(mode: [String]) throws {
        let tmp = try Self.suite()
        let r = try Sceneflow.run(["test", "s", "--json", "r.json"] + mode, in: tmp.url, timeout: 60)
        #expect(r.status == 0, "\(mode): \(r)")
        let report = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json"))))
        for outcome in report.files.flatMap(\.outcomes) {
            #expect(outcome.verdict == .passed, "\(mode) \(outcome.name): \(outcome.failure?.message ?? "")")
            #expect(abs(outcome.clockSeconds - 0.3) < 0.02, "\(mode) \(outcome.name): \(outcome.clockSeconds) s clock")
            let pause = outcome.steps.first { $0.group == "pause" }
            #expect(pause?.clockStart == 0, "\(mode) \(outcome.name): \(String(describing: pause))")
        }
    }

    /// Red-team 9 m1: a clock-limit failure counts the test's own steps, not before_all's (kept
    /// in the first test that runs): the message is the same in every order ("step 2 … 1 step
    /// had passed" forward had read "step 1 … 0 steps" with --reverse).
    @Test func aClockLimitMessageCountsTheTestsOwnSteps() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s/t.lua",
            """
            prototype "../Proto"
            before_all(function() tap "Open" end)
            test("slow", { clock_limit = 0.5 }, function() wait(1) end)
            test("other", function() end)

            """)
        var messages: [String] = []
        for mode in [[], ["--reverse"], ["--filter", "slow"]] {
            let r = try Sceneflow.run(["test", "s", "--json", "r.json"] + mode, in: tmp.url, timeout: 60)
            #expect(r.status == 1, "\(mode): \(r)")
            let report = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json"))))
            let slow = report.files.flatMap(\.outcomes).first { $0.name == "slow" }
            messages.append(slow?.failure?.message ?? "")
        }
        #expect(messages[0].contains("wait(1) was running (step 1, started at 0 s); 0 steps had passed"), "\(messages)")
        #expect(Set(messages).count == 1, "\(messages)")
    }
}
