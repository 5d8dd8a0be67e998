import Foundation
import SceneflowCore
import SceneflowSDL
import Testing

/// Issue 19 item 2: captures write every byte of their buffer, so neither a fresh capture
/// (no fill first) nor a reused buffer (with older or foreign pixels) shows anything but the
/// frame; a decoded image's bytes are the file's pixels.
@Suite struct CaptureBufferTests {
    let device = Device(width: 20, height: 40, scale: 3)

    @Test func aFreshCaptureAndAReusedBufferHoldExactlyTheFrame() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let picture = makeImage(width: 60, height: 120) { x, y in
            (UInt8(x * 4), UInt8(y * 2), UInt8((x + y) % 256), 255)
        }
        try folder.png("a.png", picture)
        try folder.png("b.png", RGBAImage(width: 60, height: 120, fill: (9, 8, 7, 255)))
        let renderer = try OffscreenRenderer(device: device)
        let images = renderer.makeTextureCache(directory: folder.path)
        try renderer.draw(FrameDescription(device: device, layers: [layer("a.png")]), images: images)
        #expect(try renderer.capture() == picture)
        // Buffers holding other pixels, of the right size and of other sizes, are overwritten.
        let buffers = [
            RGBAImage(width: 60, height: 120, fill: (1, 2, 3, 4)), RGBAImage(width: 5, height: 5, fill: (255, 0, 0, 0)),
            RGBAImage(width: 0, height: 0, pixels: []),
        ]
        for var buffer in buffers {
            try renderer.capture(into: &buffer)
            #expect(buffer == picture)
            try renderer.draw(FrameDescription(device: device, layers: [layer("b.png")]), images: images)
            try renderer.capture(into: &buffer)
            #expect(buffer == RGBAImage(width: 60, height: 120, fill: (9, 8, 7, 255)))
            try renderer.draw(FrameDescription(device: device, layers: [layer("a.png")]), images: images)
        }
    }

    /// `captureBGRX` (what `test --video` encodes) is the same frame as `capture`, each pixel's
    /// bytes in B, G, R order, whatever the buffer held or measured before.
    @Test func aBGRXCaptureIsTheFrameWithItsBytesInTheTargetsOrder() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let picture = makeImage(width: 60, height: 120) { x, y in
            (UInt8(x * 4), UInt8(y * 2), UInt8((x + y) % 256), 255)
        }
        try folder.png("a.png", picture)
        let renderer = try OffscreenRenderer(device: device)
        let images = renderer.makeTextureCache(directory: folder.path)
        try renderer.draw(FrameDescription(device: device, layers: [layer("a.png")]), images: images)
        for var bytes in [[UInt8](), [UInt8](repeating: 7, count: 60 * 120 * 4), [UInt8](repeating: 1, count: 9)] {
            let size = try renderer.captureBGRX(into: &bytes)
            #expect(size == (60, 120) && bytes.count == 60 * 120 * 4)
            var mismatches = 0
            for i in stride(from: 0, to: min(bytes.count, picture.pixels.count), by: 4)
            where bytes[i] != picture.pixels[i + 2] || bytes[i + 1] != picture.pixels[i + 1]
                || bytes[i + 2] != picture.pixels[i]
            {
                mismatches += 1
            }
            #expect(mismatches == 0)
        }
    }

    @Test func aDecodedPictureCopiesEveryPixel() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        for (width, height) in [(1, 1), (3, 7), (61, 17), (60, 120)] {
            let picture = makeImage(width: width, height: height) { x, y in
                (UInt8((x * 31 + y) % 256), UInt8((y * 17) % 256), UInt8((x ^ y) % 256), UInt8(255 - (x % 200)))
            }
            let path = try folder.png("p\(width)x\(height).png", picture)
            #expect(try PictureLoader().load(path: path).rgbaImage() == picture, "\(width)x\(height)")
        }
    }

    @Test func anImageWrittenInPlaceHoldsWhatWasWritten() {
        for (width, height) in [(0, 0), (1, 1), (13, 5)] {
            let image = RGBAImage(width: width, height: height) { bytes in
                for i in 0..<bytes.count { bytes[i] = UInt8(i % 251) }
            }
            #expect(image.pixels.count == width * height * 4)
            #expect(image.pixels == (0..<(width * height * 4)).map { UInt8($0 % 251) })
        }
    }
}
