import Foundation

/// Thread-safe hand-over of screen surfaces decoded in the background: a decode thread
/// `finish`es a key, the renderer's thread `take`s it (waiting if it is still decoding).
final class DecodeStore<Key: Hashable & Sendable>: @unchecked Sendable {
    // @unchecked Sendable: all state is guarded by `condition`.
    typealias Decoded = Result<(SDLSurface, opaque: Bool), any Error>
    private enum Entry {
        case pending
        case done(Decoded)
    }
    private let condition = NSCondition()
    private var entries: [Key: Entry] = [:]

    /// Marks `key` as being decoded; false when it is already pending or done.
    func begin(_ key: Key) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if entries[key] != nil { return false }
        entries[key] = .pending
        return true
    }

    /// Stores the result for `key` and wakes any waiter.
    func finish(_ key: Key, _ result: Decoded) {
        condition.lock()
        entries[key] = .done(result)
        condition.broadcast()
        condition.unlock()
    }

    /// Removes and returns the result for `key`, waiting while it is pending; nil when the
    /// key was never begun.
    func take(_ key: Key) -> Decoded? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch entries[key] {
            case nil: return nil
            case .pending: condition.wait()
            case .done(let result):
                entries[key] = nil
                return result
            }
        }
    }

    /// Keys pending or finished and not yet taken.
    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return entries.count
    }

    /// The keys whose decode has finished (successfully or not) and not been taken yet.
    func finishedKeys() -> [Key] {
        condition.lock()
        defer { condition.unlock() }
        return entries.compactMap { if case .done = $0.value { $0.key } else { nil } }
    }

    /// Forgets finished results (pending decodes still finish and are kept).
    func removeFinished() {
        condition.lock()
        entries = entries.filter { if case .pending = $0.value { true } else { false } }
        condition.unlock()
    }
}
