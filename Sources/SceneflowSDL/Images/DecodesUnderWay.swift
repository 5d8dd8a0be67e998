import Foundation
import Synchronization

/// The image files being decoded or checked right now, so a command stopped while one is can
/// say which (red-team 32 R4: `play` stopped during a 50 s decode blamed the X server). A
/// decode is one C call that cannot be cut short: `DisplayStopWatch` ends the process instead
/// of waiting for it.
public enum DecodesUnderWay {
    /// The decodes under way by path: how many on any thread, and how many on the main one.
    private static let paths = Mutex<[String: (all: Int, main: Int)]>([:])

    /// One of the files being decoded now (the first by name), on any thread or only on the
    /// main thread (`mainThread`: the window's, where a background preload does not count);
    /// nil when none is.
    public static func any(mainThread: Bool) -> String? {
        paths.withLock { paths in paths.filter { !mainThread || $0.value.main > 0 }.keys.min() }
    }

    /// Runs `work`, the decoding of the file at `path`, counted as under way meanwhile.
    static func decoding<T>(_ path: String, _ work: () throws -> T) rethrows -> T {
        let main = Thread.isMainThread ? 1 : 0
        paths.withLock { paths in
            let now = paths[path] ?? (0, 0)
            paths[path] = (now.all + 1, now.main + main)
        }
        defer {
            paths.withLock { paths in
                let left = (paths[path]!.all - 1, paths[path]!.main - main)
                paths[path] = left.0 == 0 ? nil : left
            }
        }
        return try work()
    }
}
