import CProcessShim
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
/// Whether the signals the pre-main handler remembered were taken over.
nonisolated(unsafe) private var adoptedEarlySignals = false

/// Stop-signal handling for `sceneflow test`: the first signal asks the runner to end the
/// running test as *interrupted*, skip the rest and write the partial reports (a shutdown
/// bounded to about a second: workers still running 0.7 s later are killed); the process then
/// exits 128 + the signal's number. The stop signals (`signals`) are every signal a user or a
/// tool sends to end a process whose default action is to end it: SIGINT 130 (Ctrl-C), SIGTERM
/// 143, SIGHUP 129 (a closed terminal or SSH session), SIGQUIT 131 (Ctrl-backslash), SIGUSR1
/// 138, SIGUSR2 140, SIGALRM 142 (`timeout -s ALRM`), SIGVTALRM 154, SIGXCPU 152 (`ulimit -t`)
/// and SIGPWR 158. A second signal during that shutdown changes nothing (a double Ctrl-C, or
/// SIGTERM after SIGINT as CI escalates, still gets the reports: red-team finding F10); a third
/// kills the process at once without reports, except in a `--jobs` worker. `play` and `record`
/// use it too: the signal closes the window as Q does.
///
/// For `test`, `play` and `record` a handler that only remembers the signal is installed
/// before `main` (`early_signals.c`, run from the executable's pre-initialisation array), and
/// `install` takes over what it remembered: a signal in the first milliseconds, while the
/// runtime starts, still ends the run with 128 + its number and reports. Installing replaces
/// an inherited SIG_IGN (a background job of a non-interactive shell) and unblocks the signals.
final class Interruption {
    /// The signals that stop a run (the list lives in `early_signals.c`, which takes them
    /// before `main`). SIGQUIT (Ctrl-backslash) too: left to the Swift runtime it printed a
    /// crash report and the run went on to exit 0; SIGUSR1, SIGUSR2 and SIGALRM ended the run
    /// without reports (red-team findings). Not here: SIGPIPE and SIGXFSZ (ignored:
    /// `StandardStreams`), the faults (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP,
    /// SIGSYS: a crash, never a request), SIGPROF (profilers), SIGKILL and SIGSTOP (cannot be
    /// caught) and the real-time signals.
    static let signals: [Int32] = {
        var numbers: UnsafePointer<Int32>?
        let count = sf_early_stop_signal_count(&numbers)
        return (0..<Int(count)).map { numbers![$0] }
    }()
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
        // A parent may start us with these signals blocked (the mask is inherited): they stay
        // blocked (held, not lost) until the handlers are in place, then are unblocked.
        var set = sigset_t()
        sigemptyset(&set)
        for sig in signals { sigaddset(&set, sig) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        // Globals are initialised on first use (not async-signal-safe): touch them here first.
        _ = receivedSignal.load(ordering: .relaxed) + signalCount.load(ordering: .relaxed) + killingCount
        let numbers = signals
        // A stop signal ignored on entry (nohup's SIGHUP) stays ignored (red-team 10 R3).
        for sig in numbers where sf_stop_signal_ignored_on_entry(sig) == 0 {
            _ = Foundation.signal(sig) { number in
                // One request reaching the process by several paths at once (`timeout`
                // relays a group signal twice) counts once (red-team 10 R2).
                guard sf_stop_signal_is_repeat() == 0 else {
                    _ = receivedSignal.compareExchange(
                        expected: 0, desired: number, ordering: .sequentiallyConsistent)
                    HeadlessTestRunner.stopLuaFromSignalHandler()
                    return
                }
                let count = signalCount.add(1, ordering: .sequentiallyConsistent).newValue
                if count >= Interruption.killingCount && repeatedSignalKills {
                    sf_say_last_words()
                    Foundation.signal(number, SIG_DFL)
                    raise(number)
                }
                _ = receivedSignal.compareExchange(expected: 0, desired: number, ordering: .sequentiallyConsistent)
                HeadlessTestRunner.stopLuaFromSignalHandler()
            }
        }
        // Signals that arrived before this handler (the pre-main one remembered them) count
        // as if they came now; installing twice adopts them once.
        var early: Int32 = 0
        let first = sf_early_signal(&early)
        if first != 0 && !adoptedEarlySignals {
            adoptedEarlySignals = true
            _ = signalCount.add(early, ordering: .sequentiallyConsistent)
            _ = receivedSignal.compareExchange(expected: 0, desired: first, ordering: .sequentiallyConsistent)
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        return Interruption()
    }
}

extension Interruption {
    /// For a command that does not take stop signals over (`check`, `inspect`, `render`,
    /// `detect`, `graph` until its layout): each stop signal ends the process by its default
    /// action (exit 128 + n), also SIGINT and SIGQUIT when a non-interactive shell started it as
    /// a background job with them ignored, and SIGQUIT, which the Swift runtime otherwise takes
    /// for a crash (it printed a backtrace and ran on). Red-team 49 A F1: `check S &` with
    /// `prototype.lua` stuck in a C call ran out its 10 s limit after a Ctrl-C and exited 65.
    /// A signal ignored on entry otherwise stays ignored (`nohup`'s SIGHUP), as under `install`.
    /// A parent may start us with them blocked (the mask is inherited, as a test harness's
    /// `Process` passes it): they are unblocked, as `install` does.
    static func endByDefault() {
        var set = sigset_t()
        sigemptyset(&set)
        for sig in signals where sf_stop_signal_ignored_on_entry(sig) == 0 {
            sigaddset(&set, sig)
            _ = Foundation.signal(sig) { number in
                Foundation.signal(number, SIG_DFL)
                raise(number)
            }
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Names the outputs `command` has not written yet, for a third stop signal to say as it
    /// kills the process at once (`sceneflow test: killed by a third stop signal: r.json,
    /// rep not written (a file already there is not this run's)`); an empty list says nothing.
    /// Red-team 25 F3: the process died silent beside an earlier run's green `index.html`.
    static func unwritten(_ outputs: [String], command: String) {
        guard !outputs.isEmpty else {
            sf_set_last_words(nil)
            return
        }
        let names = outputs.map { OutputPath.shown($0) }.joined(separator: ", ")
        sf_set_last_words(
            "sceneflow \(command): killed by a third stop signal: \(names) not written"
                + " (a file already there is not this run's)\n")
    }
}

extension ExitCode {
    /// The exit code after `signal` stopped a run (`Interruption.exitStatus`): 128 + its
    /// number, one case per stop signal (`.interrupted` 130, `.terminated` 143, `.hangUp`
    /// 129, …).
    init(stoppedBy signal: Int32) {
        self = ExitCode(rawValue: Interruption.exitStatus(signal)) ?? .terminated
    }
}
