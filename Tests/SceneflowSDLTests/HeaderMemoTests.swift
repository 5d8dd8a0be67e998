import Foundation
import SceneflowCore
import Testing

@testable import SceneflowSDL

/// A header that passed its check is not read again while the file is unchanged, and any
/// change to the file (its content, its size, a replacement) or to the limits checks it again.
struct HeaderMemoTests {
    @Test func aChangedFileIsCheckedAgain() throws {
        let tmp = try TempFolder()
        defer { tmp.remove() }
        let loader = PictureLoader()
        let path = try tmp.png("a.png", makeImage(width: 20, height: 30) { x, y in (UInt8(x), UInt8(y), 0, 255) })
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(!loader.headerIsKnown(path: path))
        try loader.checkHeader(path: path)
        #expect(loader.headerIsKnown(path: path))
        // Cut short in place (same inode, other size): the damage is found.
        try good.prefix(good.count - 12).write(to: URL(fileURLWithPath: path))
        #expect(!loader.headerIsKnown(path: path))
        #expect(throws: ImageLoadError.self) { try loader.checkHeader(path: path) }
        // The same size with one byte of pixel data changed (the CRC no longer matches).
        var damaged = good
        damaged[damaged.count - 20] ^= 0xff
        try damaged.write(to: URL(fileURLWithPath: path))
        #expect(throws: ImageLoadError.self) { try loader.checkHeader(path: path) }
        // Replaced by another file (another inode) that is too large for the limits.
        let big = try tmp.png("b.png", makeImage(width: 40, height: 30) { _, _ in (0, 0, 0, 255) })
        try loader.checkHeader(path: big)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: big, toPath: path)
        let tight = PictureLoader(limits: ImageLimits(maxSide: 32, maxPixels: 10_000))
        #expect(throws: ImageLoadError.self) { try tight.checkHeader(path: path) }
        try loader.checkHeader(path: path)
        #expect(loader.headerIsKnown(path: path) && !tight.headerIsKnown(path: path))
    }

    @Test func problemsAreNeverKept() throws {
        let tmp = try TempFolder()
        defer { tmp.remove() }
        let path = try tmp.bytes("c.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0])
        let loader = PictureLoader()
        for _ in 0..<3 {
            #expect(throws: ImageLoadError.self) { try loader.checkHeader(path: path) }
            #expect(!loader.headerIsKnown(path: path))
        }
    }
}
