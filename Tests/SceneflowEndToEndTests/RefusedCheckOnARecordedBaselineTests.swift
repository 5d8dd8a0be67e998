import Foundation
import SceneflowRunner
import Testing

/// Red-team 50 B M1: a screenshot check refused before anything was compared (a region off
/// the screen, masks over the whole screen or region) on the baseline an earlier test of the
/// run recorded was blamed on the other test's "another screen", with the hint to give each
/// screen its own name, though the screen was the same. It says only why nothing was compared,
/// as it does against a baseline from an earlier run.
@Suite struct RefusedCheckOnARecordedBaselineTests {
    static let refusals = [
        "region = {-10, -10, 5, 5}",
        "mask = {{0, 0, 36, 80}}",
        "region = {0, 0, 4, 4}, mask = {{0, 0, 4, 4}}",
    ]

    @Test(arguments: refusals)
    func aRefusalSaysOnlyWhy(options: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("rec", function() expect.screenshot("h") end)
            test("refused", function() expect.screenshot("h", {\(options), timeout = 0}) end)

            """)
        for round in ["recorded in this run", "from an earlier run"] {
            let r = try Sceneflow.run(["test", "s.lua", "--json", "r.json"], in: tmp.url, timeout: 120)
            #expect(r.status == 1, "\(round): \(r)")
            let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
            let refused = try #require(report.files.flatMap(\.outcomes).first { $0.name == "refused" })
            let message = refused.failure?.message ?? ""
            #expect(message.contains("nothing would be compared"), "\(round): \(message)")
            #expect(!message.contains("another screen"), "\(round): \(message)")
            #expect(!message.contains("its own name"), "\(round): \(message)")
        }
    }
}
