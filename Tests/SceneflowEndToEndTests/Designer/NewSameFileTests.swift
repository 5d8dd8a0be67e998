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
}
