import Foundation
import Testing

/// Red-team 46 B B2: a text baseline of `expect.tree` checked out with CRLF line ends (git's
/// `core.autocrlf`) or saved with a UTF-8 byte order mark failed after the whole timeout, the
/// whole file read as "line 1" and the invisible bytes printed as if the lines were alike.
/// They are the same outline: the check passes, and the file is left as it is.
@Suite struct TreeBaselineLineEndsTests {
    @Test(arguments: ["crlf", "bom", "both"])
    func aTreeBaselineWithOtherLineEndsStillMatches(_ kind: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "t.lua", "prototype \"Proto\"\ntest(\"t\", function() expect.tree(\"home\", { timeout = 0 }) end)\n")
        #expect(try Sceneflow.run(["test", "t.lua", "--update-baselines", "all"], in: tmp.url).status == 0)
        let path = tmp.file("__screenshots__/t/home.tree.txt")
        var text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\n") && !text.contains("\r"), "\(text)")
        if kind != "bom" { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        if kind != "crlf" { text = "\u{FEFF}" + text }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let r = try Sceneflow.run(["test", "t.lua"], in: tmp.url)
        #expect(r.status == 0, "\(kind): \(r)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "\(kind): the baseline is not rewritten")
        // Another screen still fails, at its first differing line.
        try tmp.write(
            "t.lua",
            "prototype \"Proto\"\ntest(\"t\", function() tap \"Open\"; expect.tree(\"home\", { timeout = 0 }) end)\n")
        let other = try Sceneflow.run(["test", "t.lua"], in: tmp.url)
        #expect(other.status == 1, "\(kind): \(other)")
        #expect(!other.stdout.contains("\\r") && !other.stdout.contains("\u{FEFF}"), "\(kind): \(other.stdout)")
    }
}
