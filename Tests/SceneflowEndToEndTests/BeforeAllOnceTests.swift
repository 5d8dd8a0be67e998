import Foundation
import Testing

/// `before_all` as its reference says: each test sees one run of it (its globals), its log and
/// steps are the first test's, and the prototype is reset after it, so its gestures never reach
/// a test (red-team finding M5: its taps carried into every test and its log showed in each).
@Suite struct BeforeAllOnceTests {
    @Test(arguments: [["--jobs", "1"], ["--jobs", "2"]])
    func eachTestSeesOneRunAndNoGesture(_ jobs: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            local runs = 0
            before_all(function() runs = runs + 1 log.message("before_all ran") tap "Open" end)
            test("a", function() expect.scene "home" expect(runs).to_be(1) end)
            test("b", function() expect.scene "home" expect(runs).to_be(1) end)
            test("c", function() tap "Open" expect.scene "detail" end)

            """)
        let r = try Sceneflow.run(["test", "s.lua", "--json", "r.json"] + jobs, in: tmp.url, timeout: 120)
        #expect(r.status == 0, "\(jobs): \(r)")
        let data = try Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json")))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let outcomes = (json["files"] as? [[String: Any]])?.first?["outcomes"] as? [[String: Any]] ?? []
        let logs = outcomes.map { ($0["log"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String } }
        #expect(logs == [["before_all ran"], [], []], "\(jobs): \(logs)")
    }
}
