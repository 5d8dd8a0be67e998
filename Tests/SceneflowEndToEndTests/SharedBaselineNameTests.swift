import Foundation
import SceneflowRunner
import Testing

/// Two checks of one file using one baseline name in the run that records it: the first to run
/// wrote it and the second was compared with it, so `--reverse` swapped the verdicts and
/// nothing said the name was shared (red-team finding m5). Now a baseline this run wrote is
/// only compared with: a check on the same screen is *recorded* too, whatever the order, and
/// one on another screen fails naming the test that recorded it, in either order.
@Suite struct SharedBaselineNameTests {
    /// A file whose tests `one` (on home) and `two` (on detail, another colour) check `what`
    /// named "x", and `three` (on home) too.
    static func suite(_ what: String) throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("Proto/detail.png", PNGWriter.solid(width: 36, height: 80, rgb: (200, 40, 40)))
        try tmp.write(
            "t.lua",
            """
            prototype "Proto"
            test("one", function() \(what) "x" end)
            test("two", function() tap "Open"; \(what) "x" end)
            test("three", function() \(what) "x" end)

            """)
        return tmp
    }

    @Test(arguments: ["expect.screenshot", "expect.tree"], [[String](), ["--reverse"], ["--jobs", "2"]])
    func aSharedNameIsComparedNeverRecordedTwice(_ what: String, _ mode: [String]) throws {
        let tmp = try Self.suite(what)
        let r = try Sceneflow.run(["test", "t.lua", "--json", "r.json"] + mode, in: tmp.url, environment: ["CI": ""])
        #expect(r.status == 1, "\(r)")
        let outcomes = try AfterAllVerdictTests.outcomes(tmp.file("r.json"))
        // Whichever of one/three runs first records; the other matches the same screen.
        #expect(
            outcomes["t.lua: one"] == "recorded: " && outcomes["t.lua: three"] == "recorded: ", "\(mode): \(outcomes)")
        let two = outcomes["t.lua: two"] ?? ""
        #expect(two.hasPrefix("failed: "), "\(mode): \(outcomes)")
        let writer = mode == ["--reverse"] ? "three" : "one"
        #expect(
            two.contains("was recorded in this run by the test \"\(writer)\"")
                && two.contains("give each screen its own name"), "\(mode): \(two)")
        // The next run compares all three with the one baseline, in any order.
        let again = try Sceneflow.run(["test", "t.lua", "--json", "r2.json", "--reverse"], in: tmp.url)
        #expect(again.status == 1, "\(again)")
        let next = try AfterAllVerdictTests.outcomes(tmp.file("r2.json"))
        #expect(next["t.lua: one"] == "passed: " && next["t.lua: three"] == "passed: ", "\(next)")
    }

    /// One test checking one name on two screens says the first check recorded it.
    @Test func oneTestCheckingANameTwiceSaysItRecordedIt() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("Proto/detail.png", PNGWriter.solid(width: 36, height: 80, rgb: (200, 40, 40)))
        try tmp.write(
            "c.lua",
            "prototype \"Proto\"\ntest(\"twice\", function() expect.screenshot \"same\"; tap \"Open\"; expect.screenshot(\"same\", {timeout = 0.1}) end)\n"
        )
        let r = try Sceneflow.run(["test", "c.lua"], in: tmp.url, environment: ["CI": ""])
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("was recorded in this run by an earlier check of this test"), "\(r.stdout)")
    }
}
