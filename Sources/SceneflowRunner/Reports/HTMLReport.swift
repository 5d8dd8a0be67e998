import Foundation
import SceneflowCore

/// `index.html` of a `--report` folder: one static page (inline CSS, no JavaScript, no network)
/// with the run summary, and per test its verdict, times, warnings, failure, steps, captured
/// frames, screenshot failures as expected / actual / diff side by side, and the element tree
/// at the failure. Reports name files as paths from the working directory; the page links them
/// relative to the report folder it lies in. Every test and file has its own id (`test-F-T-slug`,
/// `file-F-id`, numbered by position), so tests whose names differ only in punctuation or case
/// ("a b", "a_b", "a-b") never share an anchor.
public enum HTMLReport {
    /// The page for `results`; `reportFolder` is read for the element trees of failures.
    /// `runFailure` (`JSONReport.runFailure`) is shown under the closing line, in red, and
    /// named in the title. `writtenBy` is the command named in the footer (`test --report`,
    /// `merge-reports --report`).
    public static func html(
        _ results: [ScriptFileResult], reportFolder: String, startedAt: Date, runFailure: String? = nil,
        writtenBy: String = "test --report"
    ) -> String {
        let summary = RunSummary(results)
        let wall = results.compactMap(\.wallSeconds).reduce(0, +)
        let failure = runFailure.map { "<p class=\"run-failure\">The run failed: \(e($0))</p>\n" } ?? ""
        var h = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Sceneflow test report — \(e(JSONReport.line(summary, runFailure: runFailure)))</title>
            <style>\(css)</style></head><body>
            <header><h1>Sceneflow test report</h1>
            <p class="line">\(e(summary.line))</p>
            \(failure)
            <ul class="counts">
            \(badge("passed", summary.passed - summary.warned))\(badge("warned", summary.warned, "passed with warnings"))\(badge("failed", summary.failed))\(badge("recorded", summary.recorded))\(badge("skipped", summary.skipped))\(badge("interrupted", summary.interrupted))\(badge("skipped", summary.notRun, summary.notRun == 1 ? "file not run" : "files not run"))
            </ul>
            <p class="meta">Started \(e(ISO8601DateFormatter().string(from: startedAt))) · \(counted(results.count, "script file")) · \(String(format: "%.2f", wall)) s of real time</p>
            </header><main>
            """
        let failing = results.enumerated().flatMap { f, result in
            result.outcomes.enumerated().filter { $0.element.verdict == .failed || $0.element.verdict == .interrupted }
                .map { (anchor(file: f, test: $0.offset, $0.element), $0.element) }
        }
        let broken = results.enumerated().filter { !$0.element.loadProblems.isEmpty }
        if !failing.isEmpty || !broken.isEmpty {
            h += "<nav class=\"failures\"><h2>Failures first</h2><ul>"
            for (index, result) in broken {
                h +=
                    "<li><a href=\"#\(e(anchor(file: index, result.file)))\">\(field(result.file))</a>: could not load</li>"
            }
            for (id, outcome) in failing {
                h +=
                    "<li><a href=\"#\(e(id))\">\(field(outcome.name))</a> <span class=\"where\">\(e(outcome.file))</span></li>"
            }
            h += "</ul></nav>"
        }
        for (index, result) in results.enumerated() { h += file(result, index: index, reportFolder: reportFolder) }
        h +=
            "</main><footer>Written by sceneflow \(SceneflowVersion.current) \(e(writtenBy)). Times: real (wall-clock) and clock (the virtual 60 Hz clock the tests run on).</footer></body></html>\n"
        return h
    }

    private static func badge(_ kind: String, _ count: Int, _ label: String? = nil) -> String {
        guard count > 0 || kind == "passed" || kind == "failed" else { return "" }
        return "<li class=\"badge \(kind)\"><b>\(count)</b> \(e(label ?? kind))</li>"
    }

    private static func file(_ result: ScriptFileResult, index: Int, reportFolder: String) -> String {
        var h = "<section class=\"file\" id=\"\(e(anchor(file: index, result.file)))\"><h2>\(field(result.file))</h2>"
        if let notRun = result.notRunText {
            let kind = result.notRunFails ? "failed" : "skipped"
            h +=
                "<div class=\"test \(kind)\"><div class=\"head\"><span class=\"verdict \(kind)\">\(e(notRun))</span></div></div>"
        }
        for problem in result.loadProblems {
            h +=
                "<div class=\"test failed\"><div class=\"head\"><span class=\"verdict failed\">could not load</span></div>"
            h += "<pre class=\"failure\">\(e(problem.description))</pre></div>"
        }
        for (number, outcome) in result.outcomes.enumerated() {
            h += test(outcome, id: anchor(file: index, test: number, outcome), reportFolder: reportFolder)
        }
        return h + "</section>"
    }

    private static func test(_ outcome: TestOutcome, id: String, reportFolder: String) -> String {
        let kind = cssClass(outcome.verdict)
        var h = "<article class=\"test \(kind)\" id=\"\(e(id))\"><div class=\"head\">"
        h += "<span class=\"verdict \(kind)\">\(e(outcome.verdict.rawValue))</span> <h3>\(field(outcome.name))</h3>"
        let real = outcome.wallSeconds.map(duration) ?? "time unknown"
        if outcome.verdict == .skipped {
            h += "<span class=\"time\">not run · line \(outcome.line)</span></div>"
        } else {
            h +=
                "<span class=\"time\">\(real) · \(formatNumber(outcome.clockSeconds, decimals: 2)) s clock · \(counted(outcome.frames, "frame")) · line \(outcome.line)</span></div>"
        }
        if let reason = outcome.skipReason { h += "<p class=\"skip\">\(field(reason))</p>" }
        if let failure = outcome.failure {
            h += "<pre class=\"failure\">\(e(failure.description))"
            if let steps = outcome.failedStepsText { h += "\n" + e(steps) }
            h += "</pre>"
        }
        let warnings = outcome.warnings
        if !warnings.isEmpty {
            h += "<ul class=\"warnings\">"
            for w in warnings {
                h +=
                    "<li>⚠ \(field(w.message))<span class=\"where\">\(w.line.map { "line \($0), " } ?? "")\(formatNumber(w.clockTime, decimals: 3)) s</span></li>"
            }
            h += "</ul>"
        }
        h += visuals(outcome, reportFolder: reportFolder)
        if let video = outcome.video {
            let src = e(ReportPath.link(video, from: reportFolder))
            h +=
                "<div class=\"thumbs\"><figure class=\"video\"><video src=\"\(src)\" controls muted preload=\"metadata\"></video><figcaption><a href=\"\(src)\">video of the test</a> (real time)</figcaption></figure></div>"
        }
        if let frame = outcome.artifacts.first(where: { $0.hasSuffix("frame.png") }) {
            let src = e(ReportPath.link(frame, from: reportFolder))
            h +=
                "<div class=\"atfailure\"><figure><a href=\"\(src)\"><img src=\"\(src)\" alt=\"frame at the failure\"></a><figcaption>frame at the failure</figcaption></figure>"
            if let tree = outcome.artifacts.first(where: { $0.hasSuffix("elements.txt") }),
                let text = try? String(contentsOfFile: tree, encoding: .utf8)
            {
                h += "<div><h4>Element tree at the failure</h4><pre class=\"tree\">\(e(text))</pre>"
                if let timeline = outcome.artifacts.first(where: { $0.hasSuffix("timeline.txt") }) {
                    h +=
                        "<p><a href=\"\(e(ReportPath.link(timeline, from: reportFolder)))\">last 50 timeline events</a></p>"
                }
                h += "</div>"
            }
            h += "</div>"
        }
        if !outcome.steps.isEmpty {
            h +=
                "<details\(outcome.verdict == .failed ? " open" : "")><summary>\(counted(outcome.steps.count, "step"))</summary><table class=\"steps\"><tr><th>clock</th><th>call</th><th>line</th><th>real</th><th></th></tr>"
            for step in outcome.steps {
                h +=
                    "<tr class=\"\(step.passed ? "ok" : "bad")\"><td>\(formatNumber(step.clockStart, decimals: 3)) s</td><td\(step.depth > 0 ? " style=\"padding-left:\(10 + 18 * StepIndent.levels(step.depth))px\"" : "")>\(e(StepIndent.mark(step.depth)))<code>\(e(step.call))</code></td>"
                h +=
                    "<td>\(step.line.map(String.init) ?? "")</td><td>\(step.wallSeconds.map { String(format: "%.2f ms", $0 * 1000) } ?? "—")</td><td>\(step.passed ? "✓" : "✗")</td></tr>"
            }
            h += "</table></details>"
        }
        let messages = outcome.log.filter { $0.level != .warning }
        if !messages.isEmpty {
            h += "<details><summary>\(counted(messages.count, "log entry", "log entries"))</summary><pre class=\"log\">"
            for m in messages {
                h += e("\(formatNumber(m.clockTime, decimals: 3)) s [\(m.level.rawValue)] \(m.message)") + "\n"
            }
            h += "</pre></details>"
        }
        return h + "</article>"
    }

    private static func visuals(_ outcome: TestOutcome, reportFolder: String) -> String {
        var h = ""
        let captures = outcome.visuals.filter { $0.kind == "capture" && $0.files["image"] != nil }
        if !captures.isEmpty {
            h += "<div class=\"thumbs\">"
            for c in captures {
                let src = e(ReportPath.link(c.files["image"]!, from: reportFolder))
                h +=
                    "<figure><a href=\"\(src)\"><img src=\"\(src)\" alt=\"\(e(c.name))\"></a><figcaption>\(field(c.name))</figcaption></figure>"
            }
            h += "</div>"
        }
        for v in outcome.visuals where v.kind != "capture" && v.status != "passed" {
            let shown = outcome.failure?.message.contains(v.message) == true
            h += "<div class=\"visual \(v.status)\"><h4>\(e(v.kind)) “\(field(v.name))” — \(e(v.status))</h4>"
            if !shown { h += "<p>\(e(v.message))</p>" }
            let panes = [("expected", "expected (baseline)"), ("actual", "actual"), ("diff", "diff")].filter {
                v.files[$0.0] != nil
            }
            if !panes.isEmpty {
                h += "<div class=\"panes\">"
                for (key, label) in panes {
                    let src = e(ReportPath.link(v.files[key]!, from: reportFolder))
                    h +=
                        "<figure><a href=\"\(src)\"><img src=\"\(src)\" alt=\"\(label)\"></a><figcaption>\(label)</figcaption></figure>"
                }
                h += "</div>"
            }
            h += "</div>"
        }
        return h
    }

    private static func cssClass(_ verdict: TestOutcome.Verdict) -> String {
        switch verdict {
        case .passed: return "passed"
        case .warned: return "warned"
        case .failed: return "failed"
        case .skipped: return "skipped"
        case .interrupted: return "interrupted"
        case .recorded: return "recorded"
        }
    }

    /// `12.3 ms`, `2.33 s`: as the console writes durations.
    private static func duration(_ seconds: Double) -> String {
        seconds < 1 ? String(format: "%.1f ms", seconds * 1000) : String(format: "%.2f s", seconds)
    }

    /// `file-2-scripts-login`: file number `index` (0-based) of the run, then its id.
    private static func anchor(file index: Int, _ file: String) -> String {
        "file-\(index + 1)-" + FailureArtifacts.slug(HeadlessTestRunner.scriptID(file))
    }

    /// `test-2-5-opens_settings`: test number `test` of file number `file` (both 0-based), then
    /// the name's slug; the numbers keep it unique, the slug keeps it readable.
    private static func anchor(file: Int, test: Int, _ outcome: TestOutcome) -> String {
        "test-\(file + 1)-\(test + 1)-" + FailureArtifacts.slug(outcome.name)
    }

    /// HTML escaping for text and attribute values.
    /// `text` escaped for HTML, with control characters (other than tab and line breaks) shown
    /// as their Unicode control pictures (NUL as ␀, ESC as ␛): they are parse errors in HTML,
    /// and a test name or log line holding them put raw NUL and ESC bytes into the report
    /// (red-team finding), while the console, JUnit and TAP escaped them. A bidirectional
    /// override or isolate is shown as the console shows it (`\u{202E}`): raw, one in a test
    /// name reversed the rest of its line, the file name beside it included (red-team finding
    /// p4, the "Trojan Source" characters).
    static func e(_ text: String) -> String { XMLText.escape(XMLText.shownInHTML(text)) }

    /// A one-line field (a test or file name, a capture's, a skip reason, a warning) as the
    /// console shows it (`TerminalText.oneLine`): a line break or tab in it is written `\n`,
    /// `\t`, where HTML would fold it into a space and `"a\nb"` would read as `"a b"`.
    static func field(_ text: String) -> String { e(TerminalText.oneLine(text)) }

    private static let css = """
        body{font:14px/1.45 system-ui,-apple-system,"DejaVu Sans",sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
        header{background:#1d2330;color:#fff;padding:18px 28px}h1{margin:0 0 4px;font-size:22px}
        .line{font-size:17px;margin:2px 0 10px}
        .run-failure{background:#b3261e;color:#fff;border-radius:6px;padding:6px 10px;margin:4px 0 10px;font-weight:600}.meta{color:#aab;margin:8px 0 0;font-size:13px}
        .counts{list-style:none;padding:0;margin:0;display:flex;gap:8px;flex-wrap:wrap}
        .badge{padding:3px 10px;border-radius:12px;font-size:13px;background:#3a4254}
        .badge.passed{background:#1f7a3f}.badge.failed{background:#b3261e}.badge.warned{background:#b26a00}
        .badge.recorded{background:#2b5fb3}.badge.skipped{background:#5b6270}.badge.interrupted{background:#7b3fb3}
        main{padding:18px 28px;max-width:1200px}section.file{margin-bottom:26px}
        h2{font-size:15px;font-family:"DejaVu Sans Mono",monospace;margin:0 0 8px;color:#444}
        .test{background:#fff;border-radius:8px;margin:8px 0;padding:10px 14px;border-left:6px solid #1f7a3f;box-shadow:0 1px 2px #0001}
        .test.failed{border-color:#b3261e}.test.warned{border-color:#b26a00}.test.recorded{border-color:#2b5fb3}
        .test.skipped{border-color:#9aa0aa}.test.interrupted{border-color:#7b3fb3}
        .head{display:flex;align-items:baseline;gap:10px;flex-wrap:wrap}h3{margin:0;font-size:15px}
        .verdict{font-size:12px;text-transform:uppercase;font-weight:700;color:#fff;padding:1px 8px;border-radius:4px;background:#1f7a3f}
        .verdict.failed{background:#b3261e}.verdict.warned{background:#b26a00}.verdict.recorded{background:#2b5fb3}
        .verdict.skipped{background:#9aa0aa}.verdict.interrupted{background:#7b3fb3}
        .time{color:#667;font-size:12px;margin-left:auto}
        pre{background:#f7f7f9;border:1px solid #e3e5ea;border-radius:6px;padding:8px 10px;overflow-x:auto;white-space:pre-wrap;font:12px/1.4 "DejaVu Sans Mono",monospace}
        pre.failure{background:#fff3f2;border-color:#f1c4c0;color:#7a1712}
        .warnings{margin:6px 0;padding-left:0;list-style:none;color:#8a5200}.where{color:#998;font-size:12px;margin-left:8px}
        .skip{color:#667;margin:4px 0}
        .panes,.thumbs,.atfailure{display:flex;gap:12px;flex-wrap:wrap;align-items:flex-start;margin:8px 0}
        figure{margin:0;text-align:center}figure img{width:180px;border:1px solid #d5d8de;border-radius:4px;background:#fff;display:block}
        figure.video video{width:240px;border:1px solid #d5d8de;border-radius:4px;background:#000;display:block}
        .panes figure img{width:240px}figcaption{font-size:12px;color:#556;margin-top:3px}
        .visual h4,.atfailure h4{margin:8px 0 2px;font-size:13px}.visual p{margin:2px 0 6px;color:#7a1712}
        .visual.recorded p{color:#2b5fb3}
        .tree{max-width:600px}table.steps{border-collapse:collapse;font-size:12px;margin:6px 0}
        .steps td,.steps th{padding:2px 10px;border-bottom:1px solid #eceef2;text-align:left}
        .steps tr.bad td{color:#b3261e;font-weight:600}code{font:12px "DejaVu Sans Mono",monospace}
        summary{cursor:pointer;color:#445;font-size:13px;margin-top:4px}
        footer{color:#889;font-size:12px;padding:10px 28px 30px}
        nav.failures{background:#fff3f2;border:1px solid #f1c4c0;border-radius:8px;padding:8px 16px;margin-bottom:18px}
        nav.failures h2{color:#7a1712;font-family:inherit;margin:4px 0}nav.failures ul{margin:4px 0;padding-left:18px}
        nav.failures a{color:#b3261e;font-weight:600}
        """
}
