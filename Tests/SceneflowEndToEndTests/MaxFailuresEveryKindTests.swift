import Foundation
import Testing

/// `-x` / `--max-failures N` counts every failure that fails the run (exit 1, or 65 for a file
/// that could not load), wherever it was found: a failed test, a file that could not load (a syntax error, found by the worker) and a
/// file whose load got stuck in a library call (ended by the load watchdog, found by the
/// runner: it did not count, so `-x` ran the next file), and a test whose worker was ended.
@Suite struct MaxFailuresEveryKindTests {
    /// The first file of each case: one way to fail.
    static let failures: [(kind: String, script: String)] = [
        ("failed test", "prototype \"Proto\"\ntest(\"f\", function() error(\"x\") end)\n"),
        ("syntax error", "prototype \"Proto\"\ntest(\"f\", function() end\n"),
        ("load error", "prototype \"Proto\"\nerror(\"at the top\")\n"),
        (
            "stuck load",
            "prototype \"Proto\"\nstring.find(string.rep(\"a\", 40), string.rep(\"a-\", 20) .. \"b\")\ntest(\"never\", function() end)\n"
        ),
        (
            "stuck test",
            "prototype \"Proto\"\ntest(\"stuck\", function() string.find(string.rep(\"a\", 40), string.rep(\"a-\", 20) .. \"b\") end)\n"
        ),
    ]

    @Test(arguments: [["-x"], ["--max-failures", "1"]])
    func everyKindOfFailureStopsTheRun(_ stop: [String]) throws {
        for (kind, script) in Self.failures {
            let tmp = try TempFolder()
            try tmp.prototype()
            try tmp.write("a.lua", script)
            try tmp.write("b.lua", "prototype \"Proto\"\ntest(\"b1\", function() log.message(\"b ran\") end)\n")
            let r = try Sceneflow.run(
                ["test", "a.lua", "b.lua", "--timeout", "1", "--json", "r.json"] + stop, in: tmp.url, timeout: 120)
            #expect(r.status == (kind.hasSuffix("load") || kind.hasSuffix("error") ? 65 : 1), "\(kind) \(stop): \(r)")
            let data = try Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json")))
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let files = json["files"] as? [[String: Any]] ?? []
            #expect(files.count == 2, "\(kind): \(files)")
            let b = files.last ?? [:]
            #expect(
                (b["notRun"] as? String)?.contains("stopped after 1 failure") == true,
                "\(kind) \(stop): b.lua must not run after the first failure: \(b)\n\(r)")
            #expect(r.stderr.contains("stopped after 1 failure"), "\(kind) \(stop): \(r)")
        }
    }
}
