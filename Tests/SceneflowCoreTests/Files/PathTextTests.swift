import Foundation
import Testing

@testable import SceneflowCore

/// `PathText` splits every name a shell can pass (Foundation's `deletingLastPathComponent`
/// trapped on one-character names: `--junit y` crashed with SIGILL).
@Suite struct PathTextTests {
    @Test(arguments: [
        ("y", "", "y"), ("-", "", "-"), ("a/b.xml", "a", "b.xml"), ("/b", "/", "b"), ("/", "/", "/"),
        ("a/b/", "a", "b"), ("a//b", "a", "b"), ("./y", ".", "y"), ("out\nfile", "", "out\nfile"),
        ("é/ü", "é", "ü"), ("", "", ""),
    ])
    func foldersAndNames(_ path: String, _ folder: String, _ name: String) {
        #expect(PathText.folder(of: path) == folder, "\(path)")
        #expect(PathText.lastComponent(of: path) == name, "\(path)")
    }

    @Test func extensions() {
        #expect(PathText.deletingExtension(of: "a/b.svg") == "a/b")
        #expect(PathText.deletingExtension(of: "y") == "y")
        #expect(PathText.deletingExtension(of: "a.b/c") == "a.b/c")
        #expect(PathText.deletingExtension(of: ".hidden") == ".hidden")
        #expect(PathText.pathExtension(of: "a/b.SVG") == "SVG")
        #expect(PathText.pathExtension(of: "-") == "")
        #expect(PathText.pathExtension(of: "a.b/c") == "")
    }

    @Test func everyShortNameIsSafe() {
        // Every one- and two-character name from printable ASCII and a few others.
        let characters = (32..<127).map { String(UnicodeScalar(UInt8($0))) } + ["é", "\n", "\u{7F}"]
        for a in characters {
            _ = PathText.folder(of: a)
            _ = PathText.deletingExtension(of: a)
            for b in ["/", ".", "a"] { _ = PathText.folder(of: a + b) + PathText.lastComponent(of: b + a) }
        }
    }
}

/// `TerminalText` shows control characters as escapes so scripts cannot drive the terminal.
@Suite struct TerminalTextTests {
    @Test func escapeSequencesAreShown() {
        #expect(TerminalText.escaped("\u{1B}[31mred\u{1B}[0m") == "\\u{1B}[31mred\\u{1B}[0m")
        #expect(TerminalText.escaped("bell\u{7}") == "bell\\u{7}")
        #expect(TerminalText.escaped("a\u{2028}b\u{85}c\u{9B}") == "a\\u{2028}b\\u{85}c\\u{9B}")
        #expect(TerminalText.escaped("two\nlines\r") == "two\nlines\\r")
        #expect(TerminalText.escaped("two\nlines", keepNewlines: false) == "two\\nlines")
        #expect(TerminalText.escaped("tab\tand ü, 日本") == "tab\tand ü, 日本")
    }

    /// Names cut to fit `NAME_MAX` stay valid UTF-8 whatever the byte count: generated names of
    /// 1- to 4-byte characters (and a letter with combining marks) cut at every length around
    /// 255 bytes never exceed it, never split a character, and lose less than one character.
    @Test func prefixesCutOnCharacterBoundaries() {
        let pieces = ["a", "é", "€", "😀", "e\u{301}\u{302}", "-", "ß"]
        for (offset, piece) in pieces.enumerated() {
            for length in 1...140 {
                let text =
                    String(repeating: pieces[(offset + length) % pieces.count], count: length % 7)
                    + String(repeating: piece, count: length)
                for limit in [0, 1, 2, 3, 250, 253, 254, 255, 256] {
                    let cut = PathText.prefix(text, bytes: limit)
                    #expect(cut.utf8.count <= limit, "\(text) to \(limit)")
                    #expect(text.unicodeScalars.starts(with: cut.unicodeScalars), "\(text) to \(limit)")
                    if text.utf8.count <= limit {
                        #expect(cut == text)
                    } else {
                        #expect(limit - cut.utf8.count < 4, "\(text) to \(limit): \(cut.utf8.count)")
                    }
                }
            }
        }
        #expect(PathText.prefix("aé", bytes: 2) == "a")
        #expect(PathText.prefix("aé", bytes: 3) == "aé")
    }
}
