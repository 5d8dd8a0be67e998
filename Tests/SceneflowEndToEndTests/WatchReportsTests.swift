import Foundation
import Testing

/// The reports a `--watch` writes describe every watched script's latest result (red-team
/// finding Q9: a rerun of one changed script replaced `--json` with that script alone,
/// "1 passed, 0 failed", while another watched script still failed; the closing line after
/// Ctrl-C said the same). Every report format (JSON, JUnit, the HTML report and its results.json,
/// the console's closing line) after a rerun of a passing script keeps the failing one.
@Suite struct WatchReportsTests {
    @Test func aRerunOfOneScriptKeepsTheOthersLatestResultsInEveryReport() throws {
        let tmp = try TempFolder()
        try tmp.prototype("w/proto")
        try tmp.write("w/a.lua", "prototype \"proto\"\ntest(\"a\", function() end)\n")
        try tmp.write("w/c.lua", "prototype \"proto\"\ntest(\"c\", function() error(\"c fails\") end)\n")
        let watching = "for changes (Ctrl-C to stop)"
        let watch = try WatchTests.Watch([
            "test", tmp.file("w"), "--watch", "--json", tmp.file("r.json"), "--junit", tmp.file("j.xml"), "--report",
            tmp.file("rep"),
        ])
        defer { if watch.process.isRunning { kill(watch.process.processIdentifier, SIGKILL) } }
        #expect(watch.wait(for: watching, count: 1), "\(watch.text)")
        #expect(watch.text.contains("1 passed, 1 failed"), "\(watch.text)")

        // The passing script changes: it alone runs again; the reports still hold c's failure.
        try tmp.write("w/a.lua", "prototype \"proto\"\ntest(\"a\", function() tap \"Open\" end)\n")
        #expect(watch.wait(for: watching, count: 2), "\(watch.text)")
        let second = watch.text.components(separatedBy: watching)[1]
        #expect(second.contains("changed: running \(tmp.file("w/a.lua"))"), "\(second)")
        #expect(second.contains("watched suite: 1 passed, 1 failed"), "\(second)")
        let json = try String(contentsOfFile: tmp.file("r.json"), encoding: .utf8)
        #expect(
            json.contains("\"line\" : \"1 passed, 1 failed\"") || json.contains("\"line\":\"1 passed, 1 failed\""),
            "\(json)")
        #expect(json.contains("c fails"), "\(json)")
        let junit = try String(contentsOfFile: tmp.file("j.xml"), encoding: .utf8)
        #expect(junit.contains("c fails") && junit.contains("name=\"a\""), "\(junit)")
        let html = try String(contentsOfFile: tmp.file("rep/index.html"), encoding: .utf8)
        #expect(html.contains("c fails"), "the HTML report lost c's failure")
        let results = try String(contentsOfFile: tmp.file("rep/results.json"), encoding: .utf8)
        #expect(results.contains("c fails"), "\(results)")

        // A removed script leaves the reports at the next run.
        try FileManager.default.removeItem(atPath: tmp.file("w/c.lua"))
        #expect(watch.wait(for: watching, count: 3), "\(watch.text)")
        try tmp.write("w/a.lua", "prototype \"proto\"\ntest(\"a\", function() end)\n")
        #expect(watch.wait(for: watching, count: 4), "\(watch.text)")

        kill(watch.process.processIdentifier, SIGINT)
        #expect(watch.wait(for: "stopped watching", count: 1), "\(watch.text)")
        watch.process.waitUntilExit()
        #expect(watch.text.contains("stopped watching; watched suite: 1 passed, 0 failed"), "\(watch.text)")
        let last = try String(contentsOfFile: tmp.file("r.json"), encoding: .utf8)
        #expect(!last.contains("c fails"), "\(last)")
    }

    @Test func theClosingLineCountsAFailingScriptThatWasNotRerun() throws {
        let tmp = try TempFolder()
        try tmp.prototype("w/proto")
        try tmp.write("w/a.lua", "prototype \"proto\"\ntest(\"a\", function() end)\n")
        try tmp.write("w/c.lua", "prototype \"proto\"\ntest(\"c\", function() error(\"c fails\") end)\n")
        let watching = "for changes (Ctrl-C to stop)"
        let watch = try WatchTests.Watch(["test", tmp.file("w"), "--watch", "--json", tmp.file("r.json")])
        defer { if watch.process.isRunning { kill(watch.process.processIdentifier, SIGKILL) } }
        #expect(watch.wait(for: watching, count: 1), "\(watch.text)")
        try tmp.write("w/a.lua", "prototype \"proto\"\ntest(\"a\", function() end)\n-- touched\n")
        #expect(watch.wait(for: watching, count: 2), "\(watch.text)")
        kill(watch.process.processIdentifier, SIGINT)
        #expect(watch.wait(for: "stopped watching", count: 1), "\(watch.text)")
        watch.process.waitUntilExit()
        #expect(watch.text.contains("stopped watching; watched suite: 1 passed, 1 failed"), "\(watch.text)")
    }
}
