import Foundation
import SceneflowCore
import Testing

@testable import SceneflowSDL

/// Red-team 39 H1: one command read a PNG five times (the pixel check, the decode, the
/// aspect-ratio warning) and inflated all of its pixel data for the structure check each
/// time. The verdict is now found once a process for the same bytes, pass or problem.
struct StructureMemoTests {
    @Test func aVerdictIsFoundOnceForEqualBytesAndAgainForOtherBytes() {
        var finds = 0
        let bytes = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ Int.random(in: 0...255)) }
        for _ in 0..<3 {
            #expect(
                StructureMemo.problem(bytes, format: "PNG", width: 3, height: 4) {
                    finds += 1
                    return nil
                } == nil)
        }
        #expect(finds == 1)
        var other = bytes
        other[4321] ^= 1
        for _ in 0..<2 {
            let verdict = StructureMemo.problem(other, format: "PNG", width: 3, height: 4) {
                finds += 1
                return "damaged"
            }
            #expect(verdict == "damaged")
        }
        #expect(finds == 2)
        // The same bytes read as another size are another question.
        _ = StructureMemo.problem(bytes, format: "PNG", width: 4, height: 3) {
            finds += 1
            return nil
        }
        #expect(finds == 3)
    }

    @Test func theLoaderChecksAFileOnceForItsPixelCheckAndItsDecode() throws {
        let tmp = try TempFolder()
        defer { tmp.remove() }
        // Eight random bytes in the first row: no other test of this process (PictureHandoffTests
        // draws the same pattern with one random byte) makes these bytes, whose verdict the
        // memo would then hold already (a 1-in-256 failure seen in a full run).
        let seed = (0..<8).map { _ in UInt8.random(in: 0...255) }
        let path = try tmp.png(
            "a.png",
            makeImage(width: 40, height: 30) { x, y in (UInt8(x), UInt8(y), y == 0 && x < 8 ? seed[x] : 7, 255) }
        )
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(StructureMemo.kept(bytes, format: "PNG", width: 40, height: 30) == nil)
        let loader = PictureLoader()
        try loader.checkPixels(path: path)
        #expect(StructureMemo.kept(bytes, format: "PNG", width: 40, height: 30) == .some(nil))
        _ = try loader.load(path: path)
        // A damaged copy (one pixel-data byte, so its CRC no longer matches) is refused by
        // both, with one message, kept.
        var damaged = bytes
        damaged[damaged.count - 20] ^= 0xff
        let bad = tmp.file("b.png")
        try Data(damaged).write(to: URL(fileURLWithPath: bad))
        let first = #expect(throws: ImageLoadError.self) { try loader.checkPixels(path: bad) }
        let second = #expect(throws: ImageLoadError.self) { _ = try loader.load(path: bad) }
        #expect("\(first!)" == "\(second!)")
        let kept = try #require(StructureMemo.kept(damaged, format: "PNG", width: 40, height: 30))
        #expect(kept.map { "\(first!)".contains($0.reason) } == true)
    }
}
