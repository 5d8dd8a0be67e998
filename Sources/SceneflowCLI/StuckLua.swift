import Foundation
import SceneflowCore
import SceneflowLua

/// What every command does when `LuaWatchdog` finds Lua code that the instruction hook cannot
/// stop (one library call that never returns to the VM): print why, naming the file, and end
/// the process with the documented code (65: the prototype or script is bad input; 130/143
/// after SIGINT/SIGTERM). `sceneflow test` never runs a script's Lua in its own process: its
/// `--jobs` workers install `TestWorker`'s handler, which reports the stuck test to the runner.
enum StuckLua {
    /// Starts the watchdog with the default handler (called once, before any command runs).
    static func watch() { LuaWatchdog.start(handler) }

    /// Writes `text` to standard error with `write(2)` (safe on the watchdog thread while the
    /// main thread is stuck, possibly inside stdio).
    static func writeError(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.append(10)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Where the watchdog found Lua code stuck, for a message: the place's phrase with the
    /// called name as the script's line writes it (`expect.tree`), or, when the stack could
    /// not be read, the general case (one call that never returned to Lua).
    static func whereStopped(_ place: LuaWatchdog.Place?, subject: String = "") -> String {
        guard let place else {
            return "inside one library call or error handler that never returned to Lua"
        }
        return place.phrase(qualified: place.qualifiedName(subject: subject))
    }

    /// What must be saved before the process ends this way (`play`: its `--timeline`/`--csv`).
    /// Called on the watchdog thread while the main thread is stuck inside one C call, so it
    /// reads what that thread left, and writes with plain system calls.
    nonisolated(unsafe) static var beforeExit: (() -> Void)?

    /// The window command running (`sceneflow play`, `sceneflow record`), nil for the others:
    /// its message then names it and says the window was closed, since an action stuck inside
    /// one library call can be stopped only with the whole process (red-team 29 F3: the
    /// session ended with a message that named neither).
    nonisolated(unsafe) static var windowCommand: String?

    private static let handler: LuaWatchdog.Handler = { reason, subject in
        let name = subject.map { String(cString: $0) } ?? ""
        let what = name.isEmpty ? "sceneflow" : name
        if reason == LuaWatchdog.Reason.afterStop.rawValue {
            StuckLua.writeError("\(what): stopped by a signal inside a Lua library call")
            StuckLua.beforeExit?()
            _exit(Interruption.exitStatus(Interruption.received))
        }
        let ending =
            windowCommand == nil
            ? "so sceneflow stopped"
            : "so the window was closed (Lua stuck inside one library call can be stopped only with the whole process; exit 65)"
        StuckLua.writeError(
            "\(windowCommand.map { "\($0): " } ?? "")\(what): did not finish within 10 s of real time: its Lua code was stuck \(whereStopped(LuaWatchdog.Place.current, subject: name)), \(ending)"
        )
        StuckLua.beforeExit?()
        _exit(65)
    }
}
