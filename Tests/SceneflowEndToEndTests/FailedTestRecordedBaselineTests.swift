import Foundation
import Testing

/// Red-team 43 B G6: a test that recorded a missing baseline and then failed (`expect.screenshot
/// "n"; expect.scene "other"`) showed only its failure on the console and in TAP; the new,
/// unreviewed baseline was named in the JSON report and JUnit's system-out alone. Every report
/// names it under the failing test, as under a REC test.
@Suite struct FailedTestRecordedBaselineTests {
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "a.lua",
            "prototype \"Proto\"\ntest(\"t\", function() expect.screenshot \"n\"; expect.tree \"m\"; expect.scene \"detail\" end)\n"
        )
        return tmp
    }

    @Test(arguments: ["1", "2"])
    func theConsoleNamesTheBaselinesAFailingTestRecorded(_ jobs: String) throws {
        let tmp = try Self.suite()
        let r = try Sceneflow.run(["test", "a.lua", "--update-baselines", "missing", "--jobs", jobs], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        let block = r.stdout.components(separatedBy: "FAIL  t").dropFirst().first ?? ""
        #expect(block.contains("recorded, though the test failed (review it): baseline written to"), "\(r.stdout)")
        #expect(block.contains("__screenshots__/a/n.png"), "\(r.stdout)")
        #expect(block.contains("__screenshots__/a/m.tree.txt"), "\(r.stdout)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("__screenshots__/a/n.png")))
    }

    @Test func tapNamesThemInTheFailingTestsYAMLBlock() throws {
        let tmp = try Self.suite()
        let r = try Sceneflow.run(["test", "a.lua", "--update-baselines", "missing", "--tap"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("not ok 1 - a.lua: t"), "\(r.stdout)")
        #expect(
            r.stdout.contains(
                "  recorded_baselines:\n    - \"./__screenshots__/a/n.png\"\n    - \"./__screenshots__/a/m.tree.txt\""),
            "\(r.stdout)")
    }
}
