import Foundation
import Testing

/// Soft expectations and `step(name, fn)` through the binary (issue 20): every report
/// (console, JUnit, TAP, JSON, HTML) lists each soft failure with its line and names the steps
/// a test failed in; nested steps nest.
@Suite struct ScriptAPIReportTests {
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "suite/soft.lua",
            """
            prototype "../Proto"
            test("checks softly", function()
              expect.soft.scene("detail", {timeout = 0})
              tap "Open"
              expect.soft(#history()).to_be(5)
            end)
            test("fails in a step", function()
              step("open the detail", function()
                tap "Open"
                step("check", function() expect.scene("home", {timeout = 0}) end)
              end)
            end)

            """)
        return tmp
    }

    static let softLines = [
        "2 soft expectations failed:",
        "  line 3: expect.scene(\"detail\"): expected scene \"detail\" but the current scene is \"home\"",
        "  line 5: expected 2 to be 5",
    ]

    @Test func consoleListsSoftFailuresAndTheFailedSteps() throws {
        let tmp = try Self.suite()
        let r = try Sceneflow.run(["test", tmp.file("suite")])
        #expect(r.status == 1, "\(r)")
        let soft = tmp.file("suite/soft.lua") + ":3: " + Self.softLines.joined(separator: "\n        ")
        #expect(r.stdout.contains("  FAIL  checks softly  ("), "\(r)")
        #expect(r.stdout.contains("\n        " + soft + "\n"), "\(r)")
        #expect(r.stdout.contains("\n        in step \"open the detail\" › \"check\"\n"), "\(r)")
    }

    @Test func everyReportFileListsThemToo() throws {
        let tmp = try Self.suite()
        let report = tmp.file("report")
        let r = try Sceneflow.run(["test", tmp.file("suite"), "--report", report])
        #expect(r.status == 1, "\(r)")
        let softText = Self.softLines.joined(separator: "\n")

        let data = try Data(contentsOf: URL(fileURLWithPath: report + "/results.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let outcomes = try #require((json["files"] as? [[String: Any]])?.first?["outcomes"] as? [[String: Any]])
        let failure = try #require(outcomes[0]["failure"] as? [String: Any])
        #expect(failure["message"] as? String == softText)
        #expect(failure["line"] as? Int == 3)
        let steps = try #require(outcomes[1]["steps"] as? [[String: Any]])
        #expect(steps.map { $0["depth"] as? Int } == [0, 1, 1, 2])
        #expect(steps.map { $0["group"] as? String } == ["open the detail", nil, "check", nil])

        let junit = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("line 5: expected 2 to be 5"), "\(junit)")
        #expect(junit.contains("(in step &quot;open the detail&quot; › &quot;check&quot;)"), "\(junit)")
        #expect(junit.contains("s     expect.scene(&quot;home&quot;, {timeout = 0}) (line 10)"), "\(junit)")
        try ReportTests.validate(report + "/junit.xml")

        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        #expect(html.contains("line 5: expected 2 to be 5"))
        #expect(html.contains("in step &quot;open the detail&quot; › &quot;check&quot;"))
        #expect(html.contains("style=\"padding-left:46px\"><code>expect.scene("))

        let tap = try Sceneflow.run(["test", tmp.file("suite"), "--tap"])
        #expect(
            tap.outputLines.contains(
                "  message: \"\(softText.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n"))\""
            ), "\(tap)")
        #expect(tap.outputLines.contains("  failed_in_steps:"), "\(tap)")
        #expect(tap.outputLines.contains("    - \"open the detail\""), "\(tap)")
        #expect(tap.outputLines.contains("    - \"check\""), "\(tap)")
    }

    @Test func aFailureInAHelperNamesItsLineWithATracebackInConsoleAndReports() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "suite/lib/flows.lua",
            "local M = {}\nfunction M.open_detail()\n  expect.scene(\"detail\", {timeout = 0})\nend\nreturn M\n")
        try tmp.write(
            "suite/walk.lua",
            "prototype \"../Proto\"\nlocal flows = require \"lib.flows\"\ntest(\"t\", function()\n  flows.open_detail()\nend)\n"
        )
        let report = tmp.file("report")
        let r = try Sceneflow.run(["test", tmp.file("suite/walk.lua"), "--report", report])
        #expect(r.status == 1, "\(r)")
        // The traceback names files as the failure's place does: from the working directory.
        let trace =
            "    at \(tmp.file("suite/lib/flows.lua")):3 (in open_detail)\n            at \(tmp.file("suite/walk.lua")):4"
        #expect(
            r.stdout.contains(
                "\n        \(tmp.file("suite/lib/flows.lua")):3: expect.scene(\"detail\"): expected scene \"detail\" but the current scene is \"home\"\n        \(trace)"
            ), "\(r)")
        let junit = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("lib/flows.lua:3: expect.scene(&quot;detail&quot;)"), "\(junit)")
        #expect(junit.contains("at \(tmp.file("suite/walk.lua")):4"), "\(junit)")
    }
}
