import Foundation
import Testing

@testable import SceneflowCore

/// The JSON timeline (schema `sceneflow.timeline` v1): round trip, CSV and bad files.
@Suite struct TimelineDocumentTests {
    static func sampleDocument() -> TimelineDocument {
        let session = Session(prototype: Fixtures.storePrototype())
        let clock = VirtualClock()
        session.perform(Fixtures.push("details", .crossfade, 0.35, .easeInOut), source: "test")
        session.framePresented()
        session.recordFrameCost(0.0049)
        Fixtures.run(session, clock: clock, until: 0.5)
        session.perform(.back, source: "test")
        Fixtures.run(session, clock: clock, until: 0.6)  // still running at the end
        var window = TransitionRecord(
            from: "home", to: "drawer", transition: Transition(kind: .coverUp, duration: 0.1, curve: .easeOut),
            start: 2, slowMotion: 10)
        window.frames = [2, 2.5, 3.0].map { FrameSample(clock: $0, wall: $0 + 0.004) }
        window.completion = 3.0
        window.completionWall = 3.004
        return TimelineDocument(runs: [
            TimelineRun(
                name: "Scripts/x.lua", prototype: "Store", clock: .virtual, timeline: session.timeline,
                running: session.runningTransition),
            TimelineRun(name: "play", prototype: "Store, \"quoted\"", clock: .wall, transitions: [window], events: []),
        ])
    }

    @Test func roundTripsThroughJSON() throws {
        let document = Self.sampleDocument()
        #expect(document.runs[0].transitions.count == 2)
        #expect(document.runs[0].transitions[1].completion == nil)
        let data = try document.jsonData()
        let back = try TimelineDocument.parse(data, file: "t.json")
        #expect(back == document)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"schema\" : \"sceneflow.timeline\""))
        #expect(text.contains("\"schema_version\" : 1"))
        #expect(text.contains("\"completion_on_time\" : true"))
        #expect(text.contains("\"hitch_ratio\""))
        #expect(text.contains("\"cost\" : 0.0049"))
    }

    @Test func derivedFiguresAreWrittenForOtherTools() throws {
        let data = try Self.sampleDocument().jsonData()
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let runs = try #require(json["runs"] as? [[String: Any]])
        let first = try #require((runs[0]["transitions"] as? [[String: Any]])?.first)
        #expect(first["kind"] as? String == "crossfade")
        #expect(first["curve"] as? String == "ease_in_out")
        #expect(first["requested_duration"] as? Double == 0.35)
        #expect(first["frame_count"] as? Int == 22)
        let intervals = try #require(first["frame_intervals"] as? [String: Any])
        #expect(abs((intervals["p95"] as? Double ?? 0) - 1.0 / 60) < 1e-9)
        #expect(first["hitches"] as? Int == 0)
    }

    @Test func csvHasOneRowPerTransitionAndQuotesText() {
        let csv = Self.sampleDocument().csv()
        let lines = csv.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("run,index,from,to,kind,curve,requested_duration"))
        #expect(lines[1].hasPrefix("Scripts/x.lua,1,home,details,crossfade,ease_in_out,0.350000,1,"))
        #expect(lines[1].hasSuffix(",0,0.000000,0.000,true,0"))
        #expect(lines[2].hasSuffix(",,0"))  // still running: completion_on_time left empty; no reload before it
        #expect(lines[3].hasPrefix("play,3,home,drawer,cover_up,ease_out,0.100000,10,"))
        #expect(lines.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 23 })
    }

    func problem(_ json: String) -> Diagnostic? {
        do {
            _ = try TimelineDocument.parse(Data(json.utf8), file: "bad.json")
            return nil
        } catch {
            return error
        }
    }

    func sampleWith(_ edit: (inout [String: Any]) -> Void) throws -> String {
        let data = try Self.sampleDocument().jsonData()
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        edit(&json)
        return String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
    }

    @Test func badFilesNameTheFileAndTheJSONPath() throws {
        let kind = try sampleWith { json in
            var runs = json["runs"] as! [[String: Any]]
            var transitions = runs[1]["transitions"] as! [[String: Any]]
            transitions[0]["kind"] = "cover_upp"
            runs[1]["transitions"] = transitions
            json["runs"] = runs
        }
        #expect(
            problem(kind)?.description
                == "bad.json: runs[1].transitions[0].kind: unknown transition kind \"cover_upp\"; did you mean \"cover_up\"?"
        )
        let missing = try sampleWith { json in
            var runs = json["runs"] as! [[String: Any]]
            var transitions = runs[0]["transitions"] as! [[String: Any]]
            transitions[1].removeValue(forKey: "start")
            runs[0]["transitions"] = transitions
            json["runs"] = runs
        }
        #expect(
            problem(missing)?.description == "bad.json: runs[0].transitions[1].start: missing (required in a timeline)")
        let wrongType = try sampleWith { json in
            var runs = json["runs"] as! [[String: Any]]
            var transitions = runs[0]["transitions"] as! [[String: Any]]
            var frames = transitions[0]["frames"] as! [[String: Any]]
            frames[3]["clock"] = "soon"
            transitions[0]["frames"] = frames
            runs[0]["transitions"] = transitions
            json["runs"] = runs
        }
        #expect(
            problem(wrongType)?.description == "bad.json: runs[0].transitions[0].frames[3].clock: expected a number")
        let newer = try sampleWith { $0["schema_version"] = 2 }
        #expect(problem(newer)?.path == "schema_version")
        #expect(problem(newer)?.message.contains("version 2 is not supported") == true)
        let other = try sampleWith { $0["schema"] = "chrome.trace" }
        #expect(problem(other)?.path == "schema")
        #expect(problem("{ not json")?.message.hasPrefix("not valid JSON") == true)
        #expect(problem("[1, 2]")?.file == "bad.json")
        let negative = try sampleWith { json in
            var runs = json["runs"] as! [[String: Any]]
            var transitions = runs[0]["transitions"] as! [[String: Any]]
            transitions[0]["requested_duration"] = -1
            runs[0]["transitions"] = transitions
            json["runs"] = runs
        }
        #expect(problem(negative)?.path == "runs[0].transitions[0].requested_duration")
    }

    @Test func impossibleTimesAndSettingsAreRefused() throws {
        let early = try sampleWith { json in
            var runs = json["runs"] as! [[String: Any]]
            var transitions = runs[0]["transitions"] as! [[String: Any]]
            transitions[0]["completion"] = -5.0
            runs[0]["transitions"] = transitions
            json["runs"] = runs
        }
        #expect(problem(early)?.path == "runs[0].transitions[0].completion")
        #expect(problem(early)?.message.contains("must come at or after the start") == true)
        let huge = try sampleWith { json in
            var runs = json["runs"] as! [[String: Any]]
            var transitions = runs[0]["transitions"] as! [[String: Any]]
            transitions[0]["start"] = 1e308
            runs[0]["transitions"] = transitions
            json["runs"] = runs
        }
        #expect(problem(huge)?.path == "runs[0].transitions[0].start")
        #expect(problem(try sampleWith { $0["nominal_frame_time"] = 0 })?.path == "nominal_frame_time")
        #expect(problem(try sampleWith { $0["hitch_factor"] = -1 })?.path == "hitch_factor")
    }

    @Test func readingAMissingFileNamesIt() {
        #expect(throws: Diagnostic.self) { try TimelineDocument.read("/nonexistent/t.json") }
        do {
            _ = try TimelineDocument.read("/nonexistent/t.json")
        } catch {
            #expect(error.file == "/nonexistent/t.json")
        }
    }
}
