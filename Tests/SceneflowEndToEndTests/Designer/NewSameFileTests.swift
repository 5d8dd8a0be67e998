import Foundation
import Testing

/// `sceneflow new` given one file twice (a folder and a file in it) takes it once; two
/// different files with one name are still refused.
@Suite struct NewSameFileTests {
    @Test func oneFileGivenTwiceIsTakenOnce() throws {
        let tmp = try TempFolder()
        try tmp.image("src/a.png")
        try tmp.image("src/b.PNG")
        let r = try Sceneflow.run(["new", tmp.file("App"), tmp.file("src"), tmp.file("src/./b.PNG")])
        #expect(r.status == 0 && r.stdout.contains("2 scenes"), "\(r)")
        #expect(!r.stderr.contains("two images are named"), "\(r)")
        // Two different files named alike: still refused, nothing written.
        try tmp.image("other/b.PNG", width: 40, height: 80)
        let clash = try Sceneflow.run(["new", tmp.file("App2"), tmp.file("src"), tmp.file("other/b.PNG")])
        #expect(clash.status == 64, "\(clash)")
        #expect(clash.stderr.contains("two images are named \"b.PNG\""), "\(clash)")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("App2/prototype.lua")))
    }

    /// Red-team R4: two files whose names are one name in two Unicode forms (`café` with é, and
    /// with e + U+0301, as a Mac or a zip from one writes it) are two files: refused as any two
    /// files named alike, never one of them dropped silently (exit 0 with a scene missing).
    @Test func oneNameInTwoUnicodeFormsIsTwoFiles() throws {
        let tmp = try TempFolder()
        try tmp.image("shots/caf\u{E9}.png")
        try tmp.image("shots/cafe\u{301}.png", width: 40, height: 80)
        try tmp.image("shots/zzz.png")
        let names = try FileManager.default.contentsOfDirectory(atPath: tmp.file("shots"))
        try #require(names.count == 3, "the file system holds both forms: \(names)")
        for input in [["shots"], names.map { "shots/" + $0 }] {
            let r = try Sceneflow.run(["new", "App\(input.count)"] + input, in: tmp.url)
            #expect(r.status == 64, "\(input): \(r)")
            #expect(r.stderr.contains("(the same name in two Unicode forms"), "\(r)")
            #expect(!FileManager.default.fileExists(atPath: tmp.file("App\(input.count)/prototype.lua")))
        }
    }

    /// Red-team 9 m6: a symbolic link beside the screenshot it points at (`alias.png ->
    /// a.png`) made one scene named after the link, and `a` was dropped silently. One file is
    /// one scene, named after the real file whatever the order it was given in, and the link
    /// left out is named in a warning.
    @Test(arguments: [["shots"], ["shots/alias.png", "shots/a.png", "shots/b.png"], ["shots/0.png", "shots"]])
    func aLinkBesideItsScreenshotIsOneSceneNamedAfterTheFile(_ input: [String]) throws {
        let tmp = try TempFolder()
        try tmp.image("shots/a.png")
        try tmp.image("shots/b.png")
        try FileManager.default.createSymbolicLink(atPath: tmp.file("shots/alias.png"), withDestinationPath: "a.png")
        try FileManager.default.createSymbolicLink(atPath: tmp.file("shots/0.png"), withDestinationPath: "a.png")
        let r = try Sceneflow.run(["new", "App"] + input, in: tmp.url)
        #expect(r.status == 0 && r.stdout.contains("2 scenes"), "\(r)")
        let text = try String(contentsOfFile: tmp.file("App/prototype.lua"), encoding: .utf8)
        #expect(text.contains("image = \"a.png\""), "\(text)")
        #expect(!text.contains("alias") && !text.contains("0.png"), "\(text)")
        for link in ["alias.png", "0.png"] where input.contains("shots") || input.contains("shots/" + link) {
            let warning = "shots/\(link): warning: a symbolic link to shots/a.png, which is taken"
            #expect(r.stdout.components(separatedBy: warning).count == 2, "once: \(r)")
        }
    }
}
