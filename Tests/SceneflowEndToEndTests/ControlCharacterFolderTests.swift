import Foundation
import Testing

/// A prototype folder whose name holds ESC, CR or a line break (red-team 26 F5) is shown
/// escaped (`TerminalText.path`) wherever `check`, `inspect`, `new`, `graph` and `hotspot`
/// print it, as `test` shows it: no control character reaches the terminal.
@Suite struct ControlCharacterFolderTests {
    static let folder = "esc\u{1B}[31mRED\u{1B}[0m\rX\nY"
    static let shown = "esc\\u{1B}[31mRED\\u{1B}[0m\\rX\\nY"

    /// True when `text` holds a control character other than a line break.
    static func raw(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F }
    }

    @Test func checkInspectAndHotspotEscapeTheFolder() throws {
        let tmp = try TempFolder()
        try tmp.prototype(Self.folder)
        // No `name`: the prototype is named by its folder, so `inspect`'s header shows it.
        let file = tmp.file("\(Self.folder)/prototype.lua")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try tmp.write("\(Self.folder)/prototype.lua", text.replacingOccurrences(of: "name = \"Tiny\",", with: ""))
        let check = try Sceneflow.run(["check", Self.folder], in: tmp.url)
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout.hasPrefix("\(Self.shown): 2 scenes"), "\(check)")
        let inspect = try Sceneflow.run(["inspect", Self.folder], in: tmp.url)
        #expect(inspect.status == 0, "\(inspect)")
        #expect(inspect.stdout.contains(Self.shown), "\(inspect)")
        let hotspot = try Sceneflow.run(
            ["hotspot", "add", Self.folder, "home", "New", "--frame", "1,1,5,5"], in: tmp.url)
        #expect(hotspot.status == 0, "\(hotspot)")
        #expect(hotspot.stdout.contains(Self.shown), "\(hotspot)")
        for r in [check, inspect, hotspot] {
            #expect(!Self.raw(r.stdout) && !Self.raw(r.stderr), "\(r)")
            #expect(!r.stdout.contains("X\nY"), "\(r)")
        }
    }

    @Test func checkEscapesTheFolderOfABadPrototype() throws {
        let tmp = try TempFolder()
        try tmp.prototype(Self.folder, start: "nowhere")
        let r = try Sceneflow.run(["check", Self.folder], in: tmp.url)
        #expect(r.status == 65, "\(r)")
        #expect(r.stderr.contains("\n\(Self.shown): 1 error"), "\(r)")
        #expect(!Self.raw(r.stderr), "\(r)")
    }

    @Test func newEscapesTheFolder() throws {
        let tmp = try TempFolder()
        try tmp.image("shot.png")
        let r = try Sceneflow.run(["new", Self.folder, "shot.png"], in: tmp.url)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("wrote \(Self.shown)/prototype.lua"), "\(r)")
        #expect(r.stdout.contains("wrote \(Self.shown)/Scripts/walk_through.lua"), "\(r)")
        #expect(r.stdout.contains("next: sceneflow play $'esc\\E[31mRED\\E[0m\\rX\\nY'"), "\(r)")
        #expect(!Self.raw(r.stdout) && !r.stdout.contains("X\nY"), "\(r)")
    }
}

/// The second mention of a path in a message, and `bench` and `timing`, escape it too: a raw
/// line break there let a folder name forge a console line (red-team 27 F6).
@Suite struct ControlCharacterPathMentionTests {
    @Test func everyMentionIsEscaped() throws {
        let tmp = try TempFolder()
        let name = "E\u{1B}[31mR\rX\nY"
        let r1 = try Sceneflow.run(["test", "\(name)/zz.lua"], in: tmp.url)
        let r2 = try Sceneflow.run(["check", "\(name)/zz"], in: tmp.url)
        for r in [r1, r2] {
            #expect(r.status == 65, "\(r)")
            // Each line starts as sceneflow's own do (`sceneflow test:`, the escaped path): no
            // line begins inside a folder name.
            let lines = r.stderr.split(separator: "\n")
            #expect(
                lines.allSatisfy { $0.hasPrefix("sceneflow ") || $0.hasPrefix("E\\u{1B}[31mR\\rX\\nY") }, "\(r.stderr)")
            #expect(!r.stderr.contains("\u{1B}"), "\(r.stderr)")
        }
    }
}
