import Foundation
import Testing

/// The HTML report never carries raw control characters (a red-team finding: a test named
/// with NUL and a log line with ESC put those bytes into `index.html`): every C0 control but
/// tab and line breaks, DEL and the C1 controls are shown as visible characters.
@Suite struct HTMLControlCharacterTests {
    @Test func controlCharactersInNamesAndLogsAreShownNotWritten() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        var script = "prototype \"Proto\"\n"
        for code in Array(0x01...0x1F).filter({ $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) + [0x7F] {
            script +=
                "test(\"c\(code) \" .. string.char(\(code)) .. \" name\", function() log.message(\"esc \" .. string.char(\(code))) end)\n"
        }
        script +=
            "test(\"fails \" .. string.char(0) .. \" nul\", function() tap(\"x\" .. string.char(27) .. \"[31m\") end)\n"
        try tmp.write("c.lua", script)
        let r = try Sceneflow.run(["test", "c.lua", "--report", "rep"], in: tmp.url)
        #expect(r.status == 1 || r.status == 65, "\(r)")
        let html = try Data(contentsOf: URL(fileURLWithPath: tmp.file("rep/index.html")))
        let bad = html.enumerated().filter { _, byte in
            (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
        }
        #expect(bad.isEmpty, "raw control bytes at \(bad.prefix(5).map(\.offset))")
        let text = String(decoding: html, as: UTF8.self)
        // A test name is a one-line field: shown as the console shows it (HTMLOneLineFieldTests).
        #expect(text.contains("<h3>c27 \\u{1B} name</h3>"), "ESC in a test name is shown escaped")
        #expect(text.contains("esc \u{241B}"), "ESC in a log message is shown as ␛")
    }
}
