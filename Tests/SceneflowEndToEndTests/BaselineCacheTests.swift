import Foundation
import SceneflowCore
import Testing

@testable import SceneflowRunner

/// Issue 19 item 2: decoded screenshot baselines are kept for the run, reused only while the
/// file is unchanged, and within a byte budget.
@Suite struct BaselineCacheTests {
    /// The first pixel of `image` as (r, g, b, a).
    static func first(_ image: RGBAImage) -> [UInt8] { Array(image.pixels[0..<4]) }

    @Test func anUnchangedBaselineIsDecodedOnce() throws {
        let tmp = try TempFolder()
        let path = try tmp.write("a.png", PNGWriter.solid(width: 36, height: 80, rgb: (10, 20, 30)))
        let cache = BaselineCache()
        for round in 1...5 {
            let image = try cache.image(at: path)
            #expect(image.width == 36 && image.height == 80)
            #expect(Self.first(image) == [10, 20, 30, 255], "round \(round)")
        }
        #expect(cache.decodes == 1)
        #expect(cache.bytes == 36 * 80 * 4)
    }

    /// Every way a baseline file can change (rewritten in place with the same size, replaced
    /// by a rename as `--update-baselines` does, rewritten with its old modification time put
    /// back) makes the next lookup decode the new pixels.
    @Test(arguments: ["in place", "renamed over", "old time restored"])
    func aChangedBaselineIsDecodedAgain(_ how: String) throws {
        let tmp = try TempFolder()
        let path = try tmp.write("a.png", PNGWriter.solid(width: 36, height: 80, rgb: (10, 20, 30)))
        let cache = BaselineCache()
        #expect(Self.first(try cache.image(at: path)) == [10, 20, 30, 255])
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        let changed = PNGWriter.solid(width: 36, height: 80, rgb: (200, 100, 50))
        switch how {
        case "in place":
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.write(contentsOf: changed)
            try handle.truncate(atOffset: UInt64(changed.count))
            try handle.close()
        case "renamed over":
            let other = try tmp.write("b.png", changed)
            _ = rename(other, path)
        default:
            try changed.write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.modificationDate: before as Any], ofItemAtPath: path)
        }
        #expect(Self.first(try cache.image(at: path)) == [200, 100, 50, 255], "\(how)")
        #expect(cache.decodes == 2)
        #expect(Self.first(try cache.image(at: path)) == [200, 100, 50, 255])
        #expect(cache.decodes == 2)
    }

    @Test func theCacheStaysWithinItsBudgetDroppingTheLeastRecentlyUsed() throws {
        let tmp = try TempFolder()
        let size = 36 * 80 * 4
        let paths = try (1...4).map {
            try tmp.write("\($0).png", PNGWriter.solid(width: 36, height: 80, rgb: (UInt8($0), 0, 0)))
        }
        let cache = BaselineCache(byteBudget: size * 5 / 2)
        for path in paths {
            _ = try cache.image(at: path)
            #expect(cache.bytes <= cache.byteBudget)
        }
        #expect(cache.decodes == 4)
        _ = try cache.image(at: paths[3])  // kept: the most recent
        #expect(cache.decodes == 4)
        #expect(Self.first(try cache.image(at: paths[0])) == [1, 0, 0, 255])  // dropped: decoded again
        #expect(cache.decodes == 5)
        let tiny = BaselineCache(byteBudget: size - 1)  // an image over the budget is not kept
        _ = try tiny.image(at: paths[0])
        _ = try tiny.image(at: paths[0])
        #expect(tiny.decodes == 2 && tiny.bytes == 0)
    }

    @Test func aMissingOrBrokenBaselineStillFailsAsBefore() throws {
        let tmp = try TempFolder()
        let cache = BaselineCache()
        #expect(throws: (any Error).self) { try cache.image(at: tmp.file("none.png")) }
        let broken = try tmp.write("broken.png", Data("not a png".utf8))
        #expect(throws: (any Error).self) { try cache.image(at: broken) }
        #expect(throws: (any Error).self) { try cache.image(at: broken) }
    }

    /// Through the test runner: a baseline checked by many `expect.screenshot` calls in several
    /// tests and files of one run is decoded once; the results are those of a cold run.
    @Test func aRunDecodesEachUnchangedBaselineOnce() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let script = """
            prototype "Proto"
            test("one", function()
              for i = 1, 3 do expect.screenshot "home" end
            end)
            test("two", function()
              expect.screenshot "home"
              tap "Open"
              expect.screenshot "detail"
              tap "Back"
              expect.screenshot "home"
            end)

            """
        try tmp.write("s.lua", script)
        let record = HeadlessTestRunner(options: .init(baselineMode: .missing)).run(script: tmp.file("s.lua"))
        #expect(record.outcomes.map(\.verdict) == [.recorded, .recorded], "\(record.outcomes)")
        let runner = HeadlessTestRunner(options: .init(baselineMode: .never))
        let first = runner.run(script: tmp.file("s.lua"))
        #expect(first.outcomes.map(\.verdict) == [.passed, .passed], "\(first.outcomes)")
        #expect(runner.baselines.decodes == 2)
        let again = runner.run(script: tmp.file("s.lua"))
        #expect(again.outcomes.map(\.verdict) == [.passed, .passed])
        #expect(runner.baselines.decodes == 2)
        // The designer's screenshot changes: the same runner now sees the new baseline.
        try tmp.write("__screenshots__/s/home.png", PNGWriter.solid(width: 36, height: 80, rgb: (1, 2, 3)))
        let changed = runner.run(script: tmp.file("s.lua"))
        #expect(changed.outcomes.map(\.verdict) == [.failed, .failed], "\(changed.outcomes)")
        #expect(runner.baselines.decodes == 3)
    }
}
