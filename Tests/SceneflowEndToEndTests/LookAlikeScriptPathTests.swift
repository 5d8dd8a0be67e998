import Foundation
import Testing

/// Two script files of one run whose paths a report shows alike (`café.lua` composed and
/// decomposed, as macOS and Linux keyboards write it; `a b.lua` and `a  b.lua`) ran as two
/// files that the console and JUnit (classname `nf-café` twice) showed identically, one
/// passed and one failed (red-team 15 A3). The run is refused before any test, naming both
/// with the characters that differ escaped, in every mode.
@Suite struct LookAlikeScriptPathTests {
    @Test(
        arguments: [
            ("caf\u{E9}.lua", "cafe\u{301}.lua"), ("a b.lua", "a  b.lua"), ("x.lua", "x\u{200B}.lua"),
            ("a b.lua", "a\u{2800}b.lua"),
        ],
        [[], ["--jobs", "2"], ["--list"]])
    func twoScriptsThatLookAlikeAreRefused(_ names: (String, String), _ options: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try FileManager.default.createDirectory(atPath: tmp.file("nf"), withIntermediateDirectories: true)
        try tmp.write("nf/\(names.0)", "prototype \"../Proto\"\ntest(\"a\", function() end)\n")
        try tmp.write("nf/\(names.1)", "prototype \"../Proto\"\ntest(\"a\", function() error(\"boom\") end)\n")
        let reports = options == ["--list"] ? [] : ["--json", "r.json"]
        let r = try Sceneflow.run(["test", "nf"] + reports + options, in: tmp.url)
        #expect(r.didNotCrash && r.status == 65, "\(names) \(options): \(r)")
        #expect(r.stderr.contains("look the same in a report"), "\(names) \(options): \(r.stderr)")
        #expect(!r.stdout.contains("PASS") && !r.stdout.contains("FAIL"), "\(names) \(options): \(r.stdout)")
    }

    @Test func scriptsThatReadDifferentlyRun() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("ab.lua", "prototype \"Proto\"\ntest(\"a\", function() end)\n")
        try tmp.write("a b.lua", "prototype \"Proto\"\ntest(\"a\", function() end)\n")
        let r = try Sceneflow.run(["test", "ab.lua", "a b.lua"], in: tmp.url)
        #expect(r.status == 0, "\(r)")
    }

    /// Paths one report writes alike (TAP writes `#` as `＃`; the console a line feed as the
    /// text `\n`) are refused too, and the message shows each path escaped on one line, never
    /// a raw line feed or escape character of a path (red-team 17 F1, F3).
    @Test(arguments: [
        ("a # b.lua", "a \u{FF03} b.lua", "TAP"), ("n\nl.lua", "n\\nl.lua", "the console"),
        ("e\u{1B}.lua", "e\\u{1B}.lua", "the console"),
    ])
    func pathsOneReportWritesAlikeAreRefusedOnOneLine(_ names: (String, String, String)) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(names.0, "prototype \"Proto\"\ntest(\"a\", function() end)\n")
        try tmp.write(names.1, "prototype \"Proto\"\ntest(\"a\", function() error(\"boom\") end)\n")
        let r = try Sceneflow.run(["test", names.0, names.1, "--json", "r.json"], in: tmp.url)
        #expect(r.didNotCrash && r.status == 65, "\(names): \(r)")
        #expect(r.stderr.contains("look the same in \(names.2)"), "\(names): \(r.stderr)")
        let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(lines.count == 1, "\(names): \(r.stderr.debugDescription)")
        #expect(!r.stderr.unicodeScalars.contains { $0.value == 0x1B }, "\(names): \(r.stderr.debugDescription)")
    }

    /// A file whose name is not valid UTF-8 (shown with its bad byte as `\xff`) beside one
    /// named with that text read as one path: one never ran and the run passed (red-team 19
    /// F7). The run is refused before any test, in every mode.
    @Test(arguments: [[], ["--jobs", "2"], ["--list"]])
    func aBadByteNameAndItsShownTextAreRefused(_ options: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try FileManager.default.createDirectory(atPath: tmp.file("s"), withIntermediateDirectories: true)
        try tmp.write("s/a\\xffb.lua", "prototype \"../Proto\"\ntest(\"t\", function() end)\n")
        let bad = Array(tmp.file("s/a").utf8) + [0xFF] + Array("b.lua".utf8)
        let text = Array("prototype \"../Proto\"\ntest(\"t\", function() error(\"boom\") end)\n".utf8)
        let fd = (bad + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        #expect(fd >= 0)
        _ = text.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let r = try Sceneflow.run(["test", "s"] + options, in: tmp.url)
        #expect(r.didNotCrash && r.status == 65, "\(options): \(r)")
        #expect(r.stderr.contains("two files read as \"s/a\\\\xffb.lua\""), "\(options): \(r.stderr)")
        #expect(!r.stdout.contains("PASS"), "\(options): \(r.stdout)")
    }
}
