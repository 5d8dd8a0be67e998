import Foundation
import Testing

/// A worker sends a test's outcome without its steps and log when the record lines it already
/// streamed give the runner the same (`WorkerEvent.endedFromRecords`): the reports must read
/// exactly as when every outcome travels whole (`SCENEFLOW_WORKER_WHOLE_OUTCOMES=1`), for
/// every kind of record: nested and failing steps, text that needs escaping, every log level,
/// hooks, the log and step caps, a soft failure, a skipped test and a holding after_all.
@Suite struct OutcomeFromRecordsTests {
    static let script = #"""
        prototype "Proto"
        before_all(function() log.message("before all\tone") step("setup", function() end) end)
        before_each(function() log.debug("before each") end)
        after_each(function() log.warn("after each") end)
        after_all(function() log.message("after all") end)
        test("nested steps and escapes", function()
          step("outer\t\\x\ny \u{202E}", function()
            tap("Open")
            step("inner é", function() expect.scene("detail") end)
          end)
          log.message("a\\b\tc\nd\re")
          for i = 1, 5 do log.message("m" .. i) end
        end)
        test("fails inside steps", function()
          step("g", function() step("h", function() error("boom\twith tab") end) end)
        end)
        test("soft failure", function()
          expect.soft(function() expect.scene("nowhere") end)
          log.message("after the soft failure")
        end)
        test("over the log cap", function()
          local big = string.rep("x", 4000)
          for i = 1, 100 do log.message(i .. big) end
        end)
        test("over the step cap", function()
          for i = 1, 10010 do step("s" .. i, function() end) end
        end)
        test("skipped", function() skip("not today") end)
        test("waits", function() wait(0.5) tap("Open") tap("Back") end)

        """#

    /// The JSON report of `script` run by `jobs` workers, with the real-time fields left out
    /// (they differ between two runs).
    static func report(jobs: String, whole: Bool) throws -> String {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("suite.lua", script)
        let environment: [String: String?] = ["SCENEFLOW_WORKER_WHOLE_OUTCOMES": whole ? "1" : nil]
        let result = try Sceneflow.run(
            ["test", "suite.lua", "--jobs", jobs, "--json", "r.json"], in: tmp.url, environment: environment,
            timeout: 300)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json"))))
        let stripped = strip(object)
        let data = try JSONSerialization.data(withJSONObject: stripped, options: [.sortedKeys, .prettyPrinted])
        return String(decoding: data, as: UTF8.self)
    }

    /// `value` without its real-time fields (`wallSeconds`, `seconds`, `startedAt`...).
    static func strip(_ value: Any) -> Any {
        if let dictionary = value as? [String: Any] {
            var out: [String: Any] = [:]
            for (key, inner) in dictionary
            where !["wallSeconds", "seconds", "startedAt", "endedAt", "time"].contains(key) {
                out[key] = strip(inner)
            }
            return out
        }
        if let array = value as? [Any] { return array.map(strip) }
        return value
    }

    @Test(arguments: ["1", "2"])
    func reportsReadAsWithWholeOutcomes(_ jobs: String) throws {
        let fromRecords = try Self.report(jobs: jobs, whole: false)
        let whole = try Self.report(jobs: jobs, whole: true)
        #expect(fromRecords == whole)
        // The script's records are all there (the comparison is not of two empty reports).
        #expect(whole.contains("inner é") && whole.contains("after the soft failure"))
        #expect(whole.contains("s10000") && !whole.contains("s10001"))
    }
}
