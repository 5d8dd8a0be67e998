import Foundation

/// Sceneflow's own Lua (the sandbox prelude, the script prelude and the API sections of
/// `EmbeddedLua`), compiled once per process and kept as Lua bytecode with its debug information.
///
/// Every test runs in a freshly made Lua state (so no state leaks between tests), and each state
/// runs the same ~1 700 lines of API Lua: parsing them again for every test was about a fifth of
/// a worker's time. Later states load the bytecode (`lua_dump` / binary `lua_load`), which Lua
/// documents as equivalent to the text it was dumped from; line numbers in error messages stay
/// those of the `.lua` files because the debug information is kept (`strip` = 0). Only the
/// embedded sources come through here: scripts and prototypes are always loaded as text, and
/// binary chunks from users are refused (`sf_loadtext`).
final class EmbeddedChunkCache: @unchecked Sendable {
    /// The process-wide cache.
    static let shared = EmbeddedChunkCache()

    private let lock = NSLock()
    private var chunks: [String: (source: String, bytecode: Data)] = [:]

    /// The bytecode compiled from `source` under `chunkName`, or nil when it was not compiled
    /// yet (or the name was compiled from other text, which is then compiled anew).
    func bytecode(chunkName: String, source: String) -> Data? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = chunks[chunkName], entry.source == source else { return nil }
        return entry.bytecode
    }

    /// Keeps `bytecode` as the compiled form of `source` under `chunkName`.
    func store(_ bytecode: Data, chunkName: String, source: String) {
        lock.lock()
        defer { lock.unlock() }
        chunks[chunkName] = (source, bytecode)
    }
}
