import Foundation

/// The command line as bytes. Swift's `CommandLine.arguments` repairs invalid UTF-8 with
/// U+FFFD, so a file name such as `$'out\xff'` would silently become another name; Sceneflow
/// works with UTF-8 paths, so such an argument is a usage error (exit 64) instead.
enum RawArguments {
    /// The first argument (after the program name) that is not valid UTF-8: its index in
    /// `CommandLine.arguments` and its bytes shown with `\xFF` escapes.
    static func firstInvalidUTF8() -> (index: Int, shown: String)? {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            if String(validatingCString: pointer) == nil {
                let bytes = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
                let count = strlen(pointer)
                let shown = (0..<count).map { i -> String in
                    let b = bytes[i]
                    return b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : String(format: "\\x%02X", b)
                }.joined()
                return (index, shown)
            }
        }
        return nil
    }

    /// The usage message for an argument that is not UTF-8, naming the option it belongs to
    /// when the word before it is one (`--junit: the name "out\xFF" is not valid UTF-8`).
    static func invalidUTF8Message() -> String? {
        guard let (index, shown) = firstInvalidUTF8() else { return nil }
        let arguments = CommandLine.arguments
        let previous = index >= 2 ? arguments[index - 1] : ""
        let owner = previous.hasPrefix("--") && !previous.contains("=") ? "\(previous): " : ""
        return "\(owner)the argument \"\(shown)\" is not valid UTF-8; Sceneflow takes UTF-8 file names and text"
    }
}
