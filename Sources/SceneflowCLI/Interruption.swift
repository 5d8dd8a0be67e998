import Foundation
import SceneflowRunner
import Synchronization

/// The signal that asked the run to stop first (0 while none has); set once by the handler.
/// Atomic: two signals sent close together may be handled by two threads at once (SIGINT then
/// SIGTERM 20 ms later ended as 143 under load).
private let receivedSignal = Atomic<Int32>(0)
/// How many stop signals arrived (SIGINT, SIGTERM, SIGHUP and SIGQUIT together).
private let signalCount = Atomic<Int32>(0)
/// Whether a third signal kills the process at once (not in `--jobs` workers, which may get
/// the terminal's Ctrl-C and the parent's forwarded signal and must still write their results).
nonisolated(unsafe) private var repeatedSignalKills = true

/// SIGINT / SIGTERM / SIGHUP handling for `sceneflow test`: the first signal asks the runner to
/// end the running test as *interrupted*, skip the rest and write the partial reports (a
/// shutdown bounded to about a second: workers still running 0.7 s later are killed); the
/// process then exits 128 + the signal's number: 130 (SIGINT), 143 (SIGTERM), 129 (SIGHUP, a
/// closed terminal or SSH session), 131 (SIGQUIT, Ctrl-backslash). A second signal during that shutdown changes nothing (a
/// double Ctrl-C, or SIGTERM after SIGINT as CI escalates, still gets the reports: red-team
/// finding F10); a third kills the process at once without reports, except in a `--jobs`
/// worker. `play` and `record` use it too: the signal closes the window as Q does.
/// Installing replaces an inherited SIG_IGN (a background job of a non-interactive shell).
final class Interruption {
    /// The signals that stop a run.
    /// SIGQUIT (Ctrl-backslash) too: left to the Swift runtime it printed a crash report and the run
    /// went on to exit 0 (red-team finding).
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// The signal that kills the process at once when it is this one in a row (not in workers).
    static let killingCount: Int32 = 3

    /// The first signal received, if any.
    var signal: Int32? {
        let number = receivedSignal.load(ordering: .sequentiallyConsistent)
        return number == 0 ? nil : number
    }
    /// The first signal received (0 while none has), readable from any thread.
    static var received: Int32 { receivedSignal.load(ordering: .sequentiallyConsistent) }

    /// The exit code after `signal` stopped the run: 128 + its number (130, 143, 129).
    static func exitStatus(_ signal: Int32) -> Int32 { 128 + signal }

    /// Installs the handlers; `worker` keeps repeated signals from killing the process.
    static func install(worker: Bool = false) -> Interruption {
        if worker { repeatedSignalKills = false }
        // A parent may start us with these signals blocked (the mask is inherited): unblock.
        var set = sigset_t()
        sigemptyset(&set)
        for sig in signals { sigaddset(&set, sig) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        // Globals are initialised on first use (not async-signal-safe): touch them here first.
        _ = receivedSignal.load(ordering: .relaxed) + signalCount.load(ordering: .relaxed) + killingCount
        for sig in signals {
            _ = Foundation.signal(sig) { number in
                let count = signalCount.add(1, ordering: .sequentiallyConsistent).newValue
                if count >= Interruption.killingCount && repeatedSignalKills {
                    Foundation.signal(number, SIG_DFL)
                    raise(number)
                }
                _ = receivedSignal.compareExchange(expected: 0, desired: number, ordering: .sequentiallyConsistent)
                HeadlessTestRunner.stopLuaFromSignalHandler()
            }
        }
        return Interruption()
    }
}

extension ExitCode {
    /// The exit code after `signal` stopped a run (`Interruption.exitStatus`): `.interrupted`
    /// (130), `.terminated` (143) or `.hangUp` (129).
    init(stoppedBy signal: Int32) {
        self = ExitCode(rawValue: Interruption.exitStatus(signal)) ?? .terminated
    }
}
