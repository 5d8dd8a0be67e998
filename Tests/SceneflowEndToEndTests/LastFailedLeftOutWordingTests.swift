import Foundation
import Testing

/// `--last-failed` with `--filter`, `--filter-invert`, `--tag` or `--tag-invert`: a failure the
/// selection leaves out is declared still and is never called "no longer declared"; one whose
/// test was removed still is; with a tag selection, which cannot tell a removed test from one
/// whose tags it leaves out, the words say both.
@Suite struct LastFailedLeftOutWordingTests {
    /// Two files of two failing tests each; runs them once so the state holds four failures.
    static func failedOnce() throws -> (TempFolder, [String: String?]) {
        let tmp = try TempFolder()
        try tmp.prototype()
        for file in ["a", "b"] {
            try tmp.write(
                "LG/\(file).lua",
                """
                prototype "../Proto"
                test("\(file)1", function() error("one") end)
                test("\(file)2", {tags = {"smoke"}}, function() error("two") end)

                """)
        }
        let env: [String: String?] = ["XDG_CACHE_HOME": tmp.file("cache"), "CI": "false"]
        let first = try Sceneflow.run(["test", "LG"], in: tmp.url, environment: env)
        #expect(first.status == 1, "\(first)")
        return (tmp, env)
    }

    static let selections: [[String]] = [
        ["--filter", "a2"], ["--filter", "*1"], ["--filter-invert", "a"], ["--filter", "LG/b.lua: b2"],
    ]

    @Test(arguments: selections)
    func aFilteredOutFailureIsNotCalledRemoved(_ selection: [String]) throws {
        let (tmp, env) = try Self.failedOnce()
        for jobs in ["1", "2"] {
            let r = try Sceneflow.run(
                ["test", "LG", "--last-failed", "--jobs", jobs] + selection, in: tmp.url, environment: env)
            #expect(r.status == 1, "\(r)")
            #expect(!r.stderr.contains("no longer declared"), "\(selection): \(r)")
            #expect(!r.stderr.contains("renamed or removed"), "\(selection): \(r)")
        }
    }

    @Test func aRemovedTestIsStillNamedUnderAFilter() throws {
        let (tmp, env) = try Self.failedOnce()
        try tmp.write("LG/a.lua", "prototype \"../Proto\"\ntest(\"a1\", function() error(\"one\") end)\n")
        let r = try Sceneflow.run(["test", "LG", "--last-failed", "--filter", "2"], in: tmp.url, environment: env)
        #expect(
            r.stderr.contains(
                "1 test that failed in the previous run is no longer declared (renamed or removed?): LG/a.lua: a2"),
            "\(r)")
        // b1, which --filter 2 leaves out, is named as that, never as removed (red-team 54 A A6).
        let removed = r.stderr.split(separator: "\n").filter { $0.contains("no longer declared") }
        #expect(!removed.contains { $0.contains("b1") }, "\(r)")
        #expect(r.stderr.contains("--filter 2 left"), "\(r)")
    }

    @Test(arguments: [["--tag", "smoke"], ["--tag-invert", "smoke"]])
    func aTagSelectionSaysWhatItCannotTell(_ selection: [String]) throws {
        let (tmp, env) = try Self.failedOnce()
        let r = try Sceneflow.run(["test", "LG", "--last-failed"] + selection, in: tmp.url, environment: env)
        #expect(r.status == 1, "\(r)")
        #expect(!r.stderr.contains("no longer declared (renamed or removed?)"), "\(r)")
        #expect(
            r.stderr.contains(
                "2 tests that failed in the previous run were not run: \(selection.joined(separator: " ")) left them out, or they are no longer declared:"
            ), "\(r)")
    }
}
