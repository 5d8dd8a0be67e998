import Foundation
import SceneflowCore

/// The last few `prototype.lua` texts this process scanned for scene calls, with their
/// `LuaCallSites`: every test loads its prototype afresh into a new Lua state, and a
/// worker runs many files on one prototype, so the same text is scanned again and again.
/// A text is compared whole (a changed file is scanned again); at most `capacity` are kept.
final class CallSitesCache: @unchecked Sendable {
    /// The process's cache.
    static let shared = CallSitesCache(capacity: 4)

    private let capacity: Int
    private let lock = NSLock()
    private var recent: [(text: String, sites: LuaCallSites)] = []

    /// A cache that keeps the `capacity` texts used most recently.
    init(capacity: Int) { self.capacity = capacity }

    /// The call sites of `text`, scanned now or kept from an earlier scan of the same text.
    func sites(of text: String) -> LuaCallSites {
        lock.lock()
        if let index = recent.firstIndex(where: { $0.text == text }) {
            let hit = recent.remove(at: index)
            recent.insert(hit, at: 0)
            lock.unlock()
            return hit.sites
        }
        lock.unlock()
        let sites = LuaCallSites(text)
        lock.lock()
        recent.insert((text, sites), at: 0)
        if recent.count > capacity { recent.removeLast() }
        lock.unlock()
        return sites
    }
}
