import Foundation
import Testing

@testable import SceneflowCore

/// Nothing recorded is lost over a hot reload (issue 13.6): the session that takes over keeps
/// the earlier one's timeline and clock, with a `reload` event where it took over, so
/// `play --timeline` holds the whole session; the recorder reads the events of the frame the
/// reload happened in.
@Suite struct ReloadTimelineTests {
    typealias R = ScriptRecorderTests

    /// Taps "Open" on home (a 0.35 s push) and runs 0.5 s.
    static func open(_ s: Session) {
        Fixtures.scheduleTap(s, at: Point(x: 50, y: 260), time: s.now)
        run(s, 0.5)
    }

    static func run(_ s: Session, _ seconds: Double) {
        let end = s.now + seconds
        while s.now < end - 1e-9 {
            s.step(to: s.now + 1.0 / 60)
            s.framePresented()
        }
    }

    @Test func twoTapsAReloadAndOneTapGiveThreeTransitionsAndAReloadEvent() throws {
        let old = Session(prototype: Fixtures.storePrototype())
        Self.open(old)
        old.perform(.back, source: "key Escape")
        Self.run(old, 0.5)
        #expect(old.timeline.transitions.count == 2)
        let fresh = Session(prototype: Fixtures.storePrototype())
        let dropped = fresh.restore(from: old)
        #expect(dropped.isEmpty)
        #expect(fresh.now == old.now, "the clock goes on")
        #expect(fresh.timeline.transitions.count == 2, "the earlier transitions are kept")
        let reload = try #require(fresh.timeline.events.last)
        #expect(reload.typeName == "reload" && reload.time == old.now, "\(reload)")
        #expect(reload.summary == "reload: Store reloaded, showing home", "\(reload.summary)")
        Self.open(fresh)
        #expect(fresh.timeline.transitions.count == 3)
        let document = TimelineDocument(runs: [
            TimelineRun(name: "play", prototype: "Store", clock: .wall, timeline: fresh.timeline)
        ])
        #expect(document.allTransitions.count == 3)
        let json = String(decoding: try document.jsonData(), as: UTF8.self)
        #expect(json.contains("\"type\" : \"reload\""), "\(json.prefix(400))")
        let rows = document.csv().split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        let column = try #require(rows[0].firstIndex(of: "reloads_before"), "\(rows[0])")
        #expect(rows.dropFirst().map { $0[column] } == ["0", "0", "1"], "the third came after the reload")
        let read = try JSONDecoder().decode(TimelineDocument.self, from: try document.jsonData())
        #expect(read == document, "the reload event reads back")
        let svg = TimelineChart.svg(document, title: "play")
        #expect(svg.contains("3 transitions"))
        #expect(svg.components(separatedBy: "<line class=\"reload\"").count == 2, "one reload marked on the chart")
    }

    @Test func aReloadDuringATransitionNotesTheTransitionItCutShort() throws {
        let old = Session(prototype: Fixtures.storePrototype())
        Fixtures.scheduleTap(old, at: Point(x: 50, y: 260), time: 0)
        Self.run(old, 0.2)  // the push to details runs
        #expect(old.runningTransition != nil)
        let fresh = Session(prototype: Fixtures.storePrototype())
        fresh.restore(from: old)
        let reload = try #require(fresh.timeline.events.last)
        #expect(
            reload.summary == "reload: Store reloaded, showing details (cut short: home -> details)",
            "\(reload.summary)")
    }

    @Test func theRecorderReadsTheEventsOfTheFrameTheReloadHappenedIn() {
        let old = Session(prototype: Fixtures.storePrototype())
        let r = ScriptRecorder(start: "home")
        R.frames(old, r, 0.1)
        // In the reload's frame the click is handled by the old session, then the new one
        // takes over before the frame is presented and observed.
        old.handle(InputEvent(.down, Point(x: 50, y: 260), at: old.now))
        old.handle(InputEvent(.up, Point(x: 50, y: 260), at: old.now))
        let fresh = Session(prototype: Fixtures.storePrototype())
        fresh.restore(from: old)
        R.frames(fresh, r, 0.6)
        #expect(
            r.lines == ["expect.scene \"home\"", "tap \"Open\"", "expect.scene \"details\""], "\(r.lines)")
    }
}
