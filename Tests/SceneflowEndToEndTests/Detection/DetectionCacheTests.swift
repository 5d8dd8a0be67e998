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

    @Test func theUserFolderFollowsXDG() {
        #expect(
            DetectionCache.userFolder(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"]) == "/x/sceneflow/detect")
        #expect(
            DetectionCache.userFolder(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"])
                == "/h/.cache/sceneflow/detect")
        #expect(DetectionCache.userFolder(environment: [:]) == nil)
    }
}
