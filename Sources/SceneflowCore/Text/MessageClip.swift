/// Keeps an error message readable on one console line: a Lua error re-raised through many
/// levels (`a.lua:3: a.lua:3: a.lua:3: … C stack overflow`) has its repeated prefix collapsed,
/// and anything longer than `maxLength` characters is cut with a note of how much was left out.
public enum MessageClip {
    /// The longest message kept whole, in characters.
    public static let maxLength = 1000

    /// The most lines a message of several lines keeps (a list of soft failures, a traceback).
    public static let maxLines = 100

    /// `message` with runs of three or more identical `part: ` prefixes collapsed into one
    /// (`a.lua:3: (repeated 200 times) C stack overflow`), then cut to `maxLength` characters.
    /// A message of several lines is clipped line by line (each to `maxLength`), keeping at
    /// most `maxLines` lines, so every entry of a list stays readable.
    public static func clip(_ message: String) -> String {
        guard message.contains("\n") else { return clipLine(message) }
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        var kept = lines.prefix(maxLines).map { clipLine(String($0)) }
        if lines.count > maxLines { kept.append("… (\(lines.count - maxLines) more lines)") }
        return kept.joined(separator: "\n")
    }

    /// One line: repeated prefixes collapsed, cut to `maxLength` characters.
    private static func clipLine(_ message: String) -> String {
        let parts = message.components(separatedBy: ": ")
        var kept: [String] = []
        var index = 0
        while index < parts.count {
            var run = 1
            while index + run < parts.count - 1, parts[index + run] == parts[index] { run += 1 }
            if run >= 3 {
                kept.append("\(parts[index]) (repeated \(run) times)")
            } else {
                kept.append(contentsOf: parts[index..<index + run])
            }
            index += run
        }
        let collapsed = kept.joined(separator: ": ")
        guard collapsed.count > maxLength else { return collapsed }
        let left = collapsed.count - maxLength
        return String(collapsed.prefix(maxLength)) + "… (\(left) more characters)"
    }
}
