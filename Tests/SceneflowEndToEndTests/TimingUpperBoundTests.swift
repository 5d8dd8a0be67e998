import Foundation
import Testing

/// `sceneflow timing` bounds every time it reads (red-team 26 F3): a completion, requested
/// duration or slow-motion factor of 1e308 passed and printed `inf ms`; now each is refused
/// with exit 65 naming the file and the field, as `start` and `nominal_frame_time` are.
@Suite struct TimingUpperBoundTests {
    @Test(arguments: [
        ("completion", "the completion"), ("requested_duration", "a duration"), ("slow_motion", "slow motion"),
    ])
    func aHugeValueIsRefused(_ field: String, _ message: String) throws {
        let tmp = try TempFolder()
        let file = try TimingCommandTests.writeSample(tmp, name: "a.json")
        var json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        var runs = try #require(json["runs"] as? [[String: Any]])
        var transitions = try #require(runs[0]["transitions"] as? [[String: Any]])
        transitions[0][field] = "@@"
        runs[0]["transitions"] = transitions
        json["runs"] = runs
        let text = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
        let bad = try tmp.write("bad.json", text.replacingOccurrences(of: "\"@@\"", with: "1e308"))
        let r = try Sceneflow.run(["timing", bad])
        #expect(r.status == 65, "\(r)")
        #expect(r.stderr.contains("\(bad): runs[0].transitions[0].\(field): \(message)"), "\(r)")
        #expect(!r.stdout.contains("inf ms"), "\(r)")
    }
}
