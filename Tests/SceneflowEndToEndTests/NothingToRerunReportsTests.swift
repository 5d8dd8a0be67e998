import Foundation
import SceneflowRunner
import Testing

/// `test --last-failed` with nothing left to run passes as a run that selects nothing is let
/// pass: with every report asked for written, empty (TAP `1..0`, JSON and JUnit with no test,
/// the `--report` folder rewritten, so an earlier red run's evidence is gone) and its note on
/// standard error, since standard output may be TAP (red-team 20 F3: no report was written, the
/// folder kept the red run's results under exit 0, and TAP had no plan).
@Suite struct NothingToRerunReportsTests {
    @Test(arguments: ["1", "2"])
    func theEmptyRunWritesEveryReport(_ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "t.lua", "prototype \"Proto\"\ntest(\"t\", function() expect(param(\"ok\")).to_be(\"yes\") end)\n")
        let env = ["XDG_CACHE_HOME": tmp.file("cache")]
        // A red run writes the report folder, a green one (without it) leaves nothing to rerun.
        let red = try Sceneflow.run(
            ["test", "t.lua", "--param", "ok=no", "--report", "rep"], in: tmp.url, environment: env)
        #expect(red.status == 1, "\(red)")
        let green = try Sceneflow.run(["test", "t.lua", "--param", "ok=yes"], in: tmp.url, environment: env)
        #expect(green.status == 0, "\(green)")
        let r = try Sceneflow.run(
            [
                "test", "t.lua", "--last-failed", "--tap", "--json", "r.json", "--junit", "r.xml", "--report", "rep",
                "--jobs", jobs,
            ], in: tmp.url, environment: env)
        #expect(r.status == 0, "\(r)")
        #expect(r.stderr.contains("no test failed in the previous run"), "\(r)")
        #expect(r.stdout.hasPrefix("TAP version 13\n") && r.stdout.contains("1..0"), "\(r)")
        #expect(!r.stdout.contains("nothing to run"), "\(r)")
        for json in ["r.json", "rep/results.json"] {
            let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent(json)))
            #expect(report.files.isEmpty && report.summary.failed == 0, "\(json): \(report.summary)")
        }
        for junit in ["r.xml", "rep/junit.xml"] {
            let text = try String(contentsOfFile: tmp.file(junit), encoding: .utf8)
            #expect(text.contains("tests=\"0\"") && !text.contains("<failure"), "\(junit): \(text)")
        }
        let html = try String(contentsOfFile: tmp.file("rep/index.html"), encoding: .utf8)
        #expect(!html.contains("ok=yes") && !html.contains("expected \"no\""), "the red run's page: \(html)")
    }
}
