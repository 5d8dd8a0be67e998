import Foundation

/// ANSI colour for the console: verdicts (`PASS` green, `FAIL` red, `WARN`, `INT` and `SKIP`
/// yellow, `REC` cyan) and dim counters. On only when standard output is a terminal, unless the
/// environment says otherwise: `FORCE_COLOR` (set, not "0" or "false") turns it on even
/// through a pipe, else `NO_COLOR` (set and not empty, no-color.org) turns it off.
enum Colour {
    /// Whether to colour output to file descriptor `fd` in `environment`.
    static func enabled(_ environment: [String: String], fd: Int32 = 1) -> Bool {
        if let force = environment["FORCE_COLOR"] {
            return !(force == "0" || force.lowercased() == "false")
        }
        if let no = environment["NO_COLOR"], !no.isEmpty { return false }
        return isatty(fd) == 1 && environment["TERM"] != "dumb"
    }

    private static let reset = "\u{1B}[0m"

    /// `text` dimmed.
    static func dim(_ text: String) -> String { "\u{1B}[2m" + text + reset }

    /// `text` with its leading verdict word (`  PASS  `, …) coloured.
    static func verdict(_ text: String) -> String {
        let codes = [
            "  PASS  ": "32", "  FAIL  ": "31;1", "  WARN  ": "33", "  INT   ": "33", "  SKIP  ": "33",
            "  REC   ": "36",
        ]
        for (word, code) in codes where text.hasPrefix(word) {
            let trimmed = word.trimmingCharacters(in: .whitespaces)
            return "  \u{1B}[\(code)m\(trimmed)\(reset)" + String(repeating: " ", count: word.count - 2 - trimmed.count)
                + text.dropFirst(word.count)
        }
        return text
    }
}
