import Foundation
import Testing

/// A scene image that is a symbolic link leading nowhere (red-team 26 F1): a link that loops
/// and a link to a missing file are named as such, never "not found; did you mean" the very
/// name the user typed.
@Suite struct BrokenImageLinkTests {
    @Test func aLoopAndADanglingLinkAreNamed() throws {
        let tmp = try TempFolder()
        try tmp.prototype(
            scenes: """
                home = { image = "loop.png" },
                detail = { image = "dang.png" },
                """, images: [])
        try FileManager.default.createSymbolicLink(atPath: tmp.file("Proto/loop.png"), withDestinationPath: "loop.png")
        try FileManager.default.createSymbolicLink(
            atPath: tmp.file("Proto/dang.png"), withDestinationPath: "nowhere.png")
        for arguments in [["check", "Proto"], ["inspect", "Proto"]] {
            let r = try Sceneflow.run(arguments, in: tmp.url)
            #expect(r.status == 65, "\(r)")
            #expect(!r.stderr.contains("did you mean"), "\(r)")
            #expect(
                r.stderr.contains("scenes.home.image: file \"loop.png\" is a symbolic link that loops"), "\(r)")
            #expect(
                r.stderr.contains(
                    "scenes.detail.image: file \"dang.png\" is a symbolic link to \"nowhere.png\", which does not exist"
                ), "\(r)")
        }
    }
}
