import Foundation
import Testing

/// Every console line that shows names from a prototype or a script escapes control
/// characters, tabs included in the one-line event logs of `play` and `record`, as the test
/// console does; and a test that records a baseline still shows its warnings.
@Suite struct ConsoleEscapeTests {
    /// A scene name is one line (PrototypeValidator+Text): one with a tab and an escape
    /// sequence is refused at its place, and the message shows neither raw.
    @Test func playRefusesTabsAndEscapesInSceneNamesWithoutPrintingThem() throws {
        let tmp = try TempFolder()
        try tmp.prototype(
            start: "home",
            scenes: """
                    home = { image = "home.png", after = 0.1, on_after = go("de\\ttail\\27[31m") },
                    ["de\\ttail\\27[31m"] = { image = "detail.png" },
                """)
        let run = try Sceneflow.run(["play", "Proto", "--quit-after", "1.5"], in: tmp.url, timeout: 60)
        #expect(run.status == 65, "\(run)")
        #expect(run.stderr.contains("must be one line of text"), "\(run)")
        #expect(!run.output.contains("\t") && !run.output.contains("\u{1B}"), "\(run)")
    }

    @Test func aTestThatRecordsABaselineStillShowsItsWarnings() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "rec.lua",
            "prototype \"Proto\"\ntest(\"records\", function()\n  log.warn(\"slow network\")\n  expect.tree \"home\"\nend)\n"
        )
        let run = try Sceneflow.run(["test", "rec.lua"], in: tmp.url, environment: ["CI": nil])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("  REC   records"), "\(run)")
        #expect(run.stdout.contains("rec.lua:3: warning: slow network"), "\(run)")
    }
}
