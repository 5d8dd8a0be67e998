import Foundation
import Testing

/// An output path is one field of one console line: a tab in it is shown as `\t`, as a line
/// break is shown as `\n`, and the path is quoted (red-team 31 B6: `wrote tab<TAB>here.xml`).
@Suite struct OutputNameEscapingTests {
    @Test(arguments: ["tab\there.json", "new\nline.json"])
    func aControlCharacterInAnOutputNameIsEscaped(_ name: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"opens\", function() tap \"Open\" end)\n")
        let r = try Sceneflow.run(["test", "t.lua", "--json", name], in: tmp.url)
        #expect(r.status == 0, "\(r)")
        let shown = name.replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\n", with: "\\n")
        #expect(r.stdout.contains("\"\(shown)\""), "\(r.stdout)")
        #expect(!r.stdout.contains("\t"), "\(r.stdout)")
        #expect(FileManager.default.fileExists(atPath: tmp.file(name)))
    }

    /// The `--frames` folder's name on the line that says where the frames went is escaped
    /// as every other output path is (red-team 32 R5: `frames and summary.txt written to
    /// fr<ESC>[31m/t/` reached the terminal raw).
    @Test(arguments: ["fr\u{1B}[31m", "fr\tx"])
    func theFramesFolderIsEscaped(_ name: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"opens\", function() tap \"Open\" end)\n")
        let r = try Sceneflow.run(["test", "t.lua", "--frames", name], in: tmp.url)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("frames and summary.txt written to"), "\(r.stdout)")
        #expect(!r.stdout.contains("\u{1B}") && !r.stdout.contains("\t"), "\(r.stdout)")
        #expect(FileManager.default.fileExists(atPath: tmp.file(name + "/t/summary.txt")))
    }

    /// A reused `--frames` folder holds only the new run's frames: the numbered frames of an
    /// earlier, longer run are removed, not left beside them (red-team 32 R6: `004`-`013`
    /// stayed while `hashes.txt` and `summary.txt` listed 3); other files are kept.
    @Test(arguments: [false, true])
    func aReusedFramesFolderHoldsOnlyTheNewRunsFrames(_ hashOnly: Bool) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "t.lua",
            "prototype \"Proto\"\ntest(\"long\", function() for _ = 1, 4 do tap \"Open\"; tap \"Back\" end end)\n")
        let first = try Sceneflow.run(["test", "t.lua", "--frames", "fr"], in: tmp.url)
        #expect(first.status == 0, "\(first)")
        try tmp.write("fr/t/notes.md", "mine\n")
        // A folder of the user's named like a frame, and what it holds (red-team 34 L1).
        try tmp.write("fr/t/007-old.png/keep.txt", "mine too\n")
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"short\", function() tap \"Open\" end)\n")
        let second = try Sceneflow.run(
            ["test", "t.lua", "--frames", "fr"] + (hashOnly ? ["--frames-hash-only"] : []), in: tmp.url)
        #expect(second.status == 0, "\(second)")
        let names = try FileManager.default.contentsOfDirectory(atPath: tmp.file("fr/t"))
        let frames = names.filter { $0.hasSuffix(".png") && $0 != "007-old.png" }
        #expect(FileManager.default.fileExists(atPath: tmp.file("fr/t/007-old.png/keep.txt")), "\(names)")
        let hashes = try String(contentsOfFile: tmp.file("fr/t/hashes.txt"), encoding: .utf8)
        let listed = hashes.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(Set(frames) == (hashOnly ? [] : Set(listed)), "\(names) vs \(listed)")
        #expect(names.contains("notes.md"))
    }
}
