import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// The HTML report shows a bidirectional override or isolate in any text from a script or a
/// file name escaped, as the console does (`\u{202E}`): raw, `rtl \u{202E}LIAF ssap` in the
/// "Failures first" list reversed the rest of the line, the file name included (red-team
/// finding p4, the "Trojan Source" characters).
@Suite struct HTMLBidiTextTests {
    static let controls: [Unicode.Scalar] =
        (0x202A...0x202E).map { Unicode.Scalar($0)! }
        + (0x2066...0x2069).map { Unicode.Scalar($0)! }

    @Test(arguments: controls)
    func everyTextOfTheReportShowsTheControlEscaped(control: Unicode.Scalar) throws {
        let c = String(control)
        let text = "rtl \(c)LIAF ssap"
        let file = "s/\(c)bad.lua"
        var failed = TestOutcome(
            name: text, file: file, line: 3, verdict: .failed,
            failure: Diagnostic(file: file, line: 3, message: "message \(text)"),
            log: [
                TestLogEntry(level: .message, clockTime: 0, line: 4, message: "log \(text)"),
                TestLogEntry(level: .warning, clockTime: 0, line: 5, message: "warn \(text)"),
            ],
            steps: [
                TestStepRecord(call: "tap(\"\(text)\")", line: 6, clockStart: 0, passed: false, group: "group \(text)")
            ]
        )
        failed.wallSeconds = 0.1
        let skipped = TestOutcome(
            name: "skip \(text)", file: file, line: 9, verdict: .skipped, skipReason: "why \(text)")
        let results = [
            ScriptFileResult(file: file, outcomes: [failed, skipped]),
            ScriptFileResult(file: "s/\(c)load.lua", loadProblems: [Diagnostic(file: "s/\(c)load.lua", message: text)]),
        ]
        let html = HTMLReport.html(results, reportFolder: NSTemporaryDirectory(), startedAt: Date())
        #expect(!html.unicodeScalars.contains(control), "a raw U+\(String(control.value, radix: 16, uppercase: true))")
        let escaped = "\\u{\(String(control.value, radix: 16, uppercase: true))}"
        for shown in ["rtl \(escaped)LIAF ssap", "s/\(escaped)bad.lua", "s/\(escaped)load.lua"] {
            #expect(html.contains(shown), "\(shown) is not shown")
        }
    }
}

/// A one-line field of the HTML report (test and file names, skip reasons, warnings) shows a
/// line break or tab as the console does (`a\nb\tc`): HTML folds them into a space, so a test
/// named "a\nb" read as "a b" in its heading and in "Failures first". Failure messages keep
/// their lines (`<pre>`).
@Suite struct HTMLOneLineFieldTests {
    @Test(arguments: ["\n", "\t", "\r"])
    func lineBreaksAndTabsInNamesAreShownEscaped(_ control: String) throws {
        let shown = control == "\n" ? "\\n" : control == "\t" ? "\\t" : "\\r"
        let file = "s/a\(control)b.lua"
        var failed = TestOutcome(
            name: "a\(control)b", file: file, line: 3, verdict: .failed,
            failure: Diagnostic(file: file, line: 3, message: "first\nsecond"),
            log: [TestLogEntry(level: .warning, clockTime: 0, line: 4, message: "warn\(control)x")])
        failed.wallSeconds = 0.1
        let skipped = TestOutcome(
            name: "skip", file: file, line: 9, verdict: .skipped, skipReason: "why\(control)not")
        let html = HTMLReport.html(
            [ScriptFileResult(file: file, outcomes: [failed, skipped])], reportFolder: NSTemporaryDirectory(),
            startedAt: Date())
        #expect(html.contains("<h3>a\(shown)b</h3>"), "the heading")
        #expect(html.contains("\">a\(shown)b</a>"), "Failures first")
        #expect(html.contains("<h2>s/a\(shown)b.lua</h2>"), "the file")
        #expect(html.contains("why\(shown)not"), "the skip reason")
        #expect(html.contains("warn\(shown)x"), "the warning")
        #expect(html.contains("first\nsecond"), "a failure message keeps its lines")
    }
}

/// The TAP stream, read on a terminal by `prove`, holds no raw bidirectional override or
/// isolate either: a description shows it as a space, the YAML block as `\uHHHH` (PyYAML reads
/// the exact name back).
@Suite struct TAPBidiTextTests {
    @Test(arguments: HTMLBidiTextTests.controls)
    func theStreamHoldsNoRawControl(control: Unicode.Scalar) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "b.lua",
            "prototype \"Proto\"\ntest(\"rtl \(String(control))LIAF\", function() error(\"m \(String(control))x\") end)\n"
        )
        let r = try Sceneflow.run(["test", "b.lua", "--tap"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        #expect(!r.stdout.unicodeScalars.contains(control), "\(r.stdout)")
        let hex = String(control.value, radix: 16, uppercase: true)
        #expect(r.stdout.contains("not ok 1 - b.lua: rtl  LIAF"), "\(r.stdout)")
        #expect(r.stdout.contains("rtl \\u\(hex)LIAF"), "\(r.stdout)")
    }
}
