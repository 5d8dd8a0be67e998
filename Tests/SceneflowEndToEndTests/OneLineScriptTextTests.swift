import Foundation
import SceneflowRunner
import Testing

/// Text from a script that the console shows in a one-line field (a test name, a `skip()`
/// reason, a step name, a log or warning message) stays on its line: a line break or a tab in
/// it is written `\n`/`\t` as other control characters are written `\u{1B}`, in every console
/// mode (normal, `--verbose`, `--quiet`, `--jobs`, `--list`). A failure message may span lines
/// (soft failures, tracebacks): its lines stay indented under the verdict. The reports (JSON,
/// JUnit, TAP, HTML) keep every text exactly.
@Suite struct OneLineScriptTextTests {
    /// Each kind of one-line text, and how the console must show it.
    static let shown = [
        #"na\nme\tx"#, #"(a\nb\tc)"#, #"in step "s\nt\tu""#, #"log 0 s: m1\nm2\tm3"#, #"warning: w1\nw2\tw3"#,
    ]

    static func folder() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "n.lua",
            """
            prototype "Proto"
            skip("n3", function() end, "a\\nb\\tc")
            test("na\\nme\\tx", function()
              log.message("m1\\nm2\\tm3")
              log.warn("w1\\nw2\\tw3")
              step("s\\nt\\tu", function() error("boom\\nsecond line") end)
            end)
            test("w", function() log.warn("w1\\nw2\\tw3") end)

            """)
        return tmp
    }

    /// True when `line` is one the console writes: a file header, a verdict line, an indented
    /// line under it, or a closing line (none starts with a piece of a broken one-line field).
    static func isConsoleLine(_ line: Substring) -> Bool {
        line == "n.lua" || line.hasPrefix("  ") || line.hasPrefix("wrote ") || line.contains(" passed, ")
    }

    @Test(arguments: [["--verbose"], [], ["--quiet"], ["--jobs", "2"], ["--jobs", "2", "--verbose"]])
    func oneLineFieldsStayOnTheirLineOnTheConsole(_ mode: [String]) throws {
        let tmp = try Self.folder()
        let r = try Sceneflow.run(["test", "n.lua"] + mode, in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let lines = r.stdout.split(separator: "\n")
        for line in lines { #expect(Self.isConsoleLine(line), "\(mode): \(line)\n\(r.stdout)") }
        // The failure's second line is its own indented line, as the first.
        #expect(r.stdout.contains("n.lua:6: boom\n        second line"), "\(r.stdout)")
        #expect(!r.stdout.contains("\t"), "\(r.stdout)")
        for text in Self.shown {
            // --quiet shows failures only: no skipped or warned test's line.
            if mode == ["--quiet"] && (text.hasPrefix("(a") || text.hasPrefix("warning")) { continue }
            #expect(r.stdout.contains(text), "\(mode): \(text)\n\(r.stdout)")
        }
    }

    @Test func theListingShowsEachTestOnOneLine() throws {
        let tmp = try Self.folder()
        let r = try Sceneflow.run(["test", "n.lua", "--list"], in: tmp.url, timeout: 120)
        #expect(r.status == 0, "\(r)")
        #expect(
            r.stdout == #"""
                n.lua:2: n3  (skipped: a\nb\tc)
                n.lua:3: na\nme\tx
                n.lua:8: w
                Total: 3 tests in 1 file

                """#, "\(r)")
    }

    /// The reports hold the texts exactly.
    @Test func theReportsKeepTheTextsExactly() throws {
        let tmp = try Self.folder()
        let r = try Sceneflow.run(["test", "n.lua", "--report", "rep"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("rep/results.json")))
        let outcomes = report.files.first?.outcomes ?? []
        #expect(outcomes.map(\.name) == ["n3", "na\nme\tx", "w"])
        #expect(outcomes.first?.skipReason == "a\nb\tc")
        let failed = try #require(outcomes.dropFirst().first)
        #expect(failed.log.map(\.message) == ["m1\nm2\tm3", "w1\nw2\tw3"])
        #expect(failed.failedSteps == ["s\nt\tu"])
        #expect(failed.failure?.message == "boom\nsecond line")
        let junit = try String(contentsOf: tmp.url.appendingPathComponent("rep/junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"<testcase name="na&#10;me&#9;x""#), "\(junit)")
        #expect(junit.contains(#"<skipped message="a&#10;b&#9;c"/>"#), "\(junit)")
        let tap = try Sceneflow.run(["test", "n.lua", "--tap"], in: tmp.url, timeout: 120)
        for line in [#"skip_reason: "a\nb\tc""#, #"name: "na\nme\tx""#, #"- "s\nt\tu""#, #"message: "w1\nw2\tw3""#] {
            #expect(tap.stdout.contains(line), "\(line)\n\(tap.stdout)")
        }
        #expect(tap.stdout.contains("ok 1 - n.lua: n3 # SKIP a b c\n"), "\(tap.stdout)")
        let html = try String(contentsOf: tmp.url.appendingPathComponent("rep/index.html"), encoding: .utf8)
        // The page shows a name as the console does (a one-line field, HTMLOneLineFieldTests);
        // a log message keeps its lines.
        #expect(html.contains(#"<h3>na\nme\tx</h3>"#) && html.contains("m1\nm2\tm3"), "\(html)")
    }
}
