import Foundation
import Testing

@testable import SceneflowCore

/// `Timeline.eventLimit`: each test keeps its first events and closes the rest with one
/// `left_out` event, while the session's own bookkeeping (`count`, `events(since:)`,
/// `lastTransition`) still sees every event.
@Suite struct TimelineEventLimitTests {
    private static func completed(_ n: Int) -> TimelineEvent.Kind {
        .transitionCompleted(TransitionRecord(from: "a", to: "b\(n)", transition: .cut, start: Double(n)))
    }

    @Test(arguments: [
        (limit: 5, tests: [0, 3, 5, 6, 40]), (limit: 1, tests: [2, 0, 1, 9_000]), (limit: 64, tests: [200, 64, 65]),
    ])
    func eachTestKeepsItsFirstEventsAndOneMarker(limit: Int, tests: [Int]) throws {
        var timeline = Timeline()
        timeline.eventLimit = limit
        var time = 0.0
        for count in tests {
            timeline.startTest()
            for i in 0..<count {
                time += 1
                timeline.record(
                    i % 3 == 0 ? Self.completed(i) : .input(InputEvent(.down, Point(x: 0, y: 0), at: time)), at: time)
            }
        }
        #expect(timeline.count == tests.reduce(0, +))
        // Every test's kept events, then its marker when it recorded more than the limit.
        var expected: [String] = []
        for count in tests {
            expected += Array(repeating: "kept", count: min(count, limit))
            if count > limit { expected.append("left_out \(count - limit)") }
        }
        let got = timeline.reportedEvents.map { event -> String in
            if case .leftOut(let n, let l) = event.kind {
                #expect(l == limit)
                return "left_out \(n)"
            }
            return "kept"
        }
        #expect(got == expected)
        #expect(timeline.events.count <= tests.count * (limit + 1))
        let completions = tests.map { count in (0..<min(count, limit)).filter { $0 % 3 == 0 }.count }
        #expect(timeline.transitions.count == completions.reduce(0, +))
        // The last completion is known even when it was left out.
        if let last = tests.last, last > 0 {
            let index = (0..<last).last { $0 % 3 == 0 }!
            #expect(timeline.lastTransition?.to == "b\(index)")
        }
        // The latest events are there for gesture marks, by their index among all events.
        let since = timeline.events(since: timeline.count - 2)
        #expect(since.start == max(timeline.count - 2, 0) && since.events.count == min(2, timeline.count))
        #expect(timeline.events(since: timeline.count).events.isEmpty)
        #expect(timeline.events(since: 0).start >= 0)
    }

    @Test func theMarkerSaysHowManyAndSurvivesJSON() throws {
        var timeline = Timeline()
        timeline.eventLimit = 2
        timeline.startTest()
        for i in 0..<7 { timeline.record(.input(InputEvent(.down, Point(x: 0, y: 0), at: Double(i))), at: Double(i)) }
        let run = TimelineRun(name: "a.lua", prototype: "P", clock: .virtual, timeline: timeline)
        #expect(run.events.count == 3)
        #expect(run.events.last?.type == "left_out")
        #expect(run.events.last?.text == "5 more events of this test left out: a test keeps its first 2")
        #expect(run.events.last?.time == 6)
        let document = TimelineDocument(runs: [run])
        #expect(try TimelineDocument.parse(document.jsonData(), file: "t.json") == document)
    }

    @Test func withoutALimitEverythingIsKept() {
        var timeline = Timeline()
        for i in 0..<10_000 {
            timeline.record(.input(InputEvent(.down, Point(x: 0, y: 0), at: Double(i))), at: Double(i))
        }
        #expect(timeline.events.count == 10_000 && timeline.reportedEvents.count == 10_000)
        #expect(timeline.events(since: 9_990).events.count == 10)
    }
}
