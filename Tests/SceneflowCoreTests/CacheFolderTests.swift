import Foundation
import Testing

@testable import SceneflowCore

/// The cache folder never creates a missing home folder (red-team 11 m10: with Debian's
/// `HOME=/nonexistent` for service users, a root run created `/nonexistent/.cache/sceneflow`):
/// without a home that exists there is no cache, as without `HOME`. `XDG_CACHE_HOME`, given
/// on purpose, is used as the XDG Base Directory rule says (created when missing).
@Suite struct CacheFolderTests {
    @Test func aMissingHomeGivesNoCache() {
        let missing = NSTemporaryDirectory() + "sceneflow-no-home-\(UUID().uuidString)"
        #expect(CacheFolder.path(["HOME": missing]) == nil)
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(CacheFolder.path(["HOME": ""]) == nil)
        #expect(CacheFolder.path([:]) == nil)
    }

    @Test func anExistingHomeOrAnAbsoluteXDGCacheHomeIsUsed() {
        let home = NSTemporaryDirectory()
        #expect(CacheFolder.path(["HOME": home]) == home + "/.cache/sceneflow")
        #expect(CacheFolder.path(["XDG_CACHE_HOME": "/x/cache", "HOME": home]) == "/x/cache/sceneflow")
        #expect(CacheFolder.path(["XDG_CACHE_HOME": "relative", "HOME": home]) == home + "/.cache/sceneflow")
    }
}
