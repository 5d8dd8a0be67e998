import Foundation
import SceneflowCore
import Synchronization

/// A stop signal ends `play` and `record` within about a second even when the X server stops
/// answering (red-team 11 R3: a stalled `ssh -X` or VNC link, a stopped Xvfb). The window's
/// loop closes the window at the next frame after a signal, but a loop blocked inside an Xlib
/// call waiting for a reply never gets there: SIGTERM was ignored for as long as the server
/// stayed silent, and the SIGKILL that followed lost `--timeline`. This thread waits
/// `patience` seconds after the signal for the loop to end (`loopEnded`); when it has not, it
/// says so, runs `beforeExit` (writing what the command promised, as `StuckLua.beforeExit`
/// does for Lua stuck in one C call: the main thread is blocked, so what it left is read) and
/// ends the process with 128 + the signal's number, leaving the window to the X server.
final class DisplayStopWatch: Sendable {
    /// Real seconds the window's loop gets to end after a stop signal: a responsive display
    /// closes the window within a frame or two.
    static let patience = 1.0

    private let ended = Atomic<Bool>(false)

    /// Starts watching for `command` (`play`, `record`). Returns nil when the thread could not
    /// start (the process/thread limit): the signal then closes the window as before.
    static func start(command: String, beforeExit: @escaping () -> Void) -> DisplayStopWatch? {
        let watch = DisplayStopWatch()
        let last = LastAct(beforeExit)
        let status = DetachedThread.start {
            var signalledAt: Double?
            while !watch.ended.load(ordering: .acquiring) {
                usleep(50_000)
                let signal = Interruption.received
                guard signal != 0 else { continue }
                let now = ProcessInfo.processInfo.systemUptime
                guard let since = signalledAt else {
                    signalledAt = now
                    continue
                }
                guard now - since >= patience, !watch.ended.load(ordering: .acquiring) else { continue }
                StuckLua.writeError(
                    "sceneflow \(command): the display did not answer within \(formatSeconds(patience)) s of the stop signal (the X server is not responding); the window is left to it"
                )
                last.run()
                _exit(Interruption.exitStatus(signal))
            }
        }
        return status == 0 ? watch : nil
    }

    /// Called when the window's loop has ended: from here the command finishes on its own.
    func loopEnded() { ended.store(true, ordering: .releasing) }

    /// What runs on the watching thread before the exit; it only ever runs while the main
    /// thread is blocked in the display's call, hence unchecked.
    private final class LastAct: @unchecked Sendable {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
}
