/// A problem found in a user's input (a prototype, a script, an image), with where it is.
///
/// Printed as one line: `file:line: path: message`, with the parts that are known; for example
/// `Prototypes/Store/prototype.lua: scenes.list.elements[3].on_tap: no scene "detial"; did you mean "detail"?`.
public struct Diagnostic: Error, Equatable, Sendable, Codable, CustomStringConvertible {
    /// How serious the problem is.
    public enum Severity: String, Sendable, Codable {
        /// The input cannot be used.
        case error
        /// The input works but is probably not what the author meant.
        case warning
    }
    /// Error or warning.
    public var severity: Severity
    /// The file the problem is in (as the user named it, or absolute).
    public var file: String
    /// The 1-based line in `file`, when known.
    public var line: Int?
    /// The path inside the prototype table, e.g. `scenes.home.elements[2].frame`, when known.
    public var path: String?
    /// What is wrong, and what to do where that is clear.
    public var message: String

    /// Creates a diagnostic.
    public init(
        _ severity: Severity = .error, file: String, line: Int? = nil, path: String? = nil,
        message: String
    ) {
        self.severity = severity
        self.file = file
        self.line = line
        self.path = path
        self.message = message
    }

    /// `file:line: path: message` (warnings prefixed with `warning: `); control characters in
    /// the file's path are escaped (`TerminalText.path`), so it stays on one line.
    public var description: String {
        var text = TerminalText.path(file)
        if let line { text += ":\(line)" }
        text += ": "
        if severity == .warning { text += "warning: " }
        if let path, !path.isEmpty { text += "\(path): " }
        return text + message
    }
}

/// A list of problems that stop an input from being used; thrown by loaders.
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    /// The problems, in the order found; never empty.
    public var diagnostics: [Diagnostic]
    /// Creates a list from at least one diagnostic.
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    /// One diagnostic per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
