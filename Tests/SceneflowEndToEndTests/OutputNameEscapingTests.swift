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
    /// Red-team 42 B F5: a fresh run into a `--frames` folder removed every file named like a
    /// frame (`001-my-photo.png`), though no run had written it. Only the frames an earlier
    /// run listed (`hashes.txt`, `summary.txt`) go; the user's are kept, byte for byte, and
    /// never written over: the new frames are numbered after them.
    @Test func numberedImagesNoRunWroteAreKept() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"t\", function() tap \"Open\"; tap \"Back\" end)\n")
        let mine = ["001-home.png": "mine 1\n", "002-detail.png": "mine 2\n", "099-keep.png": "mine 3\n"]
        for (name, text) in mine { try tmp.write("fr/t/" + name, text) }
        let r = try Sceneflow.run(["test", "t.lua", "--frames", "fr"], in: tmp.url)
        #expect(r.status == 0, "\(r)")
        for (name, text) in mine {
            #expect((try? String(contentsOfFile: tmp.file("fr/t/" + name), encoding: .utf8)) == text, "\(name)")
        }
        let hashes = try String(contentsOfFile: tmp.file("fr/t/hashes.txt"), encoding: .utf8)
        let listed = hashes.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(!listed.isEmpty && listed.allSatisfy { mine[$0] == nil && (Int($0.prefix(3)) ?? 0) > 99 }, "\(listed)")
        for name in listed { #expect(FileManager.default.fileExists(atPath: tmp.file("fr/t/" + name)), "\(name)") }
        // A second run removes the frames the first listed, and still keeps the user's.
        let again = try Sceneflow.run(["test", "t.lua", "--frames", "fr"], in: tmp.url)
        #expect(again.status == 0, "\(again)")
        for (name, text) in mine {
            #expect((try? String(contentsOfFile: tmp.file("fr/t/" + name), encoding: .utf8)) == text, "\(name)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: tmp.file("fr/t")).filter {
            $0.hasSuffix(".png")
        }
        #expect(names.count == mine.count + listed.count, "\(names.sorted())")
    }

    /// Red-team 46 B B1: a frame the user edited after the run that wrote it was removed by
    /// the next run as that run's (the report folder's cleanup keeps such a file). A listed
    /// frame changed since its run ended is the user's: kept, and numbered around.
    @Test func aFrameEditedSinceItsRunIsKept() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"t\", function() tap \"Open\"; tap \"Back\" end)\n")
        #expect(try Sceneflow.run(["test", "t.lua", "--frames", "fr"], in: tmp.url).status == 0)
        let hashes = try String(contentsOfFile: tmp.file("fr/t/hashes.txt"), encoding: .utf8)
        let listed = hashes.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        let edited = try #require(listed.first)
        Thread.sleep(forTimeInterval: 0.05)  // a later modification time than the run's files
        try tmp.write("fr/t/" + edited, "edited by hand\n")
        let again = try Sceneflow.run(["test", "t.lua", "--frames", "fr"], in: tmp.url)
        #expect(again.status == 0, "\(again)")
        #expect((try? String(contentsOfFile: tmp.file("fr/t/" + edited), encoding: .utf8)) == "edited by hand\n")
        // The run's own unchanged frames are replaced by this run's, numbered after the kept one.
        let now = try String(contentsOfFile: tmp.file("fr/t/hashes.txt"), encoding: .utf8)
        #expect(!now.contains(edited + " "), "\(now)")
        let names = try FileManager.default.contentsOfDirectory(atPath: tmp.file("fr/t")).filter {
            $0.hasSuffix(".png")
        }
        #expect(names.count == listed.count + 1, "\(names.sorted())")
    }

    /// Red-team 42 B F5: `test Proto.lua --frames .` wrote the script's frames into `./Proto/`,
    /// the prototype's own folder, whose screenshots were lost. A frames folder that is a
    /// prototype's folder, or lies inside one, is refused (exit 64), before anything runs.
    @Test(arguments: [".", "Proto/.."])
    func aFramesFolderThatIsThePrototypesIsRefused(_ frames: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("Proto.lua", "prototype \"Proto\"\ntest(\"t\", function() tap \"Open\" end)\n")
        let before = try FileManager.default.contentsOfDirectory(atPath: tmp.file("Proto")).sorted()
        let r = try Sceneflow.run(["test", "Proto.lua", "--frames", frames], in: tmp.url)
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("--frames") && r.stderr.contains("prototype"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.file("Proto")).sorted() == before)
    }
    /// Red-team 43 B G2, G4, G7: a script's frames folder inside `__screenshots__` (its frames
    /// rewrote a baseline named like one, and a changed screen passed), one shared with another
    /// script through a link (each replaced the other's frames and summary), or the folder of a
    /// prototype the run does not use: each refused, exit 64, before anything runs.
    @Test(arguments: ["screenshots", "shared", "other prototype", "inside another prototype"])
    func aFramesFolderThatHoldsOtherFilesIsRefused(_ how: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("a.lua", "prototype \"Proto\"\ntest(\"t\", function() tap \"Open\" end)\n")
        var arguments = ["test", "a.lua", "--frames"]
        switch how {
        case "screenshots":
            try tmp.write("__screenshots__/a/002-home.png", PNGWriter.solid(width: 36, height: 80))
            arguments.append("__screenshots__")
        case "shared":
            try tmp.write("b.lua", "prototype \"Proto\"\ntest(\"t\", function() tap \"Open\" end)\n")
            try FileManager.default.createDirectory(atPath: tmp.file("G/a"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: tmp.file("G/b"), withDestinationPath: "a")
            arguments = ["test", "a.lua", "b.lua", "--frames", "G"]
        case "other prototype":
            try tmp.prototype("a")
            arguments.append(".")
        default:
            // Red-team 44 B H2: `F/a/`, the frames folder, lies inside prototype F.
            try tmp.prototype(
                "F", scenes: TempFolder.twoScenes.replacingOccurrences(of: "\"home.png\"", with: "\"a/001-home.png\""),
                images: ["a/001-home.png", "detail.png"])
            arguments.append("F")
        }
        let r = try Sceneflow.run(arguments, in: tmp.url)
        #expect(r.status == 64, "\(how): \(r)")
        #expect(r.stderr.contains("--frames"), "\(how): \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("G/a/summary.txt")), "\(how)")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("__screenshots__/a/hashes.txt")), "\(how)")
    }
}
