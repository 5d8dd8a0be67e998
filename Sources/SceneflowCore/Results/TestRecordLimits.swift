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
    /// The most bytes of a step's call text copied out of Lua (1 KiB).
    public static let callBytes = 1 << 10
    /// The most bytes of a test's name (1 KiB): a longer name is a load error at its line
    /// (`MAX_NAME_BYTES` in the script API's `structure.lua`).
    public static let nameBytes = 1 << 10
}
