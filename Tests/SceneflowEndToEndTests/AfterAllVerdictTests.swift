import Foundation
import SceneflowRunner
import Testing

/// An `after_all` hook changes nothing of the tests' verdicts and messages: a file with one
/// gives each test what the same file without it gives, whatever the last test did (passed,
/// failed by `error`, by an expectation, by soft expectations only, by a gesture, with
/// warnings), with `after_each` and `before_all` hooks besides, in every order and with
/// `--jobs`; the hook adds an `(after_all)` entry only when it fails, holding its own failure
/// alone (red-team finding S5: any `after_all` moved the last test's failure to a phantom
/// `(after_all)` entry, so a last test failing only soft expectations passed).
@Suite struct AfterAllVerdictTests {
    /// The last test's bodies.
    static let bodies = [
        "end", #"error("own failure") end"#, "expect(1).to_be(2) end", "expect.soft(1).to_be(2) end",
        #"expect.soft(1).to_be(3) error("then error") end"#, #"tap "Nope" end"#, #"log.warn("careful") end"#,
        #"coroutine.resume(coroutine.create(function() expect(1).to_be(4) end)) end"#,
    ]

    /// Hooks besides after_all.
    static let extras = [
        "", "after_each(function() expect.soft(1).to_be(5) end)\n", "before_all(function() error(\"ba broke\") end)\n",
    ]

    /// What the after_all hook is: none (a comment, so that every line stays where it is), one
    /// that holds, one that fails.
    static let afterAll = [
        "-- no after_all\n", "after_all(function() end)\n", "after_all(function() error(\"hook broke\") end)\n",
        // Only a soft expectation fails in it (red-team finding S10: charged to the last test).
        "after_all(function() expect.soft(\"hook broke\").to_be(\"soft\") end)\n",
    ]

    /// A suite of one file per body, each with a passing test `a` and then `z` running the body.
    static func suite(extra: String, hook: String) throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        for (index, body) in bodies.enumerated() {
            try tmp.write(
                "s/f\(index).lua",
                "prototype \"../Proto\"\n\(hook)\(extra)test(\"a\", function() end)\ntest(\"z\", function() \(body))\n")
        }
        return tmp
    }

    /// Each entry's verdict and message (`file: name` → `verdict: message`).
    static func outcomes(_ path: String) throws -> [String: String] {
        let report = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: path)))
        var found: [String: String] = [:]
        for file in report.files {
            for outcome in file.outcomes {
                found["\(file.file): \(outcome.name)"] = "\(outcome.verdict): \(outcome.failure?.message ?? "")"
            }
        }
        return found
    }

    @Test(arguments: extras.indices, [[], ["--reverse"], ["--jobs", "2"]])
    func anAfterAllHookLeavesEveryTestItsVerdict(_ extra: Int, _ mode: [String]) throws {
        var runs: [[String: String]] = []
        for hook in Self.afterAll {
            let tmp = try Self.suite(extra: Self.extras[extra], hook: hook)
            let r = try Sceneflow.run(["test", "s", "--json", "r.json"] + mode, in: tmp.url)
            #expect(r.status == 1 && !r.signalled, "\(mode): \(r)")
            runs.append(try Self.outcomes(tmp.file("r.json")))
        }
        let (plain, holding) = (runs[0], runs[1])
        #expect(holding == plain, "an after_all that holds changed verdicts (\(mode), extra \(extra))")
        for failing in runs.dropFirst(2) {
            for (name, outcome) in plain {
                #expect(failing[name] == outcome, "\(name) \(mode): \(failing[name] ?? "missing") against \(outcome)")
            }
            for index in Self.bodies.indices {
                let entry = failing["s/f\(index).lua: (after_all)"] ?? "missing"
                #expect(
                    entry.hasPrefix("failed: ") && entry.contains("in after_all: ") && entry.contains("hook broke"),
                    "\(entry)")
                #expect(!entry.contains("; then"), "the last test's failure joined the hook's: \(entry)")
            }
            #expect(failing.count == plain.count + Self.bodies.count)
        }
    }
}
