import Foundation
import Testing

/// The last-run state records when its run started as ISO 8601 in UTC to the second
/// (`2026-12-01T13:45:14Z`), what `ISO8601DateFormatter` reads back; the stale marker of a run
/// that could not save its state quotes the same text ("the run started …").
@Suite struct LastRunTimestampTests {
    @Test func theStateSaysWhenTheRunStartedInUTC() throws {
        let tmp = try LastRunStaleStateTests.project()
        let before = Date().timeIntervalSince1970.rounded(.down)
        let run = try LastRunStaleStateTests.shell("TZ=Pacific/Kiritimati sceneflow test LX/y.lua", in: tmp)
        let after = Date().timeIntervalSince1970.rounded(.up)
        #expect(run.status == 0, "\(run)")
        let data = try Data(contentsOf: URL(fileURLWithPath: try LastRunStaleStateTests.stateFile(tmp)))
        let state = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let text = try #require(state["startedAt"] as? String, "\(state)")
        #expect(text.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil, "\(text)")
        let read = try #require(ISO8601DateFormatter().date(from: text), "\(text)")
        #expect(read.timeIntervalSince1970 >= before && read.timeIntervalSince1970 <= after, "\(text)")
    }
}
