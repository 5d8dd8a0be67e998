import Foundation
import SceneflowCore
import Testing

/// `sceneflow detect` on a real screenshot (Fossify Notes' Settings, from the Notes sample):
/// the ground truth's labels are found, the JSON has exactly the documented shape, the plain
/// output is Lua element lines, and the cache is used for the same image and not for a
/// changed one (issue 16.1).
@Suite(.serialized) struct DetectCommandTests {
    /// A one-scene prototype showing `image` (a file of Prototypes/`sample`) in `temp`.
    static func prototype(
        _ temp: TempFolder, image: String = "4_en-US.png", sample: String = "Notes", height: Int = 800
    ) throws -> String {
        let source = Sceneflow.packageRoot.appendingPathComponent("Prototypes/\(sample)/\(image)")
        try temp.write("P/screen.png", try Data(contentsOf: source))
        try temp.write(
            "P/prototype.lua",
            """
            return {
              device = { width = 360, height = \(height), scale = 3 },
              start = "settings",
              scenes = { settings = { image = "screen.png" } },
            }

            """)
        return temp.file("P")
    }

    /// The labels the ground truth gives for Fossify Notes' 4_en-US.png.
    static func truth() throws -> [String] {
        struct File: Decodable { let sets: [String: [String: [String]]] }
        let url = Sceneflow.packageRoot.appendingPathComponent("Tests/Fixtures/Detection/ground-truth.json")
        let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
        return try #require(file.sets["FossifyOrg__Notes"]?["4_en-US.png"])
    }

    @Test func jsonHasExactlyTheDocumentedShapeAndTheTruthsLabels() throws {
        let temp = try TempFolder()
        let folder = try Self.prototype(temp)
        let r = try Sceneflow.run(
            ["detect", folder, "--json"], environment: ["XDG_CACHE_HOME": temp.file("cache")], timeout: 120)
        #expect(r.status == 0, "\(r)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(Array(root.keys) == ["scenes"])
        let scenes = try #require(root["scenes"] as? [String: Any])
        #expect(Array(scenes.keys) == ["settings"])
        let items = try #require(scenes["settings"] as? [[String: Any]])
        #expect(!items.isEmpty)
        var labels: [String] = []
        for item in items {
            #expect(Set(item.keys) == ["label", "frame", "confidence", "kind"], "\(item)")
            let label = try #require(item["label"] as? String)
            labels.append(label)
            let frame = try #require(item["frame"] as? [Double], "\(item)")
            #expect(frame.count == 4)
            #expect(frame[2] >= 44 && frame[3] >= 44, "tap targets are at least 44x44 pt: \(item)")
            #expect(frame[0] >= 0 && frame[1] >= 0 && frame[0] + frame[2] <= 360 && frame[1] + frame[3] <= 800)
            let confidence = try #require(item["confidence"] as? Double)
            #expect(confidence >= 0.5 && confidence <= 1, "the default --min-confidence is 0.5: \(item)")
            #expect(["button", "row", "tab", "title", "text"].contains(item["kind"] as? String ?? ""), "\(item)")
        }
        let (score, missed) = DetectionScore.score(labels, truth: try Self.truth())
        #expect(score.recall == 1, "missed \(missed) in \(labels)")
        let row = try #require(items.first { $0["label"] as? String == "Customize colors" })
        #expect(row["kind"] as? String == "row")
        #expect((row["frame"] as? [Double]).map { $0[0] == 0 && $0[2] == 360 } == true, "a list row spans the width")
    }

