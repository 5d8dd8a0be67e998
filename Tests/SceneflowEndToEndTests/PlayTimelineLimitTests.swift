import Foundation
import Testing

/// A `play` session's timeline keeps its first `Timeline.eventsPerPlaySession` events and
/// counts the rest in one `left_out` event, as a test's does, so a window left open on a scene
/// that moves on by itself (a splash loop, an auto-advancing carousel) does not grow without
/// bound; the console goes on naming every navigation past the limit.
/// `SCENEFLOW_PLAY_TIMELINE_LIMIT` lowers the limit for this test.
@Suite struct PlayTimelineLimitTests {
    @Test func aLoopingSessionKeepsItsFirstEventsAndCountsTheRest() throws {
        let tmp = try TempFolder()
        try tmp.image("P/a.png")
        try tmp.image("P/b.png")
        try tmp.write(
            "P/prototype.lua",
            """
            return { device = { width = 36, height = 80, scale = 1 }, start = "a", scenes = {
              a = { image = "a.png", after = 0.05, on_after = replace("b", "none") },
              b = { image = "b.png", after = 0.05, on_after = replace("a", "none") } } }
            """)
        let r = try Sceneflow.run(
            ["play", "P", "--quit-after", "1.5", "--timeline", "tl.json"], in: tmp.url,
            environment: ["SCENEFLOW_PLAY_TIMELINE_LIMIT": "40"], timeout: 30)
        #expect(r.status == 0, "\(r)")
        let data = try Data(contentsOf: URL(fileURLWithPath: tmp.file("tl.json")))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let runs = try #require(root["runs"] as? [[String: Any]])
        let events = runs.flatMap { $0["events"] as? [[String: Any]] ?? [] }
        #expect(events.count <= 41, "\(events.count) events kept")
        let last = try #require(events.last)
        #expect(last["type"] as? String == "left_out", "\(last)")
        // Every navigation is still named on the console, past the limit (~30 in 1.5 s).
        let named = r.stdout.split(separator: "\n").filter { $0.contains("from after 0.05s") }.count
        #expect(named >= 15, "\(named) navigations named:\n\(r.stdout)")
    }
}
