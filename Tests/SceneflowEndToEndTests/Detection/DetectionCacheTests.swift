import Foundation
import SceneflowCore
import Testing

@testable import SceneflowRunner

/// A cache entry is only used under the key it was made with (image content hash, screen
/// area, Tesseract version, settings): an entry stored under another key's file name is not
/// trusted (issue 16.1).
@Suite struct DetectionCacheTests {
    @Test func anEntryIsOnlyTrustedUnderItsOwnKey() throws {
        let temp = try TempFolder()
        let cache = DetectionCache(folder: temp.file("cache"))
        let words = [RecognizedWord(text: "Settings", confidence: 96, box: PixelRect(x: 1, y: 2, width: 3, height: 4))]
        let key = "abc | screen wholeImage | tesseract 5.3.0 | psm 11 eng | gray"
        cache.write(key, width: 1080, height: 2400, words: words)
        let stored = try #require(cache.read(key))
        #expect(stored.width == 1080 && stored.height == 2400 && stored.words == words)
        for other in [
            "abd | screen wholeImage | tesseract 5.3.0 | psm 11 eng | gray",
            "abc | screen wholeImage | tesseract 5.4.0 | psm 11 eng | gray",
            "abc | screen wholeImage | tesseract 5.3.0 | psm 3 eng | gray",
        ] {
            #expect(cache.read(other) == nil)
            // Even a file at the other key's name holding this entry is not trusted.
            try FileManager.default.copyItem(atPath: cache.path(for: key)!, toPath: cache.path(for: other)!)
            #expect(cache.read(other) == nil, "\(other)")
        }
        #expect(DetectionCache(folder: nil).read(key) == nil)
    }

    /// A corrupted or hand-edited entry (frames that are negative, huge, empty or outside the
    /// screen, confidences outside 0 to 100, a screen size no image has, words that are no
    /// label) is a cache miss: detection reads the screen again instead of proposing from it
    /// (red-team finding p14: huge frames trapped in the proposal builder's arithmetic).
    @Test(arguments: corruptions.indices)
    func aCorruptedEntryIsAMiss(_ index: Int) throws {
        let temp = try TempFolder()
        let cache = DetectionCache(folder: temp.file("cache"))
        let key = "abc | screen wholeImage | tesseract 5.3.0 | psm 11 eng | gray"
        let words = [
            RecognizedWord(text: "Settings", confidence: 96, box: PixelRect(x: 10, y: 20, width: 300, height: 40)),
            RecognizedWord(text: "Back", confidence: 88.5, box: PixelRect(x: 0, y: 0, width: 1080, height: 2400)),
        ]
        cache.write(key, width: 1080, height: 2400, words: words)
        #expect(cache.read(key)?.words == words)
        let path = try #require(cache.path(for: key))
        var entry = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let (name, change) = Self.corruptions[index]
        change(&entry)
        try JSONSerialization.data(withJSONObject: entry).write(to: URL(fileURLWithPath: path))
        #expect(cache.read(key) == nil, "\(name) was trusted")
    }

    /// Each corruption of a stored entry (a JSON object `key`, `width`, `height`, `words`).
    nonisolated(unsafe) static let corruptions: [(String, (inout [String: Any]) -> Void)] = {
        var list: [(String, (inout [String: Any]) -> Void)] = []
        func word(_ name: String, _ change: @escaping (inout [String: Any]) -> Void) {
            list.append(
                (
                    name,
                    { entry in
                        var words = entry["words"] as! [[String: Any]]
                        change(&words[0])
                        entry["words"] = words
                    }
                ))
        }
        for (name, box) in [
            ("negative x", [-5, 20, 300, 40]), ("negative y", [10, -1, 300, 40]), ("zero width", [10, 20, 0, 40]),
            ("negative height", [10, 20, 300, -40]), ("past the right edge", [900, 20, 300, 40]),
            ("past the bottom", [10, 2390, 300, 40]), ("huge x", [Int.max, 20, 300, 40]),
            ("huge width", [10, 20, Int.max, 40]), ("huge y and height", [10, Int.max - 5, 300, Int.max]),
            ("min x", [Int.min, 20, 300, 40]),
        ] {
            word(name) { $0["box"] = box }
        }
        for (name, confidence) in [("negative confidence", -1.0), ("confidence over 100", 100.5), ("huge", 1e308)] {
            word(name) { $0["confidence"] = confidence }
        }
        word("empty text") { $0["text"] = "" }
        word("a line break in the text") { $0["text"] = "Set\ntings" }
        word("a NUL in the text") { $0["text"] = "Set\u{0}tings" }
        word("4 KiB of text") { $0["text"] = String(repeating: "x", count: 4096) }
        word("negative block") { $0["block"] = -1 }
        for (name, size) in [
            ("zero width", ["width": 0]), ("negative height", ["height": -2400]), ("huge width", ["width": Int.max]),
            ("a screen over 16384 px", ["height": 20000]),
        ] {
            list.append(("screen " + name, { entry in for (k, v) in size { entry[k] = v } }))
        }
        list.append(
            ("over 100 000 words", { $0["words"] = Array(repeating: ($0["words"] as! [Any])[0], count: 100_001) }))
        return list
    }()

    @Test func theUserFolderFollowsXDG() {
        #expect(
            DetectionCache.userFolder(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"]) == "/x/sceneflow/detect")
        // HOME must exist (a missing one is never created): the temporary folder does.
        let home = NSTemporaryDirectory()
        #expect(
            DetectionCache.userFolder(environment: ["XDG_CACHE_HOME": "rel", "HOME": home])
                == home + "/.cache/sceneflow/detect")
        #expect(DetectionCache.userFolder(environment: [:]) == nil)
    }
}
