import Foundation
import SceneflowCore
import SceneflowSDL
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
    private let windowOpened = Atomic<Bool>(false)
    private let lastAct = Mutex<LastAct?>(nil)

    /// Starts watching for `command` (`play`, `record`), before the prototype opens: a signal
    /// while a scene image is being decoded (one C call of seconds for a large progressive
    /// JPEG) ends the process too, saying which image (red-team 32 R4: it waited for two
    /// decodes, 51 s, then blamed the X server). `beforeExit` is set once there is something
    /// to write (`setBeforeExit`). Returns nil when the thread could not start (the
    /// process/thread limit): the signal then closes the window as before.
    static func start(command: String) -> DisplayStopWatch? {
        let watch = DisplayStopWatch()
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
                StuckLua.writeError("sceneflow \(command): \(watch.whatHeldTheStop())")
                watch.lastAct.withLock { $0 }?.run()
                _exit(Interruption.exitStatus(signal))
            }
        }
        return status == 0 ? watch : nil
    }

    /// What kept the command from ending within `patience` of the signal, for its message.
    private func whatHeldTheStop() -> String {
        let waited = "within \(formatSeconds(Self.patience)) s of the stop signal"
        // Before the window opens the prototype's images are checked on every core; after,
        // only the window's own thread matters (a background preload does not hold the loop).
        let opened = windowOpened.load(ordering: .acquiring)
        if let path = DecodesUnderWay.any(mainThread: opened) {
            return
                "the image \(OutputPath.shown(path)) was being decoded \(waited) (a decode cannot be cut short); ended without waiting for it"
        }
        guard opened else {
            return "the prototype was still opening \(waited); ended without waiting for it"
        }
        return "the display did not answer \(waited) (the X server is not responding); the window is left to it"
    }

    /// What runs on the watching thread before the exit (writing what the command promised,
    /// as `StuckLua.beforeExit` does: the main thread is blocked, so what it left is read).
    func setBeforeExit(_ act: @escaping () -> Void) {
        lastAct.withLock { $0 = LastAct(act) }
    }

    /// Called when the window is about to open: from here a stop that is not answered is the
    /// display's (or a decode's).
    func windowOpening() { windowOpened.store(true, ordering: .releasing) }

    /// Called when the window's loop has ended: from here the command finishes on its own.
    func loopEnded() { ended.store(true, ordering: .releasing) }

    /// What runs on the watching thread before the exit; it only ever runs while the main
    /// thread is blocked in the display's call or a decode, hence unchecked.
    private final class LastAct: @unchecked Sendable {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
}
