import Foundation
import Testing

@testable import SceneflowCore

/// The byte and text checks added by the hardening work: PNG chunk layout, GIF frame sizes,
/// message clipping and frame hashes.
@Suite struct HardeningParsersTests {
    /// A chunk: length, type, data, a zero CRC (PNGStructure leaves CRCs to libpng).
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let n = UInt32(data.count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 255), UInt8(n >> 8 & 255), UInt8(n & 255)] + Array(type.utf8) + data
            + [0, 0, 0, 0]
    }

    var png: [UInt8] {
        PNGStructure.signature + chunk("IHDR", [0, 0, 0, 36, 0, 0, 0, 80, 8, 2, 0, 0, 0]) + chunk("IDAT", [1, 2, 3])
            + chunk("IEND", [])
    }

    @Test func aSoundPNGPasses() {
        #expect(PNGStructure.problem(png) == nil)
    }

    @Test func truncatedPNGsNameTheChunkAndTheShortfall() {
        #expect(
            PNGStructure.problem(Array(png.prefix(43)))
                == "truncated: chunk \"IDAT\" at byte 33 needs 15 bytes, the file ends after 10")
        #expect(PNGStructure.problem(Array(png.prefix(40))) == "truncated: a chunk header at byte 33 is cut short")
        #expect(
            PNGStructure.problem(Array(png.dropLast(12)))
                == "truncated: the file ends after 48 bytes without an IEND chunk")
        #expect(PNGStructure.problem(Array(png.prefix(30)))?.hasPrefix("truncated: chunk \"IHDR\"") == true)
    }

    @Test func malformedPNGLayouts() {
        let noData = PNGStructure.signature + chunk("IHDR", Array(repeating: 1, count: 13)) + chunk("IEND", [])
        #expect(PNGStructure.problem(noData) == "no IDAT (pixel data) chunk before IEND")
        let firstNotHeader = PNGStructure.signature + chunk("IDAT", [1]) + chunk("IEND", [])
        #expect(PNGStructure.problem(firstNotHeader) == "the first chunk is \"IDAT\", not a 13-byte IHDR")
        var garbage = png
        garbage[37] = 0x01  // the IDAT type's first letter
        #expect(PNGStructure.problem(garbage) == "byte 33 does not start a chunk (its type is not four letters)")
    }

    @Test func gifFrameLargerThanTheScreenIsTheDeclaredSize() throws {
        // An 8x6 px logical screen whose first frame claims 65530 x 65529 px (found by fuzzing).
        let data = try #require(Data(base64Encoded: "R0lGODlhCAAGAPAAAAAA/wAAACH5BAAAAAAALAAAAAD6//n/AAIGhI+py30FADs="))
        #expect(ImageHeader.parse([UInt8](data)) == .size(format: "GIF", width: 65530, height: 65529))
        #expect(ImageHeader.parse(Array(data.prefix(12))) == .malformed(format: "GIF"))
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
