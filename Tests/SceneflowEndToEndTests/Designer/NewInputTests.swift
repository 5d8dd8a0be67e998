import Foundation
import Testing

/// `sceneflow new` with awkward input: files it would overwrite, folders given as images,
/// missing and empty paths; and the exit code every command gives a missing input path (65).
@Suite struct NewInputTests {
    @Test func newNeverOverwritesTheStarterScriptOrAnImage() throws {
        let tmp = try TempFolder()
        try tmp.image("src/home.png")
        try tmp.image("src/list.png")
        let dir = tmp.file("App")
        let first = try Sceneflow.run(["new", dir, tmp.file("src/home.png"), tmp.file("src/list.png")])
        #expect(first.status == 0, "\(first)")
        // prototype.lua gone, an edited starter script stays: refused, the script untouched.
        try FileManager.default.removeItem(atPath: tmp.file("App/prototype.lua"))
        let script = try tmp.write("App/Scripts/walk_through.lua", "-- my edits\n")
        let again = try Sceneflow.run(["new", dir])
        #expect(again.status == 64, "\(again)")
        #expect(
            again.stderr.contains(
                "\(script) already exists; choose a new folder (sceneflow new never overwrites)"), "\(again)")
        #expect(try String(contentsOfFile: script, encoding: .utf8) == "-- my edits\n")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("App/prototype.lua")), "nothing written")
        // A different image under a copied image's name: refused before anything is written.
        try FileManager.default.removeItem(atPath: script)
        try tmp.image("other/home.png", width: 40, height: 80)
        let before = try Data(contentsOf: URL(fileURLWithPath: tmp.file("App/home.png")))
        let clash = try Sceneflow.run(["new", dir, tmp.file("other/home.png"), tmp.file("src/list.png")])
        #expect(clash.status == 64, "\(clash)")
        #expect(clash.stderr.contains("\(tmp.file("App/home.png")) already exists and is not"), "\(clash)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: tmp.file("App/home.png"))) == before)
        #expect(!FileManager.default.fileExists(atPath: tmp.file("App/prototype.lua")), "nothing written")
        // The same bytes already there are no clash.
        let same = try Sceneflow.run(["new", dir, tmp.file("src/home.png"), tmp.file("src/list.png")])
        #expect(same.status == 0 && same.stdout.contains("2 scenes"), "\(same)")
    }

    @Test func aFolderGivenAsImagesStandsForTheImagesInIt() throws {
        let tmp = try TempFolder()
        for name in ["2.png", "10.png", "1.PNG"] { try tmp.image("shots/\(name)") }
        try tmp.write("shots/notes.txt", "not an image")
        try tmp.write("shots/.hidden.png", "not an image either")
        try tmp.image("shots/nested/deep.png")
        try tmp.image("more/3.png")
        let dir = tmp.file("App")
        let r = try Sceneflow.run(["new", dir, tmp.file("shots"), tmp.file("more/3.png")])
        #expect(r.status == 0 && r.stdout.contains("4 scenes"), "\(r)")
        let text = try String(contentsOfFile: tmp.file("App/prototype.lua"), encoding: .utf8)
        for image in ["1.PNG", "2.png", "3.png", "10.png"] {
            #expect(text.contains("image = \"\(image)\""), "\(image)")
        }
        #expect(!text.contains("deep.png") && !text.contains("hidden"))
        let test = try Sceneflow.run(["test", tmp.file("App/Scripts")])
        #expect(test.status == 0, "\(test)")
        // A folder without images, and a missing image: each named, exit 65, nothing written.
        try FileManager.default.createDirectory(atPath: tmp.file("empty"), withIntermediateDirectories: true)
        let bad = try Sceneflow.run(["new", tmp.file("Out"), tmp.file("empty"), tmp.file("nope.png")])
        #expect(bad.status == 65, "\(bad)")
        #expect(
            bad.stderr.contains("\(tmp.file("empty")): a folder with no PNG, JPEG, GIF or BMP images in it"), "\(bad)")
        #expect(bad.stderr.contains("no image at \(tmp.file("nope.png"))"), "\(bad)")
        #expect(!bad.stderr.contains("USAGE"), "\(bad)")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("Out")))
    }

    /// The name `new` copies a screenshot under: every character the one-line rule refuses
    /// (C0 controls with tab and line breaks, DEL, C1 controls, U+2028, U+2029) as `-`.
    static func cleaned(_ name: String) -> String {
        String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { scalar -> Unicode.Scalar in
                    let v = scalar.value
                    return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 ? "-" : scalar
                }))
    }

    /// Red-team finding: a screenshot named with a line break wrote a prototype.lua that did
    /// not load (the name stood raw in a `--` comment) and `new` said it succeeded. Every
    /// control character, Lua's line ends and the Unicode separators, in the image and in the
    /// folder name, must give a prototype that `check` and the starter script accept. A name
    /// that is not one line is copied under a cleaned one (red-team finding o13: `image =
    /// "g\nh.png"` was written, while every string that names a file is one line).
    @Test func fileNamesWithLineBreaksAndControlCharactersGiveAPrototypeThatLoads() throws {
        let names = [
            "new\nline", "carriage\rreturn", "tab\there", "x\nstart = \"other\" --", "bell\u{7}", "sep\u{2028}arator",
            "para\u{2029}graph", "next\u{85}line", "del\u{7F}", "quote\"d", "back\\slash", "]]close",
        ]
        for (index, name) in names.enumerated() {
            let tmp = try TempFolder()
            try tmp.image("shots/\(name).png")
            try tmp.image("shots/zz-other.png")
            let dir = tmp.file("App\(index)\(name.hasPrefix("new") ? "\nfolder" : "")")
            let r = try Sceneflow.run(["new", dir, tmp.file("shots")])
            #expect(r.status == 0, "\(name.debugDescription): \(r)")
            let check = try Sceneflow.run(["check", dir])
            #expect(check.status == 0, "\(name.debugDescription): \(check)")
            #expect(check.stdout.contains("2 scenes"), "\(name.debugDescription): \(check)")
            let test = try Sceneflow.run(["test", (dir as NSString).appendingPathComponent("Scripts")])
            #expect(test.status == 0, "\(name.debugDescription): \(test)")
            // The copy has the cleaned name, and prototype.lua names it so.
            let copied = Self.cleaned(name) + ".png"
            let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }
            #expect(files.sorted() == [copied, "zz-other.png"].sorted(), "\(name.debugDescription): \(files)")
            let prototype = try String(
                contentsOfFile: (dir as NSString).appendingPathComponent("prototype.lua"), encoding: .utf8)
            let literal = copied.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                of: "\"", with: "\\\"")
            #expect(
                prototype.contains("image = \"\(literal)\""),
                "\(name.debugDescription): \(prototype)")
        }
    }

    /// Cleaned names stay unique: `a\nb.png`, `a\tb.png` and `a-b.png` are three scenes with
    /// three images (`a-b.png`, `a-b-2.png`, `a-b-3.png`), also when the screenshots are already
    /// in the folder (`sceneflow new DIR`), where the badly named ones are copied in.
    @Test(arguments: [false, true])
    func cleanedNamesStayUnique(_ inPlace: Bool) throws {
        let tmp = try TempFolder()
        let folder = inPlace ? "App" : "shots"
        for name in ["a\nb.png", "a\tb.png", "a-b.png"] { try tmp.image("\(folder)/\(name)") }
        let dir = tmp.file("App")
        let r = try Sceneflow.run(inPlace ? ["new", dir] : ["new", dir, tmp.file("shots")])
        #expect(r.status == 0, "\(r)")
        let check = try Sceneflow.run(["check", dir])
        #expect(check.status == 0 && check.stdout.contains("3 scenes"), "\(check)")
        let prototype = try String(contentsOfFile: tmp.file("App/prototype.lua"), encoding: .utf8)
        for image in ["a-b.png", "a-b-2.png", "a-b-3.png"] {
            #expect(FileManager.default.fileExists(atPath: tmp.file("App/\(image)")), "\(image)")
            #expect(prototype.contains("image = \"\(image)\""), "\(image): \(prototype)")
        }
        #expect(!prototype.contains("a\\nb") && !prototype.contains("a\\tb"), "\(prototype)")
    }

    @Test func emptyArgumentsAndTheNoImagesHint() throws {
        let tmp = try TempFolder()
        let empty = try Sceneflow.run(["new", ""], in: tmp.url)
        #expect(
            empty.status == 64 && empty.stderr.contains("the DIR argument is empty (\"\"); give a path"), "\(empty)")
        let emptyImage = try Sceneflow.run(["new", "App", ""], in: tmp.url)
        #expect(emptyImage.status == 64 && emptyImage.stderr.contains("the IMAGE argument is empty"), "\(emptyImage)")
        let check = try Sceneflow.run(["check", ""], in: tmp.url)
        #expect(check.status == 64 && check.stderr.contains("the PROTOTYPE argument is empty"), "\(check)")
        let none = try Sceneflow.run(["new", "App"], in: tmp.url)
        #expect(none.status == 64, "\(none)")
        #expect(none.stderr.contains("put PNG, JPEG, GIF or BMP files in App"), "\(none)")
        try tmp.image("shot.png")
        let swapped = try Sceneflow.run(["new", "shot.png"], in: tmp.url)
        #expect(
            swapped.status == 64
                && swapped.stderr.contains("shot.png is a file; the first argument is the prototype folder"),
            "\(swapped)")
    }

    @Test func aMissingInputPathExits65InEveryCommand() throws {
        let tmp = try TempFolder()
        let missing = tmp.file("absent")
        for arguments in [
            ["test", missing], ["test", "--prototype", missing, "."], ["check", missing], ["inspect", missing],
            ["new", tmp.file("App"), missing], ["graph", missing, "--out", tmp.file("g.svg")],
            ["render", missing, "--out", tmp.file("r.png")], ["timing", missing],
        ] {
            let r = try Sceneflow.run(arguments, in: tmp.url)
            #expect(r.status == 65, "\(arguments): \(r)")
            #expect(r.stderr.contains(missing) && !r.stderr.contains("USAGE"), "\(arguments): \(r)")
        }
    }
}
