import Foundation
import Testing

/// `sceneflow check` on scroll regions (QA item 6): bands that leave no room are errors (65),
/// regions that cannot move are warnings (0), elements are checked against the content.
@Suite struct ScrollCheckTests {
    static func write(_ tmp: TempFolder, scroll: String, imageHeight: Int) throws -> String {
        try tmp.write("P/list.png", PNGWriter.solid(width: 36, height: imageHeight, rgb: (240, 240, 240)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "C", device = { width = 36, height = 80, scale = 1 }, start = "list",
              scenes = {
                list = { image = "list.png",
                  scroll = \(scroll),
                  elements = { { label = "Far", frame = { 0, 190, 36, 20 } } } },
              },
            }
            """)
        return tmp.file("P")
    }

    @Test func aHeaderAsTallAsTheScreenIsAnErrorWithFileLineAndPath() throws {
        let tmp = try TempFolder()
        let r = try Sceneflow.run(["check", try Self.write(tmp, scroll: "{ header = 90 }", imageHeight: 200)])
        #expect(r.status == 65, "\(r)")
        #expect(
            r.stderr.contains(
                "P/prototype.lua:5: scenes.list.scroll.header: header = 90 pt leaves no room to scroll: the screen is 80 pt tall"
            ), "\(r)")
    }

    @Test func aRegionThatCannotMoveWarnsAndElementsAreCheckedAgainstTheContent() throws {
        let tmp = try TempFolder()
        let short = try Sceneflow.run(["check", try Self.write(tmp, scroll: "{ header = 10 }", imageHeight: 80)])
        #expect(short.status == 0, "\(short)")
        #expect(
            short.stdout.contains(
                "scenes.list.scroll: this scroll region cannot scroll: its content is 80 pt tall, no taller than the 80 pt screen"
            ), "\(short)")
        let tall = try TempFolder()
        let r = try Sceneflow.run(["check", try Self.write(tall, scroll: "{ header = 10 }", imageHeight: 200)])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("\"Far\" frame {0, 190, 36, 20} lies outside the 36x200 pt content"), "\(r)")
        #expect(!r.stdout.contains("cannot scroll"), "\(r)")
    }
}
