import Foundation
import Testing

/// Each test's virtual clock starts where it would start if the test ran alone (0): `now()`,
/// `last_transition()`'s times, scene timers (`after`/`on_after`), a transition cut off by the
/// end of the test before, log and step times are the same run whole, in reverse, test by test
/// with `--filter` and with `--jobs` (red-team finding P14: `now()` carried the clock over from
/// earlier tests of the file).
@Suite struct ClockIsolationTests {
    /// A prototype whose splash advances by itself after 1.5 s (a timer) into home, where
    /// "Open" pushes detail in 0.3 s.
    static func prototype(_ tmp: TempFolder) throws {
        try tmp.prototype(
            start: "splash",
            scenes: """
                    splash = { image = "splash.png", after = 1.5, on_after = replace("home", "crossfade", 0.3) },

                """ + TempFolder.twoScenes, images: ["splash.png", "home.png", "detail.png"])
    }

    /// Tests that log every clock-derived value they can read, and some that only spend clock
    /// time (long waits, a test that ends inside a transition, one that fails mid-wait).
    static let script = """
        prototype "Proto"
        local function report(tag)
          local t = last_transition()
          log.message(tag, now(), t and t.start, t and t.first_frame, t and t.completion, t and t.to)
        end
        test("long wait", function() wait(10) end)
        test("fresh clock", function()
          report("start")
          expect(now()).to_be_less_than(1)
        end)
        test("ends inside a transition", function()
          expect.scene("home", {timeout = 3})
          tap "Open"
          wait(0.1)
        end)
        test("timer from zero", function()
          report("start")
          expect.scene("home", {timeout = 3})
          report("home")
          expect(last_transition().start).to_be_close_to(1.5, 1/60)
          tap "Open"
          expect.scene "detail"
          report("detail")
          wait(1e-300)
          report("tiny wait")
        end)
        test("fails mid-wait", function() wait(2); error("stop here") end)
        test("steps and logs", function()
          step("walk", function()
            expect.scene("home", {timeout = 3})
            tap "Open"
            report("in step")
          end)
        end)

        """

    /// Per test: its verdict, its log (message and clock time), its steps' clock times and its
    /// clock seconds, from a JSON report.
    static func clockViews(_ path: String) throws -> [String: String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var views: [String: String] = [:]
        for file in root["files"] as? [[String: Any]] ?? [] {
            for outcome in file["outcomes"] as? [[String: Any]] ?? [] {
                let name = outcome["name"] as? String ?? "?"
                let log = (outcome["log"] as? [[String: Any]] ?? []).map {
                    "\($0["clockTime"] ?? "-") \($0["message"] ?? "-")"
                }
                let steps = (outcome["steps"] as? [[String: Any]] ?? []).map {
                    "\($0["call"] ?? "-") \($0["clockStart"] ?? "-")-\($0["clockEnd"] ?? "-")"
                }
                views[name] =
                    "\(outcome["verdict"] ?? "?") clock \(outcome["clockSeconds"] ?? "?")\n"
                    + (log + steps).joined(separator: "\n")
            }
        }
        return views
    }

    @Test func everyClockValueIsTheSameWholeReversedAloneAndInWorkers() throws {
        let tmp = try TempFolder()
        try Self.prototype(tmp)
        try tmp.write("clock.lua", Self.script)
        let whole = try Sceneflow.run(["test", "clock.lua", "--json", "whole.json"], in: tmp.url)
        #expect(whole.status == 1, "\(whole)")
        let expected = try Self.clockViews(tmp.file("whole.json"))
        #expect(expected.count == 6, "\(expected)")
        #expect(expected["fresh clock"]?.hasPrefix("passed") == true, "now() starts at 0: \(expected)")
        #expect(expected["timer from zero"]?.hasPrefix("passed") == true, "\(expected)")
        #expect(expected["fails mid-wait"]?.hasPrefix("failed") == true, "\(expected)")
        let reversed = try Sceneflow.run(["test", "clock.lua", "--reverse", "--json", "reverse.json"], in: tmp.url)
        #expect(reversed.status == 1, "\(reversed)")
        #expect(try Self.clockViews(tmp.file("reverse.json")) == expected, "reversed")
        _ = try Sceneflow.run(["test", "clock.lua", "clock.lua", "--jobs", "2", "--json", "jobs.json"], in: tmp.url)
        #expect(try Self.clockViews(tmp.file("jobs.json")) == expected, "--jobs 2")
        for name in expected.keys.sorted() {
            _ = try Sceneflow.run(["test", "clock.lua", "--filter", name, "--json", "one.json"], in: tmp.url)
            #expect(try Self.clockViews(tmp.file("one.json"))[name] == expected[name], "\(name) alone")
            _ = try Sceneflow.run(
                ["test", "clock.lua", "--filter-invert", name, "--json", "others.json"], in: tmp.url)
            let others = try Self.clockViews(tmp.file("others.json"))
            for (other, view) in others { #expect(view == expected[other], "\(other) without \(name)") }
        }
    }

    /// The `--timeline` of a file keeps one clock for the whole file: each test's events follow
    /// the ones before, shifted by the clock the earlier tests ran, never going back in time.
    @Test func theFilesTimelineStillRunsForwardAcrossTests() throws {
        let tmp = try TempFolder()
        try Self.prototype(tmp)
        try tmp.write("clock.lua", Self.script)
        _ = try Sceneflow.run(["test", "clock.lua", "--timeline", "t.json"], in: tmp.url)
        let data = try Data(contentsOf: tmp.url.appendingPathComponent("t.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let runs = try #require(root["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let events = try #require(runs.first?["events"] as? [[String: Any]])
        let times = events.compactMap { $0["time"] as? Double }
        #expect(times.count == events.count && times.count > 10, "\(events.prefix(3))")
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "times go back: \(times)")
        // 10 s of waiting in the first test: everything after it is later than 10 s.
        #expect((times.last ?? 0) > 10, "\(times)")
    }
}
