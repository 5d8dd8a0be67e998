import Foundation
import SceneflowRunner
import Testing

/// Every file of the report folder that `results.json` names for an entry (its failure
/// artifacts, failed screenshots' images, its captures) is named by that entry's JUnit
/// testcase too, as an attachment or an `artifact:` line, so a GitLab or Jenkins reader sees
/// the evidence a JSON or HTML reader does: for a passing, warned and failing test, a failing
/// `after_all` and a test a stop signal interrupted (red-team 57 B J1: the captures of a
/// failing test and of a failing after_all were named in JSON and HTML, never in JUnit).
@Suite struct JUnitNamesEveryFileTests {
    /// The report-folder files `results.json` names for each entry, by entry name.
    static func filesByEntry(_ folder: TempFolder) throws -> [String: [String]] {
        let report = try JSONReport.read(Data(contentsOf: folder.url.appendingPathComponent("out/results.json")))
        var files: [String: [String]] = [:]
        for outcome in report.files.flatMap(\.outcomes) {
            let named =
                outcome.artifacts + outcome.visuals.flatMap { $0.files.values } + [outcome.video].compactMap { $0 }
            files[outcome.name] = named.filter { $0.hasPrefix("out/") }.sorted()
        }
        return files
    }

    /// The text of the JUnit testcase named `name` (its `<system-out>` included).
    static func testcase(_ name: String, in junit: String) -> String? {
        guard let start = junit.range(of: "<testcase name=\"\(name)\"") else { return nil }
        let rest = junit[start.lowerBound...]
        guard let end = rest.range(of: "</testcase>") else { return nil }
        return String(rest[..<end.upperBound])
    }

    static func expectJUnitNamesEveryFile(_ folder: TempFolder, entries: [String]) throws {
        let junit = try String(contentsOf: folder.url.appendingPathComponent("out/junit.xml"), encoding: .utf8)
        let files = try filesByEntry(folder)
        for entry in entries {
            let named = try #require(files[entry], "no JSON entry \(entry): \(files.keys.sorted())")
            #expect(named.contains { $0.contains("/captures/") }, "\(entry) names no capture: \(named)")
            let testcase = try #require(Self.testcase(entry, in: junit), "no JUnit testcase \(entry): \(junit)")
            for path in named {
                #expect(
                    testcase.contains("[[ATTACHMENT|\(path)]]") || testcase.contains("artifact: \(path)"),
                    "JUnit's \(entry) does not name \(path):\n\(testcase)")
                #expect(FileManager.default.fileExists(atPath: folder.file(path)), "\(path) is missing")
            }
        }
    }

    @Test(arguments: ["1", "2"])
    func everyEntryNamesItsFilesInJUnit(_ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            after_all(function() capture "aa-cap"; expect(3).to_be(4) end)
            test("passes", function() capture "p-cap" end)
            test("warns", function() capture "w-cap"; log.warn("look") end)
            test("fails", function() capture "f-cap"; expect(1).to_be(2) end)
            test("errs", function() capture "e-cap"; error("boom") end)

            """)
        let r = try Sceneflow.run(
            ["test", "s.lua", "--jobs", jobs, "--report", "out"], in: tmp.url, environment: ["CI": "1"], timeout: 120)
        #expect(r.status == 1, "\(r)")
        try Self.expectJUnitNamesEveryFile(
            tmp, entries: ["passes", "warns", "fails", "errs", TestOutcome.afterAllName])
    }

    @Test(arguments: ["1", "2"])
    func anInterruptedTestNamesItsCaptureInJUnit(_ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("stopped", function()
              capture "i-cap"
              local t = os.clock()
              while os.clock() - t < 60 do end
            end)

            """)
        let process = try KilledRunReportFolderTests.start(
            ["test", "s.lua", "--jobs", jobs, "--timeout", "120", "--report", "out"], in: tmp, until: nil)
        let capture = tmp.file("out/captures/s/01-stopped/i-cap.png")
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning, !FileManager.default.fileExists(atPath: capture) { usleep(20_000) }
        #expect(FileManager.default.fileExists(atPath: capture))
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 143 || process.terminationReason == .uncaughtSignal)
        try Self.expectJUnitNamesEveryFile(tmp, entries: ["stopped"])
    }
}
