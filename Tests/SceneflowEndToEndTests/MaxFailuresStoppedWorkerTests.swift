import Foundation
import Testing

/// `-x` / `--max-failures N` when a failure ends its worker process (a library call stuck past
/// the watchdog): the results already received stay in every report and count, the run exits
/// 1, and the stop comes after exactly N failures (red-team finding M17: the file was reported
/// "not run", the failure lost, and the run exited 0).
@Suite struct MaxFailuresStoppedWorkerTests {
    /// A test stuck inside one `string.find` call, which only ending the worker can stop.
    static let stuck =
        "test(\"stuck\", function() string.find(string.rep(\"a\", 40), string.rep(\"a-\", 20) .. \"b\") end)\n"

    static func verdicts(_ path: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = json["files"] as? [[String: Any]] ?? []
        return files.flatMap { file in
            (file["outcomes"] as? [[String: Any]] ?? []).map { "\($0["name"] ?? "?")=\($0["verdict"] ?? "?")" }
        }
    }

    @Test(arguments: [["-x"], ["-x", "--jobs", "2"], ["--max-failures", "1"]])
    func aFailureThatEndsItsWorkerIsKeptAndStopsTheRun(_ stop: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "a.lua",
            "prototype \"Proto\"\ntest(\"ok1\", function() end)\n" + Self.stuck + "test(\"ok2\", function() end)\n")
        try tmp.write("b.lua", "prototype \"Proto\"\ntest(\"b1\", function() end)\n")
        let r = try Sceneflow.run(
            ["test", "a.lua", "b.lua", "--timeout", "1", "--json", "r.json", "--junit", "r.xml"] + stop, in: tmp.url,
            environment: ["XDG_CACHE_HOME": tmp.file("cache")], timeout: 120)
        #expect(r.status == 1, "\(stop): \(r)")
        let verdicts = try Self.verdicts(tmp.file("r.json"))
        #expect(verdicts.prefix(3) == ["ok1=passed", "stuck=failed", "ok2=skipped"], "\(stop): \(verdicts)\n\(r)")
        // With two workers b.lua may already run beside a.lua: its test then passes too.
        #expect(r.stdout.contains("1 passed, 1 failed") || r.stdout.contains("2 passed, 1 failed"), "\(stop): \(r)")
        let junit = try String(contentsOfFile: tmp.file("r.xml"), encoding: .utf8)
        #expect(junit.contains("failures=\"1\""), "\(stop): \(junit)")
        let again = try Sceneflow.run(
            ["test", "a.lua", "b.lua", "--last-failed", "--timeout", "1"], in: tmp.url,
            environment: ["XDG_CACHE_HOME": tmp.file("cache")], timeout: 120)
        #expect(again.stdout.contains("stuck"), "the failure must reach the --last-failed state: \(again)")
    }

    @Test func theStuckFailureCountsTowardsMaxFailures() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "m.lua",
            "prototype \"Proto\"\n" + Self.stuck
                + "test(\"f2\", function() error(\"x\") end)\ntest(\"f3\", function() error(\"y\") end)\ntest(\"ok\", function() end)\n"
        )
        let r = try Sceneflow.run(
            ["test", "m.lua", "--max-failures", "2", "--timeout", "1", "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let verdicts = try Self.verdicts(tmp.file("r.json"))
        #expect(verdicts == ["stuck=failed", "f2=failed", "f3=skipped", "ok=skipped"], "\(verdicts)\n\(r)")
    }
}
