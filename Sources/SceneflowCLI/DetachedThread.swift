import Foundation

/// Starting a thread that can fail: Foundation's `Thread.start` and `Thread.detachNewThread`
/// ignore `pthread_create`'s error, so under a process/thread limit (`ulimit -u`, a
/// container's pids limit: `clone3` fails with EAGAIN) the thread silently never ran. A
/// worker without its heartbeat was then killed as frozen after 10 s and its healthy file
/// reported as a load error, exit 65 (red-team finding m3).
enum DetachedThread {
    /// Runs `body` on a new detached thread with `stackSize` bytes of stack (0: the system's
    /// default). Returns 0, or the error number `pthread_create` gave (EAGAIN under the
    /// process/thread limit), when the thread could not start and `body` never runs.
    static func start(stackSize: Int = 0, _ body: @escaping @Sendable () -> Void) -> Int32 {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if stackSize > 0 { pthread_attr_setstacksize(&attributes, stackSize) }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, &attributes,
            { context in
                Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        if status != 0 { Unmanaged<Body>.fromOpaque(context).release() }
        return status
    }

    /// Why a thread could not start, for a message: the system's words and, for EAGAIN, the
    /// limit behind it: `Resource temporarily unavailable (the process/thread limit: ulimit -u
    /// or a container's pids limit)`.
    static func reason(_ status: Int32) -> String {
        let words = String(cString: strerror(status))
        return status == EAGAIN ? words + " (the process/thread limit: ulimit -u or a container's pids limit)" : words
    }

    /// The closure a new thread runs (passed through `pthread_create`'s context pointer).
    private final class Body: @unchecked Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
