import Foundation

/// Users' scripts and `prototype.lua` files this process compiled, kept as Lua bytecode with
/// their debug information, keyed by chunk name and the exact text.
///
/// Every test runs in a freshly made Lua state, so a worker loads the same script and
/// prototype once per test: parsing them again was a third of the time of a file with a
/// thousand tests. A later load of the same text under the same name loads the bytecode this
/// process dumped from it (`lua_dump` with `strip` = 0, so error lines stay the file's), which
/// Lua documents as equivalent to the text. Only bytecode made here is ever loaded as binary:
/// what users give is always loaded as text (`sf_loadtext`). Bounded: texts over
/// `largestText` are not kept, and the least recently used go once the kept texts and their
/// bytecode pass `capacityBytes`.
final class CompiledScriptCache: @unchecked Sendable {
    /// The process-wide cache.
    static let shared = CompiledScriptCache(capacityBytes: 64 << 20, largestText: 8 << 20)

    private let lock = NSLock()
    private let capacityBytes: Int
    private let largestText: Int
    /// Most recently used last.
    private var entries: [(chunkName: String, text: Data, bytecode: Data)] = []
    private var keptBytes = 0

    /// A cache holding at most `capacityBytes` of text and bytecode, keeping no text larger
    /// than `largestText` bytes.
    init(capacityBytes: Int, largestText: Int) {
        self.capacityBytes = capacityBytes
        self.largestText = largestText
    }

    /// The bytecode this process compiled from `text` under `chunkName`, or nil.
    func bytecode(chunkName: String, text: Data) -> Data? {
        lock.lock()
        defer { lock.unlock() }
        guard let index = entries.firstIndex(where: { $0.chunkName == chunkName && $0.text == text }) else {
            return nil
        }
        let entry = entries.remove(at: index)
        entries.append(entry)
        return entry.bytecode
    }

    /// Whether a text of `count` bytes would be kept (the caller then dumps its bytecode).
    func keeps(textOf count: Int) -> Bool { count <= largestText }

    /// Keeps `bytecode` as the compiled form of `text` under `chunkName`, dropping the least
    /// recently used entries past the capacity.
    func store(_ bytecode: Data, chunkName: String, text: Data) {
        guard keeps(textOf: text.count) else { return }
        lock.lock()
        defer { lock.unlock() }
        if let index = entries.firstIndex(where: { $0.chunkName == chunkName && $0.text == text }) {
            keptBytes -= entries[index].text.count + entries[index].bytecode.count
            entries.remove(at: index)
        }
        entries.append((chunkName, text, bytecode))
        keptBytes += text.count + bytecode.count
        while keptBytes > capacityBytes, entries.count > 1 {
            let dropped = entries.removeFirst()
            keptBytes -= dropped.text.count + dropped.bytecode.count
        }
    }

    /// How many texts are kept (for tests).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }
}
