import Foundation
import Testing

/// A text baseline (`expect.tree "name"`) that is there but is not UTF-8 text is reported as
/// such, not as a missing baseline (which would tell the user to record one that exists).
@Suite struct TreeBaselineTextTests {
    @Test func aBaselineThatIsNotUTF8IsNamedSo() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"tree\", function() expect.tree \"treebin\" end)\n")
        try tmp.write("__screenshots__/t/treebin.tree.txt", Data([0x73, 0xFF, 0xFE, 0x0A]))
        let run = try Sceneflow.run(["test", "t.lua"], in: tmp.url, environment: ["CI": "1"])
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("treebin.tree.txt is not UTF-8 text (4 bytes)"), "\(run)")
        #expect(!run.stdout.contains("no text baseline"), "\(run)")
        // A missing one still says so.
        try FileManager.default.removeItem(atPath: tmp.file("__screenshots__/t/treebin.tree.txt"))
        let missing = try Sceneflow.run(["test", "t.lua"], in: tmp.url, environment: ["CI": "1"])
        #expect(missing.stdout.contains("no text baseline at"), "\(missing)")
    }
}
