import Foundation
import Testing

@testable import SceneflowCore

/// The byte and text checks added by the hardening work: GIF frame sizes, message clipping
/// and frame hashes (PNG/JPEG structure: `ImageStructure`, exercised by the bad-input corpus).
@Suite struct HardeningParsersTests {
    @Test func gifFrameLargerThanTheScreenIsTheDeclaredSize() throws {
        // An 8x6 px logical screen whose first frame claims 65530 x 65529 px (found by fuzzing).
        let data = try #require(Data(base64Encoded: "R0lGODlhCAAGAPAAAAAA/wAAACH5BAAAAAAALAAAAAD6//n/AAIGhI+py30FADs="))
        #expect(ImageHeader.parse([UInt8](data)) == .size(format: "GIF", width: 65530, height: 65529))
        #expect(ImageHeader.parse(Array(data.prefix(12))) == .malformed(format: "GIF"))
        // An empty first frame, then one of 65530 x 36608 px: SDL_image decoded the second;
        // giflib decodes the first, whose 0 x 0 px the size check refuses.
        let bytes =
            Array("GIF89a".utf8) + [8, 0, 6, 0, 0, 0, 0]  // logical screen, no colour table
            + [0x2C, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]  // a 0 x 0 frame, code size, no data
            + [0x2C, 0, 0, 0, 0, 0xFA, 0xFF, 0x00, 0x8F, 0, 2, 0, 0x3B]  // 65530 x 36608, trailer
        #expect(ImageHeader.parse(bytes) == .size(format: "GIF", width: 0, height: 0))
    }

    @Test func repeatedPrefixesCollapseAndLongMessagesAreCut() {
        let nested = String(repeating: "a.lua:3: ", count: 50) + "C stack overflow"
        #expect(MessageClip.clip(nested) == "a.lua:3 (repeated 50 times): C stack overflow")
        #expect(MessageClip.clip("a: a: b") == "a: a: b")
        let long = MessageClip.clip(String(repeating: "x", count: 1500))
        #expect(long.hasPrefix(String(repeating: "x", count: 1000)) && long.hasSuffix("… (500 more characters)"))
    }

    @Test func frameHashesDifferForOnePixel() {
        let a = RGBAImage(width: 3, height: 3, fill: (1, 2, 3, 255))
        var b = a
        #expect(FrameHash.of(a) == FrameHash.of(b))
        b.pixels[17] = 4
        #expect(FrameHash.of(a) != FrameHash.of(b))
        #expect(FrameHash.of(RGBAImage(width: 9, height: 1, fill: (1, 2, 3, 255))) != FrameHash.of(a))
    }
}
