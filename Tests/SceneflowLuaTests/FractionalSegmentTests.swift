import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Segments written with fractional points: `2.52 + 0.18 + 0.18` is `2.8800000000000003` in
/// doubles, so an exact comparison refused a segment ending on its control's edge, or made two
/// touching segments overlap. Frames are compared with a tolerance of 1/1000 point.
@Suite struct FractionalSegmentTests {
    static func prototype(_ segments: String, frame: String = "{ 2.52, 0, 0.36, 1 }") -> String {
        """
        return { device = { width = 36, height = 80, scale = 1 }, start = "home",
          scenes = { home = { image = "home.png", elements = {
            { label = "S", control = "segmented", frame = \(frame),
              states = { A = "home.png", B = "detail.png" }, segments = { \(segments) } } } } } }
        """
    }

    @Test func segmentsEndingOnTheFrameOrTouchingLoad() throws {
        for (start, step) in [(2.52, 0.18), (0.1, 0.2), (1.7, 0.3), (10.01, 0.07)] {
            let frame = "{ \(start), 0, \(step * 2), 1 }"
            let segments = "A = { \(start), 0, \(step), 1 }, B = { \(start + step), 0, \(step), 1 }"
            let folder = TestFolders.prototype(Self.prototype(segments, frame: frame))
            #expect(throws: Never.self, "\(segments) in \(frame)") { try PrototypeLoader.load(directory: folder) }
        }
    }

    @Test func aSegmentPastTheFrameOrIntoAnotherIsStillRefused() {
        let outside = TestFolders.lines(Self.prototype("A = { 2.52, 0, 0.18, 1 }, B = { 2.7, 0, 0.19, 1 }"))
        #expect(outside.contains { $0.contains("segments.B: segment") && $0.contains("is not inside") }, "\(outside)")
        let overlap = TestFolders.lines(Self.prototype("A = { 2.52, 0, 0.19, 1 }, B = { 2.7, 0, 0.18, 1 }"))
        #expect(overlap.contains { $0.contains("overlaps segment") }, "\(overlap)")
    }
}
