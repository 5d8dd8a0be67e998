/// The caps on what one test records, shared by the script runner that applies them before
/// text leaves Lua and by `merge-reports`, which refuses a shard report that passes them (a
/// report `sceneflow test` could not have written).
public enum TestRecordLimits {
    /// The most bytes of one log message copied out of Lua (4 KiB).
    public static let messageBytes = 4 << 10
    /// The most bytes of log messages one test keeps (256 KiB, each entry counted as at least
    /// 64 bytes); later entries are left out and counted in one closing note.
    public static let logBytes = 256 << 10
    /// Bytes past `logBytes` kept for warnings only (64 KiB): a `log.warn` after the log is
    /// full of messages is still kept, so the test still reads *passed with warnings* and the
    /// warning is in every report (red-team 24 F4: it was left out with the messages).
    public static let warningReserveBytes = 64 << 10
    /// The most steps one test keeps (10 000). A kept step's nesting depth is below it too,
    /// since every step enclosing a kept step was kept before it.
    public static let steps = 10_000
    /// The most failed steps one test keeps past `steps` (1 000): a step that fails past the
    /// cap is kept, as the run-wide limit keeps failed steps, so the reports say where the test
    /// failed; the passing ones are counted in the note. Each is nested less than `steps` deep.
    public static let failedStepsPastCap = 1_000
    /// The most steps one test's report holds: `steps` and the failed ones past them.
    public static let stepsKept = steps + failedStepsPastCap
    /// The most bytes of a step's call text copied out of Lua (1 KiB).
    public static let callBytes = 1 << 10
    /// The most bytes of a test's name (1 KiB): a longer name is a load error at its line
    /// (`MAX_NAME_BYTES` in the script API's `structure.lua`).
    public static let nameBytes = 1 << 10

    /// The closing note of a test whose log reached `logBytes`: `the log of this test reached
    /// 256 KiB: 14880 later entries left out` (a log message, in every report).
    public static func logCapNote(leftOut count: Int) -> String {
        "\(logCapNotePrefix)\(logBytes >> 10) KiB: \(count == 1 ? "1 later entry" : "\(count) later entries") left out"
    }
    static let logCapNotePrefix = "the log of this test reached "
    /// The note of a test that began more than `steps` steps: `this test began more than
    /// 10000 steps: 2000 later steps left out (failed steps are kept, up to 1000)` (a log message, in
    /// every report).
    public static func stepCapNote(leftOut count: Int) -> String {
        let left =
            count == 0
            ? "no later step left out" : count == 1 ? "1 later step left out" : "\(count) later steps left out"
        return "\(stepCapNotePrefix)\(steps) steps: \(left) (failed steps are kept, up to \(failedStepsPastCap))"
    }
    static let stepCapNotePrefix = "this test began more than "
    /// How the run-wide budget's note on a cut test ends (`TestDetailBudget`).
    public static let budgetNoteEnding = "(the run-wide limit; failed steps and warnings are always kept)"

    /// Whether `entry` is a note that a test's log entries were left out (its log cap, or the
    /// run-wide budget): the console shows it under every verdict, so no reader takes the
    /// lines shown for all there were (red-team 25 F5).
    public static func isLeftOutNote(_ entry: TestLogEntry) -> Bool {
        entry.level == .message
            && (entry.message.hasPrefix(logCapNotePrefix) || entry.message.hasPrefix(stepCapNotePrefix)
                || entry.message.hasSuffix(budgetNoteEnding))
    }
}
