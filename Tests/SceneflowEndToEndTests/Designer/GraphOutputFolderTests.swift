import Foundation
import Testing

/// `sceneflow graph --out` treats a missing output folder like every other command does.
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
}
