import Foundation
import Testing

/// Red-team 51 A F3: `check` printed every warning: 5 000 labels repeated on one screen gave
/// 5.8 MB of output, while errors stop at 100. Warnings stop at 200, then say how many
/// more there are; the closing line counts them all.
@Suite struct CheckWarningCapTests {
    @Test func warningsPastAHundredAreCounted() throws {
        let tmp = try TempFolder()
        var elements = ""
        for index in 0..<260 { elements += "{ label = \"Same\", frame = { 2, \(index % 60), 30, 20 } },\n" }
        let scenes = TempFolder.twoScenes.replacingOccurrences(
            of: "{ label = \"Open\", frame = { 2, 10, 30, 20 }, on_tap = go(\"detail\", \"push_left\", 0.3) },",
            with: elements
                + "{ label = \"Open\", frame = { 2, 10, 30, 20 }, on_tap = go(\"detail\", \"push_left\", 0.3) },")
        try tmp.prototype(scenes: scenes)
        let r = try Sceneflow.run(["check", "Proto"], in: tmp.url, timeout: 60)
        #expect(r.status == 0, "\(r)")
        let warnings = r.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings.count == 200, "\(warnings.count)")
        let total = try #require(r.stdout.split(separator: "\n").last { $0.contains(" warnings") }, "\(r.stdout)")
        let counted = Int(total.split(separator: " ").dropLast().last ?? "") ?? 0
        #expect(counted > 200, "\(total)")
        #expect(r.stdout.contains("\(counted - 200) more warnings not shown"), "\(r.stdout.suffix(400))")
    }
}
