import Foundation
import SceneflowCore
import Testing

@testable import SceneflowSDL

/// Red-team 40 B H2: `render` decoded every screenshot twice, once to check it and once to
/// draw it (a 100-megapixel PNG cost about 14 s where one decode takes 7). The check's picture
/// is handed to the drawing through `PictureHandoff`: once, and only for the unchanged file.
struct PictureHandoffTests {
    private static func picture(_ tmp: TempFolder, _ name: String, seed: UInt8) throws -> String {
        try tmp.png(name, makeImage(width: 40, height: 30) { x, y in (UInt8(x), UInt8(y), seed, 255) })
    }

    @Test func theCheckedPictureIsDrawnWithoutASecondDecodeOnce() throws {
        let tmp = try TempFolder()
        defer { tmp.remove() }
        let path = try Self.picture(tmp, "a.png", seed: 9)
        let handoff = PictureHandoff()
        let loader = PictureLoader(handoff: handoff)
        let checked = try loader.checkAndLoad(path: path)
        #expect(handoff.bytes == 40 * 30 * 4)
        #expect(try loader.load(path: path) === checked, "the checked picture itself")
        #expect(handoff.bytes == 0)
        let again = try loader.load(path: path)
        #expect(again !== checked, "taken once: the next load decodes")
        #expect(try again.rgbaImage() == checked.rgbaImage())
        // A loader without a handoff keeps nothing.
        let plain = PictureLoader()
        #expect(try plain.checkAndLoad(path: path) !== plain.load(path: path))
    }

    @Test func aFileChangedSinceItsCheckIsDecodedAgain() throws {
        let tmp = try TempFolder()
        defer { tmp.remove() }
        let path = try Self.picture(tmp, "a.png", seed: 1)
        let loader = PictureLoader(handoff: PictureHandoff())
        let checked = try loader.checkAndLoad(path: path)
        let other = try Self.picture(tmp, "b.png", seed: 200)
        #expect(rename(other, path) == 0)
        let drawn = try loader.load(path: path)
        #expect(drawn !== checked)
        #expect(try drawn.rgbaImage() != checked.rgbaImage(), "the file as it is now")
    }

    @Test func picturesPastTheBudgetAreNotKept() throws {
        let tmp = try TempFolder()
        defer { tmp.remove() }
        let handoff = PictureHandoff(byteBudget: 40 * 30 * 4 + 100)
        let loader = PictureLoader(handoff: handoff)
        let first = try loader.checkAndLoad(path: Self.picture(tmp, "a.png", seed: 1))
        let second = try loader.checkAndLoad(path: Self.picture(tmp, "b.png", seed: 2))
        #expect(handoff.bytes == 40 * 30 * 4)
        #expect(try loader.load(path: tmp.file("a.png")) === first)
        #expect(try loader.load(path: tmp.file("b.png")) !== second)
    }
    /// Red-team 42 B F2: `graph` decoded a screenshot once for every thumbnail showing it. A
    /// reusable handoff keeps what its loader decodes and gives it every time.
    @Test func aReusableHandoffDecodesAScreenshotOnceForEveryRender() throws {
        let tmp = try TempFolder()
        defer { tmp.remove() }
        let path = try Self.picture(tmp, "a.png", seed: 3)
        let loader = PictureLoader(handoff: PictureHandoff(reusable: true))
        let first = try loader.load(path: path)
        #expect(try loader.load(path: path) === first)
        #expect(try loader.load(path: path) === first)
        let other = try Self.picture(tmp, "b.png", seed: 4)
        #expect(rename(other, path) == 0)
        #expect(try loader.load(path: path) !== first, "a changed file is decoded again")
    }
}
