import Foundation
import SceneflowCore
import Testing

@testable import SceneflowSDL

@Suite struct PictureLoaderTests {
    /// PNG signature + an IHDR chunk declaring `width` x `height`, then a few bytes of body.
    func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8)
            + be(width) + be(height) + [8, 6, 0, 0, 0] + [0, 0, 0, 0] + [0, 0, 0, 5, 0x49, 0x44]
    }

    @Test func rejectsA30000PixelImageFromItsHeaderAlone() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let path = try folder.bytes("huge.png", pngHeader(width: 30000, height: 30000))
        let error = #expect(throws: ImageLoadError.self) { try PictureLoader().load(path: path) }
        #expect(error == .tooLarge(path: path, width: 30000, height: 30000, limit: "16384 px per side"))
        #expect(error?.description.contains("huge.png") == true)
        // Sides within limits but 120 megapixels in all.
        let wide = try folder.bytes("wide.png", pngHeader(width: 12000, height: 10000))
        #expect(throws: ImageLoadError.tooLarge(path: wide, width: 12000, height: 10000, limit: "100 megapixels")) {
            try PictureLoader().load(path: wide)
        }
    }

    @Test func truncatedPNGIsCorruptAndNamesTheFile() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let noise = makeImage(width: 64, height: 64) { x, y in
            (UInt8((x * 97 + y * 31) & 255), UInt8((x * y) & 255), UInt8(x ^ y), 255)
        }
        let good = try Data(contentsOf: URL(fileURLWithPath: try folder.png("good.png", noise)))
        let path = try folder.bytes("cut.png", [UInt8](good.prefix(good.count / 2)))
        let error = #expect(throws: ImageLoadError.self) { try PictureLoader().load(path: path) }
        guard case .corrupt(let p, _)? = error else {
            Issue.record("expected corrupt, got \(String(describing: error))")
            return
        }
        #expect(p == path)
        #expect(error!.description.contains("cut.png"))
    }

    @Test func textFileIsNotAnImage() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let path = try folder.bytes("notes.png", Array("just some notes, not pixels\n".utf8))
        let error = #expect(throws: ImageLoadError.self) { try PictureLoader().load(path: path) }
        guard case .notAnImage(let p, _)? = error else {
            Issue.record("expected notAnImage, got \(String(describing: error))")
            return
        }
        #expect(p == path && error!.description.contains("notes.png"))
    }

    @Test func missingFileIsFileNotFound() throws {
        let path = "/nonexistent-\(UUID().uuidString)/home.png"
        #expect(throws: ImageLoadError.fileNotFound(path: path)) { try PictureLoader().load(path: path) }
        #expect(ImageLoadError.fileNotFound(path: path).description == "image \"\(path)\" not found")
    }

    @Test func detectsOpaqueAreas() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        // Opaque everywhere except a transparent 4 x 4 px corner at the top left.
        let image = makeImage(width: 20, height: 30) { x, y in x < 4 && y < 4 ? (0, 0, 0, 0) : (9, 9, 9, 255) }
        let picture = try PictureLoader().load(path: try folder.png("corner.png", image))
        #expect(picture.width == 20 && picture.height == 30)
        #expect(try !picture.isOpaque(in: PixelRect(x: 0, y: 0, width: 20, height: 30)))
        #expect(try !picture.isOpaque(in: PixelRect(x: 3, y: 3, width: 1, height: 1)))
        #expect(try picture.isOpaque(in: PixelRect(x: 4, y: 0, width: 16, height: 30)))
        #expect(try picture.isOpaque(in: PixelRect(x: 0, y: 4, width: 20, height: 26)))
        // A translucent screen keeps its alpha; an opaque one comes out with alpha 255.
        let whole = try picture.screenImage(for: .wholeImage, width: 20, height: 30)
        #expect(whole.pixel(x: 0, y: 0).a == 0 && whole.pixel(x: 10, y: 10) == (9, 9, 9, 255))
    }

    @Test func cropsRectAndRejectsRectsOutsideTheImage() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let image = makeImage(width: 40, height: 50) { x, y in (UInt8(x), UInt8(y), 1, 255) }
        let path = try folder.png("grid.png", image)
        let picture = try PictureLoader().load(path: path)
        let rect = PixelRect(x: 5, y: 7, width: 10, height: 20)
        let cut = try picture.screenImage(for: .rect(rect), width: 10, height: 20)
        #expect(cut == makeImage(width: 10, height: 20) { x, y in (UInt8(x + 5), UInt8(y + 7), 1, 255) })
        let outside = PixelRect(x: 35, y: 0, width: 10, height: 10)
        #expect(throws: ImageLoadError.screenOutsideImage(path: path, screen: outside, width: 40, height: 50)) {
            try picture.screenRect(for: .rect(outside))
        }
    }

    @Test func autoFindsTheScreenOrSaysItFoundNone() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        // Fully transparent: no screen to find.
        let empty = try folder.png("empty.png", RGBAImage(width: 64, height: 64, fill: (0, 0, 0, 0)))
        #expect(throws: ImageLoadError.screenNotFound(path: empty)) {
            try PictureLoader().load(path: empty).screenRect(for: .auto)
        }
    }

    @Test func headerParserReadsPNGJPEGGIFAndBMP() {
        #expect(
            ImageHeader.parse(pngHeader(width: 1080, height: 2400)) == .size(format: "PNG", width: 1080, height: 2400))
        #expect(ImageHeader.parse(Array(pngHeader(width: 1, height: 1).prefix(20))) == .malformed(format: "PNG"))
        let jpeg: [UInt8] = [
            0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46,
            0xFF, 0xC2, 0x00, 0x11, 0x08, 0x09, 0x60, 0x04, 0x38, 0x03,
        ]
        #expect(ImageHeader.parse(jpeg) == .size(format: "JPEG", width: 1080, height: 2400))
        #expect(
            // Logical screen 16x32 (no colour table), then the first frame's descriptor and code size.
            ImageHeader.parse(
                Array("GIF89a".utf8) + [0x10, 0x00, 0x20, 0x00, 0, 0, 0] + [0x2C, 0, 0, 0, 0, 0x10, 0, 0x20, 0, 0, 2])
                == .size(format: "GIF", width: 16, height: 32))
        var bmp = [UInt8](repeating: 0, count: 30)
        (bmp[0], bmp[1], bmp[14], bmp[18], bmp[22]) = (0x42, 0x4D, 40, 7, 0xF6)  // height -10, top-down
        (bmp[23], bmp[24], bmp[25]) = (0xFF, 0xFF, 0xFF)
        #expect(ImageHeader.parse(bmp) == .size(format: "BMP", width: 7, height: 10))
        #expect(ImageHeader.parse(Array("hello".utf8)) == .unknown)
    }
}
