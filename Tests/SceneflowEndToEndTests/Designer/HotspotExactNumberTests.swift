import Foundation
import Testing

/// `sceneflow hotspot` writes the numbers it is given exactly, as the shortest text Lua reads
/// back as the same number: it wrote 6 significant digits, so `move --frame 1.0000001,…`
/// silently wrote 1, `add --frame 10.1234,…` was refused with a false "the file changes the
/// scene with code", and `--duration 1e-320` became 0 (red-team 16 B-F4). Generated: each
/// number in turn in each place of the frame, and as a duration.
@Suite struct HotspotExactNumberTests {
    static let numbers = ["1.0000001", "10.1234", "0.1234567", "123456.5", "2.5", "7"]

    @Test(arguments: numbers)
    func aFrameNumberIsWrittenAsGiven(_ number: String) throws {
        for place in 0..<4 {
            let tmp = try TempFolder()
            try tmp.prototype()
            var frame = ["2", "40", "10", "10"]
            frame[place] = number
            let r = try Sceneflow.run(
                ["hotspot", "add", "Proto", "home", "New", "--frame", frame.joined(separator: ",")], in: tmp.url)
            #expect(r.status == 0, "\(frame): \(r)")
            let source = try String(contentsOfFile: tmp.file("Proto/prototype.lua"), encoding: .utf8)
            #expect(source.contains("frame = { \(frame.joined(separator: ", ")) }"), "\(frame): \(source)")
        }
    }

    @Test(arguments: ["0.1234", "1e-320", "0.35"])
    func aDurationIsWrittenAsGiven(_ duration: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let r = try Sceneflow.run(
            [
                "hotspot", "add", "Proto", "home", "New", "--frame", "2,40,10,10", "--go", "detail", "--transition",
                "crossfade", "--duration", duration,
            ], in: tmp.url)
        #expect(r.status == 0, "\(duration): \(r)")
        let source = try String(contentsOfFile: tmp.file("Proto/prototype.lua"), encoding: .utf8)
        #expect(source.contains("go(\"detail\", \"crossfade\", \(duration))"), "\(duration): \(source)")
    }
}
