import Foundation

/// `DispatchQueue.concurrentPerform` that never waits for a thread it cannot get: the calling
/// thread takes part, helper threads take iterations as they come, and when a helper cannot be
/// started (the process/thread limit: `ulimit -u`, a container's pids limit) the others,
/// the calling thread at least, do its share. libdispatch retries `pthread_create` every 10 ms
/// for as long as it fails with EAGAIN, so under the limit a worker loading a prototype's
/// images stood still for ever (red-team finding m3).
enum ParallelWork {
    /// Calls `body` once for each index in `0..<iterations`, on the calling thread and up to one
    /// helper thread per further core; returns when every call returned.
    static func perform(iterations: Int, _ body: @Sendable (Int) -> Void) {
        guard iterations > 1 else {
            if iterations == 1 { body(0) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let work = Work(iterations: iterations, body: body)
            let helpers = min(iterations, ProcessInfo.processInfo.activeProcessorCount) - 1
            var threads: [pthread_t] = []
            for _ in 0..<max(helpers, 0) {
                let context = Unmanaged.passRetained(work).toOpaque()
                var thread = pthread_t()
                let status = pthread_create(
                    &thread, nil,
                    { context in
                        Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().drain()
                        return nil
                    }, context)
                guard status == 0 else {
                    Unmanaged<Work>.fromOpaque(context).release()
                    break  // no more threads to be had: the ones running do the rest
                }
                threads.append(thread)
            }
            work.drain()
            for thread in threads { pthread_join(thread, nil) }
        }
    }

    /// The iterations left, taken one at a time by each thread taking part.
    private final class Work: @unchecked Sendable {
        let iterations: Int
        let body: @Sendable (Int) -> Void
        private var next = 0
        private let lock = NSLock()

        init(iterations: Int, body: @escaping @Sendable (Int) -> Void) {
            self.iterations = iterations
            self.body = body
        }

        /// Runs iterations until none is left.
        func drain() {
            while true {
                lock.lock()
                let index = next
                next += 1
                lock.unlock()
                guard index < iterations else { return }
                body(index)
            }
        }
    }
}
