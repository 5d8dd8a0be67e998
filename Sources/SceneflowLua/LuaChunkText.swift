import Foundation

/// Source text as `lua` itself reads a file: a first line starting with `#` (a Unix `#!`
/// line, so a script can be run as `./walk.lua` through `#!/usr/bin/env -S sceneflow test`) is
/// skipped, its line break kept so that line numbers stay those of the file. Sceneflow loads
/// files from memory (`luaL_loadbuffer`), which does not skip it the way `luaL_loadfile` does.
enum LuaChunkText {
    /// `text` with a leading `#` line emptied.
    static func withoutHashLine(_ text: String) -> String {
        guard text.hasPrefix("#") else { return text }
        guard let end = text.firstIndex(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) else { return "" }
        return String(text[end...])
    }

    /// `bytes` with a leading `#` line emptied (the same rule on a file's raw bytes: its line
    /// break, LF or CR, is kept).
    static func withoutHashLine(_ bytes: Data) -> Data {
        guard bytes.first == UInt8(ascii: "#") else { return bytes }
        guard let end = bytes.firstIndex(where: { $0 == 10 || $0 == 13 }) else { return Data() }
        return Data(bytes[end...])
    }
}
