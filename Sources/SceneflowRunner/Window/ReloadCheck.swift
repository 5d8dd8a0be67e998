/// What a check of a changed prototype, run where it can be stopped, found.
public enum ReloadVerdict: Equatable, Sendable {
    /// The prototype loads: the window loads it too.
    case loads
    /// The prototype does not load, for this reason (file, line and why): the window shows
    /// it and keeps the last good prototype.
    case fails(String)
}

/// A check of a changed `prototype.lua` under way outside the window's process (`play` runs it
/// in a child process), so that Lua stuck where no watchdog reaches it ends the child, not the
/// session. The window polls it between frames and never waits for it: a check that never ends
/// (a child frozen from outside) leaves the window answering input until
/// `WindowPlayer.reloadCheckDeadline`, when the player cancels it.
public protocol ReloadCheck: AnyObject {
    /// The verdict once the check ended; nil while it runs. Does not block.
    func verdict() -> ReloadVerdict?
    /// Ends the check at once (a child process is killed and reaped); safe to call twice or
    /// after the check ended.
    func cancel()
}
