import Foundation
import SceneflowCore
import Testing

/// A real window under Xvfb: two 0.35 s crossfades on the wall clock, recorded on the
/// timeline. Loose bounds only (the figures themselves are `sceneflow bench`'s job).
@Suite(.serialized) struct WindowTimelineTests {
    @Test func crossfadesInAWindowRecordFramesAndCompleteOnTheRule() throws {
        guard let display = VirtualDisplay.start() else { return }
        let tmp = try TempFolder()
        let r = try Sceneflow.run(
            [
                "bench", "Prototypes/Notes", "--transition-only", "--crossfades", "2", "--timeline",
                tmp.file("window.json"),
            ],
            environment: ["DISPLAY": display.name, "SDL_VIDEODRIVER": nil, "WAYLAND_DISPLAY": nil], timeout: 60)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("2 window crossfades of 0.35 s, 390x844 window from 1080x2400 px"), "\(r)")
        let document = try TimelineDocument.read(tmp.file("window.json"))
        #expect(document.runs.first?.clock == .wall)
        let records = document.allTransitions.map(\.record)
        #expect(records.count == 2)
        #expect(records.map(\.to) == ["checklist", "note"])
        for record in records {
            #expect(record.transition.kind == .crossfade && record.requestedDuration == 0.35)
            #expect(record.frames.allSatisfy { $0.wall != nil }, "window frames carry wall time after present")
            #expect((5...200).contains(record.frameCount), "\(record.frameCount) frames")
            let measured = try #require(record.measuredDuration)
            #expect(measured >= 0.35 - 1e-9 && measured < 0.35 + 0.25, "measured \(measured) s")
            #expect(record.stats.completionOnTime)
            let wall = try #require(record.completionWall)
            #expect(wall >= (record.frames.last?.wall ?? .infinity))
        }
    }
}
