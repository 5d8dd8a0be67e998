import Foundation
import Testing

@testable import SceneflowCore

/// `ImageHeader.gif`: the GIF block walk that finds the frame giflib decodes. Hand-built byte
/// fixtures; real ImageMagick GIFs are decoded in `GIFDecodeTests` (SDL).
@Suite struct GIFHeaderTests {
    /// A little-endian 16-bit value as two bytes.
    static func le(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255)] }

    /// Signature and logical screen descriptor; `tableBits` n adds a 2^(n+1)-colour global table
    /// filled with `paletteByte`.
    static func screen(_ w: Int, _ h: Int, tableBits: Int? = nil, paletteByte: UInt8 = 0x2C) -> [UInt8] {
        var b = Array("GIF89a".utf8) + le(w) + le(h)
        if let n = tableBits {
            b += [0x80 | UInt8(n), 0, 0] + [UInt8](repeating: paletteByte, count: 3 * (2 << n))
        } else {
            b += [0, 0, 0]
        }
        return b
    }

    /// An image descriptor, an optional local colour table, code size 2 and `data` as one
    /// sub-block, then the 0-length terminator.
    static func frame(
        left: Int = 0, top: Int = 0, _ w: Int, _ h: Int, localBits: Int? = nil, data: [UInt8] = [0x2C, 0x2C, 0x2C]
    ) -> [UInt8] {
        var b: [UInt8] = [0x2C] + le(left) + le(top) + le(w) + le(h)
        if let n = localBits {
            b += [0x80 | UInt8(n)] + [UInt8](repeating: 0x2C, count: 3 * (2 << n))
        } else {
            b += [0]
        }
        return b + [2, UInt8(data.count)] + data + [0]
    }

    @Test func paletteAndPixelBytesThatLookLikeDescriptorsAreNotFrames() {
        // Every byte of the 256-colour palette and of the pixel data is 0x2C (','): the old
        // scan read them as frames of 11308 x 11308 px. A 360x800 white GIF from PIL had them.
        let bytes =
            Self.screen(360, 800, tableBits: 7) + Self.frame(360, 800, data: [UInt8](repeating: 0x2C, count: 200)) + [
                0x3B
            ]
        #expect(ImageHeader.parse(bytes) == .size(format: "GIF", width: 360, height: 800))
    }

    @Test func extensionsAreWalkedSubBlockBySubBlock() {
        let graphicControl: [UInt8] = [0x21, 0xF9, 4, 0x01, 0x0A, 0x00, 0x2C, 0]
        let loop: [UInt8] = [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
        let comment: [UInt8] = [0x21, 0xFE, 5] + Array(",,,,,".utf8) + [3] + Array(",;!".utf8) + [0]
        let bytes =
            Self.screen(120, 90, tableBits: 1) + loop + comment + graphicControl
            + Self.frame(120, 90, localBits: 3) + graphicControl + Self.frame(left: 5, top: 5, 10, 10) + [0x3B]
        #expect(ImageHeader.parse(bytes) == .size(format: "GIF", width: 120, height: 90))
    }

    @Test func theFirstFrameCountsNotTheLogicalScreen() {
        // SDL_image decodes the first frame at its own size: 100x50 in a 300x200 screen.
        let bytes = Self.screen(300, 200) + Self.frame(left: 20, top: 30, 100, 50) + Self.frame(300, 200) + [0x3B]
        #expect(ImageHeader.parse(bytes) == .size(format: "GIF", width: 100, height: 50))
        // GIF87a has the same structure.
        let old = Array("GIF87a".utf8) + Array(bytes.dropFirst(6))
        #expect(ImageHeader.parse(old) == .size(format: "GIF", width: 100, height: 50))
    }

    @Test func theFirstFrameIsTheOneWhateverFollowsIt() {
        // A 0-sized first frame is the frame (the size check refuses it), not a way to a
        // descriptor hidden in its data, as it was with SDL_image's walk (found by fuzzing).
        let hidden: [UInt8] = [0x2C] + Self.le(0) + Self.le(0) + Self.le(60000) + Self.le(70) + [0, 2]
        let zero = Self.frame(0, 20, data: [5] + hidden)
        #expect(ImageHeader.parse(Self.screen(8, 6) + zero + [0x3B]) == .size(format: "GIF", width: 0, height: 20))
        // A code size over 12 bits does not pass the frame over either.
        var badCode = Self.frame(4, 4, data: [1, 2, 3])
        badCode[10] = 13
        #expect(ImageHeader.parse(Self.screen(8, 6) + badCode + Self.frame(7, 3) + [0x3B]) == .malformed(format: "GIF"))
        // A stray byte between blocks is no record to giflib: the GIF is damaged.
        for stray in Array("xyz\0\u{3B}".utf8) {
            #expect(
                ImageHeader.parse(Self.screen(8, 6) + [stray] + Self.frame(30, 20)) == .malformed(format: "GIF"),
                "stray byte \(stray)")
        }
    }

    @Test func codeSizesOutsideTheSpecAreMalformed() {
        // SDL_image 2.6.3 crashes decoding a frame of code size 1 (Tests/Fuzz/regressions/image/
        // gif-frame-65535-squared.gif reaches one); the spec allows 2 to 8 bits.
        for codeSize: UInt8 in [0, 1, 9, 12] {
            var one = Self.frame(50, 50)
            one[10] = codeSize
            #expect(
                ImageHeader.parse(Self.screen(50, 50) + one + [0x3B]) == .malformed(format: "GIF"),
                "code size \(codeSize)")
        }
    }

    @Test func aGraphicControlExtensionEndsAtItsFirstEmptySubBlock() {
        // giflib reads every extension as sub-blocks up to an empty one: an empty control block
        // ends it, and the 0 after it is a stray byte (SDL_image read one more block).
        let control: [UInt8] = [0x21, 0xF9, 0]
        #expect(
            ImageHeader.parse(Self.screen(8, 6) + control + Self.frame(9, 7) + [0x3B])
                == .size(format: "GIF", width: 9, height: 7))
        #expect(
            ImageHeader.parse(Self.screen(8, 6) + control + [0] + Self.frame(9, 7) + [0x3B])
                == .malformed(format: "GIF"))
    }

    @Test func cutShortOrFramelessGIFsAreMalformed() {
        let whole = Self.screen(16, 16, tableBits: 2) + Self.frame(16, 16) + [0x3B]
        for length in [12, 13, 20, 37, 38, 46, 47] {
            #expect(
                ImageHeader.parse(Array(whole.prefix(length))) == .malformed(format: "GIF"), "first \(length) bytes")
        }
        #expect(ImageHeader.parse(Array(whole.prefix(48))) == .size(format: "GIF", width: 16, height: 16))
        #expect(ImageHeader.parse(Self.screen(16, 16) + [0x3B]) == .malformed(format: "GIF"))
        #expect(ImageHeader.parse(Self.screen(16, 16) + [0x21, 0xFE, 9, 1, 2]) == .malformed(format: "GIF"))
        // Only a full prefix asks for the whole file.
        #expect(ImageHeader.malformed(format: "GIF").needsWholeFile(prefixCount: ImageHeader.prefixLength))
        #expect(!ImageHeader.malformed(format: "GIF").needsWholeFile(prefixCount: 100))
        #expect(!ImageHeader.malformed(format: "PNG").needsWholeFile(prefixCount: ImageHeader.prefixLength))
    }
}
