internal import CLuaShim

/// The last stop behind the instruction-count hook: a thread that watches every running Lua
/// call of the process and calls a handler when one cannot be stopped between VM instructions.
///
/// The hook (`sf_hook` in `Sources/CLuaShim/shim.c`) stops Lua code at its deadline, its
/// instruction budget or a stop request within 1000 instructions, and large allocations check
/// the same limits. It cannot stop code that never returns to the VM: one library call that
/// runs for minutes (a string pattern that backtracks). The watchdog thread checks every 20 ms;
/// a call that goes on past its real-time deadline for 1 s of its own thread's CPU time (so a
/// loaded machine cannot make a long but finite call look stuck; 10 s of real time at most),
/// or runs 0.25 s after `LuaStop`, is stuck,
/// and the handler ends the process (the only safe way out of a C call): a `--jobs` worker
/// reports the stuck test to its parent first, other commands print a message.
public enum LuaWatchdog {
    /// Why a call was found stuck.
    public enum Reason: Int32, Codable, Sendable {
        /// Past its real-time deadline for 1 s of its thread's CPU time (10 s real at most).
        case pastDeadline = 1
        /// Still running 0.25 s after SIGINT/SIGTERM asked every call to stop.
        case afterStop = 2
    }

    /// Called on the watchdog thread with the reason (`Reason.rawValue`) and the stuck
    /// state's subject (the script or `prototype.lua` path, as given). It should end the
    /// process with `_exit`; if it returns, that state is not reported again.
    public typealias Handler = @convention(c) (Int32, UnsafePointer<CChar>?) -> Void

    /// Starts the thread (once per process) or replaces its handler. Returns false when no
    /// thread could be started. Library users and unit tests run without it.
    @discardableResult
    public static func start(_ handler: Handler) -> Bool { sf_watchdog_start(handler) == 0 }
}
