extension Diagnostic {
    /// A failure message as Lua raised it in the script `file` (`walk.lua:4: message`), as a
    /// diagnostic of `file`: at the line of its `walk.lua:4:` prefix when the name is `file`'s
    /// own (the prefix is then left out of `message`), else at `line` with the whole message.
    public init(luaMessage: String, file: String, line: Int) {
        let label = PathText.lastComponent(of: file) + ":"
        var message = Substring(luaMessage)
        var at = line
        if message.hasPrefix(label) {
            let rest = message.dropFirst(label.count)
            if let colon = rest.firstIndex(of: ":"), let number = Int(rest[..<colon]) {
                at = number
                message = rest[rest.index(after: colon)...].drop { $0 == " " }
            }
        }
        self.init(file: file, line: at, message: String(message))
    }

    /// This failure as Lua raises it in its script: `walk.lua:4: message` (the script by its
    /// file name; `message` alone without a line), which `init(luaMessage:file:line:)` reads back.
    public var luaText: String {
        line.map { PathText.lastComponent(of: file) + ":\($0): " + message } ?? message
    }

    /// This failure of a hook as it follows the test's own failure in one message, after
    /// `; then, `: `in after_each: walk.lua:3: message`, the script by its file name as Lua
    /// writes it (the form of an error a hook raises: `…; then, in after_each: …`).
    public func inHook(_ hook: String) -> String {
        "in \(hook): " + PathText.lastComponent(of: file) + (line.map { ":\($0)" } ?? "") + ": " + message
    }
}
