/// The failure message of a file's `(after_all)` entry, made of the parts its fresh load gave:
/// each error an after_all hook raised (shown after `in after_all: `), and before them the
/// failure of before_all when it failed only in that load (run again there for the hooks'
/// globals, it is nobody else's: red-team 37 W3 found it in no report). The same words come
/// from the load that ran the hooks (`ScriptRuntime.afterAllFailure`) and from a runner whose
/// worker was stopped in them (its `TestRecordJournal.afterAllFailures`).
public enum AfterAllMessage {
    /// How a part that is before_all's failure in the after_all load begins, in the module's
    /// list and in the worker's journal; the rest is the failure as Lua raised it.
    public static let beforeAllFailed = "before_all, run again for the after_all hooks, failed: "

    /// `parts` (errors as Lua raised them, or `beforeAllFailed` parts) each labelled, joined
    /// by `; then, `, each keeping its share of the message (`MessageClip.joined`), with `stop`
    /// (a limit, a stopped worker, already worded) after them; "" when there is neither.
    public static func joined(_ parts: [String], then stop: String? = nil) -> String {
        let labelled =
            parts.map { $0.hasPrefix(beforeAllFailed) ? $0 : "in after_all: " + $0 } + (stop.map { [$0] } ?? [])
        guard !labelled.isEmpty else { return "" }
        return MessageClip.joined(labelled, separators: Array(repeating: "; then, ", count: labelled.count - 1))
    }
}
