import SceneflowCore

/// A Lua file as the user named it, and the short chunk name Lua reports it under.
///
/// Lua shortens chunk names longer than 60 bytes in its messages (`...ong/path/file.lua:3:`),
/// so files are loaded as `@<file name>` and messages are mapped back to the path as given.
struct LuaSource {
    /// The path as the user gave it, used in diagnostics.
    let file: String
    /// The short name Lua uses in messages (the file name).
    let label: String

    init(file: String) {
        self.file = file
        let name = file.split(separator: "/").last.map(String.init) ?? file
        label = name.utf8.count <= 50 ? name : "script.lua"
    }

    /// The chunk name given to `luaL_loadbuffer`.
    var chunkName: String { "@" + label }

    /// Splits `label:12: message` into line 12 and `message`; other messages (and a line
    /// below 1, which no file has) are kept whole.
    func locate(_ message: String) -> (line: Int?, message: String) {
        let prefix = label + ":"
        guard message.hasPrefix(prefix) else { return (nil, message) }
        let rest = message.dropFirst(prefix.count)
        let digits = rest.prefix { $0.isNumber }
        guard let line = Int(digits), line >= 1, rest.dropFirst(digits.count).hasPrefix(": ") else {
            return (nil, message)
        }
        return (line, String(rest.dropFirst(digits.count + 2)))
    }

    /// A diagnostic for a failed load, run, call or resume. A hit limit gets its own message
    /// (`<label> did not finish: it ran more than N instructions or 10 s (an endless loop?)`);
    /// `names` are the globals offered to the file, for a did-you-mean on a misspelt one.
    /// `subject` names what ran in those limit messages (default: the file's label; "the
    /// action" for a Lua function action called from the prototype).
    func diagnostic(
        _ failure: LuaFailure, limits: LuaLimits, instructions: Int, names: [String] = [], subject: String? = nil
    ) -> Diagnostic {
        var (line, message) = locate(failure.message)
        let what = subject ?? label
        if failure.budgetExhausted {
            message = "\(what) did not finish: it ran more than \(instructions) instructions or 10 s (an endless loop?)"
        } else if failure.memoryExceeded {
            message =
                "\(what) used more than \(limits.memoryText) of memory (a table or string that grows without end?)"
        } else if message.hasSuffix("stack overflow") {
            message += " (a function that calls itself without end?)"
        } else if let global = Self.missingGlobal(in: message) {
            if Self.removed.contains(global) {
                message +=
                    "; \(global) is not available here: Sceneflow runs Lua files in a sandbox without file, process or module access"
            } else {
                message += NearestName.hint(for: global, among: names)
            }
        }
        return Diagnostic(file: file, line: line, message: MessageClip.clip(message))
    }

    /// Standard globals the sandboxes leave out on purpose.
    static let removed: Set<String> = ["os", "io", "package", "debug", "require", "dofile", "loadfile", "coroutine"]

    /// `tapp` in `attempt to call a nil value (global 'tapp')`.
    static func missingGlobal(in message: String) -> String? {
        guard message.contains("a nil value (global '"), message.hasSuffix("')"),
            let start = message.range(of: "(global '")
        else { return nil }
        return String(message[start.upperBound...].dropLast(2))
    }
}
