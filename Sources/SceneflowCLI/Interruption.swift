import Foundation
import SceneflowRunner

/// The signal that asked the run to stop (0 while none has); written only by the handler.
nonisolated(unsafe) private var receivedSignal: Int32 = 0
/// Whether a second signal kills the process at once (not in `--jobs` workers, which may get
/// the terminal's Ctrl-C and the parent's forwarded signal and must still write their results).
nonisolated(unsafe) private var secondSignalKills = true

/// SIGINT / SIGTERM handling for `sceneflow test`: the first signal asks the runner to end the
/// running test as *interrupted*, skip the rest and write the partial reports; the process
/// then exits 130 (SIGINT) or 143 (SIGTERM). A second signal kills the process at once, except
/// in a `--jobs` worker. `play` and `record` use it too: the signal closes the window as Q does.
/// Installing replaces an inherited SIG_IGN (a background job of a non-interactive shell).
final class Interruption {
    /// The signal received, if any.
    var signal: Int32? { receivedSignal == 0 ? nil : receivedSignal }
    /// The signal received (0 while none has), readable from any thread.
    static var received: Int32 { receivedSignal }

    /// Installs the handlers; `worker` keeps a second signal from killing the process.
    static func install(worker: Bool = false) -> Interruption {
        if worker { secondSignalKills = false }
        // A parent may start us with these signals blocked (the mask is inherited): unblock.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for sig in [SIGINT, SIGTERM] {
            _ = Foundation.signal(sig) { number in
                if receivedSignal != 0 && secondSignalKills {
                    Foundation.signal(number, SIG_DFL)
                    raise(number)
                }
                receivedSignal = number
                HeadlessTestRunner.stopLuaFromSignalHandler()
            }
        }
        return Interruption()
    }
}
