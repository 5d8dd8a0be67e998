/// How reports indent nested `step()` calls: one level per enclosing step, at most
/// `maxLevels`; a deeper step keeps that indentation and shows its depth (`[depth 40] `), so
/// a report grows with the number of steps, not with the square of their nesting (5 000 nested
/// steps made a 25 MB JUnit file). The JSON report records every depth as it is.
public enum StepIndent {
    /// The deepest nesting shown by indentation alone (16 levels).
    public static let maxLevels = 16

    /// The levels of indentation for a step at `depth`: `depth`, at most `maxLevels`.
    public static func levels(_ depth: Int) -> Int { min(max(depth, 0), maxLevels) }

    /// `[depth N] ` for a step deeper than `maxLevels`, else "".
    public static func mark(_ depth: Int) -> String { depth > maxLevels ? "[depth \(depth)] " : "" }

    /// `unit` once per level, then the depth mark: what goes before a step's text.
    public static func text(_ depth: Int, unit: String = "  ") -> String {
        String(repeating: unit, count: levels(depth)) + mark(depth)
    }
}
