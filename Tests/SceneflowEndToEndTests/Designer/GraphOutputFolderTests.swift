import Foundation
import Testing

/// `sceneflow graph --out`, `render --out` and `timing --svg` treat a missing output folder like
/// every other command does: exit 64 before any work, naming the folder.
@Suite struct GraphOutputFolderTests {
    @Test func graphRefusesAMissingOutputFolderLikeTest() throws {
        let tmp = try TempFolder()
        let out = tmp.file("missing/dir/flow.svg")
        let r = try Sceneflow.run(["graph", "Prototypes/Notes", "--out", out], timeout: 120)
        #expect(r.status == 64, "\(r)")
        let folder = tmp.file("missing/dir")
        #expect(r.stderr.contains("sceneflow graph: --out \(out): the folder \(folder) does not exist"), "\(r)")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("missing")), "no folder may be created")
        // The same wording as `sceneflow test --junit` in the same situation.
        let test = try Sceneflow.run(["test", "Scripts/Notes", "--junit", tmp.file("missing/dir/j.xml")])
        #expect(test.status == 64 && test.stderr.contains("the folder \(folder) does not exist"), "\(test)")
        // An existing folder still works, and --out naming a folder is refused.
        let dot = try Sceneflow.run(["graph", "Prototypes/Notes", "--out", tmp.file("flow.dot")], timeout: 120)
        #expect(dot.status == 0, "\(dot)")
        let intoFolder = try Sceneflow.run(["graph", "Prototypes/Notes", "--out", tmp.path])
        #expect(intoFolder.status == 64 && intoFolder.stderr.contains("is a folder"), "\(intoFolder)")
    }

    @Test func renderAndTimingRefuseAMissingOutputFolderBeforeWorking() throws {
        let tmp = try TempFolder()
        let folder = tmp.file("nowhere")
        let render = try Sceneflow.run(["render", "Prototypes/Notes", "--out", tmp.file("nowhere/still.png")])
        #expect(render.status == 64, "\(render)")
        #expect(render.stderr.contains("--out \(folder)/still.png: the folder \(folder) does not exist"), "\(render)")
        let timing = try Sceneflow.run(["timing", tmp.file("absent.json"), "--svg", tmp.file("nowhere/c.svg")])
        #expect(timing.status == 64, "usage is checked before the timeline is read: \(timing)")
        #expect(timing.stderr.contains("--svg \(folder)/c.svg: the folder \(folder) does not exist"), "\(timing)")
        #expect(!FileManager.default.fileExists(atPath: folder))
        let intoFile = try Sceneflow.run([
            "render", "Prototypes/Notes", "--out", "Prototypes/Notes/prototype.lua/x.png",
        ])
        #expect(
            intoFile.status == 64
                && intoFile.stderr.contains("Prototypes/Notes/prototype.lua is a file, not a folder"), "\(intoFile)")
    }

    /// Thumbnail links need no escaping: `&`, `#`, `%` and spaces in the output name become `_`
    /// in the thumbnail folder's name (QA: `&` made the SVG invalid XML, `#` broke every link).
    @Test func thumbnailLinksAreSafeWhateverTheOutputIsCalled() throws {
        let tmp = try TempFolder()
        let out = tmp.file("fl ow&1#2%20.dot")
        let r = try Sceneflow.run(["graph", "Prototypes/Notes", "--out", out], timeout: 120)
        #expect(r.status == 0, "\(r)")
        let dot = try String(contentsOfFile: out, encoding: .utf8)
        #expect(dot.contains("<IMG SRC=\"fl_ow_1_2_20-thumbs/note.png\""), "\(dot)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("fl_ow_1_2_20-thumbs/note.png")))
    }
}
