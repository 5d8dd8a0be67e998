import Foundation

/// Source text as `lua` itself reads a file (`luaL_loadfilex`'s `skipcomment`): a leading UTF-8
/// byte-order mark (U+FEFF, as Windows editors save "UTF-8 with BOM") is dropped, then a first
/// line starting with `#` (a Unix `#!` line, so a script can be run as `./walk.lua` through
/// `#!/usr/bin/env -S sceneflow test`) is emptied, its line break kept so that line numbers stay
/// those of the file. Sceneflow loads files from memory (`luaL_loadbuffer`), which skips neither.
enum LuaChunkText {
    /// `text` without a leading byte-order mark and with a leading `#` line emptied.
    static func asFileChunk(_ text: String) -> String {
        let source = text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text
        guard source.hasPrefix("#") else { return source }
        guard let end = source.firstIndex(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) else { return "" }
        return String(source[end...])
    }

    /// The same rule on a file's raw bytes (bytes that are not UTF-8 reach Lua unchanged): a
    /// leading EF BB BF is dropped, then a leading `#` line emptied, its line break (LF or CR)
    /// kept.
    static func asFileChunk(_ bytes: Data) -> Data {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let source = bytes.starts(with: bom) ? Data(bytes.dropFirst(3)) : bytes
        guard source.first == UInt8(ascii: "#") else { return source }
        guard let end = source.firstIndex(where: { $0 == 10 || $0 == 13 }) else { return Data() }
        return Data(source[end...])
    }
}