    @Test func plainOutputIsLuaLinesAndTheCacheIsUsedOnlyForTheSameImage() throws {
        let temp = try TempFolder()
        let folder = try Self.prototype(temp)
        let environment: [String: String?] = ["XDG_CACHE_HOME": temp.file("cache")]
        let first = try Sceneflow.run(["detect", folder], environment: environment, timeout: 120)
        #expect(first.status == 0, "\(first)")
        let lines = first.stdout.split(separator: "\n")
        #expect(lines.first == "-- scene \"settings\" (screen.png): \(lines.count - 1) proposals")
        for line in lines.dropFirst() { #expect(line.hasPrefix("{ label = \""), "\(line)") }
        #expect(first.stdout.contains("{ label = \"Customize colors\", frame = { 0, "))

        // One cache entry; mark it, and a second run shows the mark: it was read from the cache.
        let cacheFolder = temp.file("cache/sceneflow/detect")
        let entries = try FileManager.default.contentsOfDirectory(atPath: cacheFolder)
        #expect(entries.count == 1 && entries[0].hasSuffix(".json"), "\(entries)")
        let entry = cacheFolder + "/" + entries[0]
        let marked = try String(contentsOfFile: entry, encoding: .utf8).replacingOccurrences(
            of: "\"Customize\"", with: "\"Cached\"")
        try marked.write(toFile: entry, atomically: true, encoding: .utf8)
        let second = try Sceneflow.run(["detect", folder], environment: environment, timeout: 120)
        #expect(second.stdout.contains("{ label = \"Cached colors\""), "\(second)")

        // --no-cache reads the screen again.
        let fresh = try Sceneflow.run(["detect", folder, "--no-cache"], environment: environment, timeout: 120)
        #expect(fresh.stdout == first.stdout, "\(fresh)")

        // Another image under the same name is read again, not taken from the cache.
        try temp.write(
            "P/screen.png",
            try Data(contentsOf: Sceneflow.packageRoot.appendingPathComponent("Prototypes/Notes/5_en-US.png")))
        let changed = try Sceneflow.run(["detect", folder], environment: environment, timeout: 120)
        #expect(changed.status == 0)
        #expect(!changed.stdout.contains("Cached"), "\(changed)")
        #expect(changed.stdout.contains("Export notes"), "\(changed)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cacheFolder).count == 2)
    }

    /// A cache entry corrupted or edited by hand (a frame huge, negative or outside the
    /// screen, a confidence over 100) is a miss: `detect` reads the screen again and prints
    /// what a run without the cache prints, never a crash or a frame from the bad entry
    /// (red-team finding p14).
    @Test(arguments: [
        (#""box":\[[0-9]+,"#, #""box":[9223372036854775807,"#), (#""box":\[[0-9]+,"#, #""box":[-40,"#),
        (#""confidence":[0-9.]+"#, #""confidence":250"#), (#""width":[0-9]+"#, #""width":-1080"#),
    ])
    func aCorruptedCacheEntryIsReadAgain(_ pattern: String, _ replacement: String) throws {
        let temp = try TempFolder()
        let folder = try Self.prototype(temp)
        let environment: [String: String?] = ["XDG_CACHE_HOME": temp.file("cache")]
        let first = try Sceneflow.run(["detect", folder], environment: environment, timeout: 120)
        #expect(first.status == 0, "\(first)")
        let cacheFolder = temp.file("cache/sceneflow/detect")
        let entries = try FileManager.default.contentsOfDirectory(atPath: cacheFolder)
        let entry = cacheFolder + "/" + (entries.first ?? "")
        let text = try String(contentsOfFile: entry, encoding: .utf8)
        // In the word "Customize" (of a proposal), or the entry itself for its screen size.
        let word = try #require(text.range(of: #"\{[^{}]*"Customize"[^{}]*\}"#, options: .regularExpression))
        let scope = pattern.contains("width") ? text.startIndex..<text.endIndex : word
        let range = try #require(
            text.range(of: pattern, options: .regularExpression, range: scope), "\(pattern) in \(text[word])")
        try text.replacingCharacters(in: range, with: replacement).write(
            toFile: entry, atomically: true, encoding: .utf8)
        let second = try Sceneflow.run(["detect", folder], environment: environment, timeout: 120)
        #expect(second.status == 0 && !second.signalled, "\(second)")
        #expect(second.stdout == first.stdout, "\(second)")
    }

    /// White names on pink, green and blue cards (Catima's light theme) are lost when the page
    /// is turned black and white with one local threshold; each card is read again on its own.
    @Test func lightNamesOnColouredCardsAreRead() throws {
        let temp = try TempFolder()
        let folder = try Self.prototype(temp, image: "screenshot-01.png", sample: "Catima", height: 720)
        let result = try Sceneflow.run(["detect", folder, "--json", "--no-cache"], timeout: 120)
        #expect(result.status == 0, "\(result)")
        for name in ["Clothing Store", "Department Store", "Grocery Store", "Restaurant"] {
            #expect(result.stdout.contains("\"label\": \"\(name)\""), "\(name) in \(result.stdout)")
        }
    }

    @Test func badUsageExits64() throws {
        let temp = try TempFolder()
        let folder = try Self.prototype(temp)
        let scene = try Sceneflow.run(["detect", folder, "--scene", "setings"])
        #expect(scene.status == 64)
        #expect(scene.stderr.contains("no scene \"setings\"") && scene.stderr.contains("did you mean \"settings\"?"))
        let minimum = try Sceneflow.run(["detect", folder, "--min-confidence", "2"])
        #expect(minimum.status == 64)
        #expect(minimum.stderr.contains("--min-confidence \"2\": expected a number from 0 to 1"))
    }
}
