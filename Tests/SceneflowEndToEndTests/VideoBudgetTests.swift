import Foundation
import Testing

/// Drawing and encoding a test's video counts against the test's real-time limit (`--timeout`)
/// on its own: 300 round trips of a 0.36 s test took 32.8 s to encode, outside any limit. Past
/// the limit the video ends, still playable, where it got to, the report says so, and the
/// verdict stays the test's; the test's time in every report is its own, with the encoding
/// apart (`videoSeconds`).
@Suite struct VideoBudgetTests {
    /// A 360x800 pt prototype whose two scenes flip every frame on their own (every frame of a
    /// wait changes, so each is drawn and encoded).
    static func flipping(_ tmp: TempFolder) throws {
        try tmp.image("Proto/home.png", width: 360, height: 800)
        try tmp.image("Proto/detail.png", width: 360, height: 800)
        try tmp.write(
            "Proto/prototype.lua",
            """
            return {
              name = "Flip", device = { width = 360, height = 800, scale = 1 }, start = "home",
              scenes = {
                home = { image = "home.png", after = 0.01, on_after = go("detail", "none"),
                  elements = { { label = "Here", frame = { 0, 0, 360, 100 } } } },
                detail = { image = "detail.png", after = 0.01, on_after = go("home", "none") },
              },
            }

            """)
    }

    /// The test's own Lua (600 s of clock) takes about 1 s, its video far more than the 8 s
    /// limit, so a loaded machine (CI) still sees the one within it and the other cut.
    /// In one process (`--jobs 1`) and through workers (`--jobs 2`, where the verdict reaches
    /// the runner before the video is finished and the note joins it after).
    @Test(arguments: [false, true], ["1", "2"])
    func aLongVideoIsCutAtTheTestsLimitAndTheVerdictStays(_ failing: Bool, jobs: String) throws {
        let tmp = try TempFolder()
        try Self.flipping(tmp)
        let check = failing ? "; expect.scene \"nowhere\"" : ""
        try tmp.write("v.lua", "prototype \"Proto\"\ntest(\"flips\", function() wait(600)\(check) end)\n")
        let run = try Sceneflow.run(
            [
                "test", "v.lua", "--video", "on", "--timeout", "8", "--jobs", jobs, "--json", "r.json", "--junit",
                "r.xml", "--tap",
            ],
            in: tmp.url, timeout: 240)
        #expect(run.didNotCrash, "\(run)")
        #expect(run.status == (failing ? 1 : 0), "\(run)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json"))))
                as? [String: Any])
        let file = try #require((report["files"] as? [[String: Any]])?.first)
        let outcome = try #require((file["outcomes"] as? [[String: Any]])?.first)
        #expect(outcome["verdict"] as? String == (failing ? "failed" : "passed"), "\(outcome)")
        let video = try #require(outcome["video"] as? String)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: tmp.file(video)))
        #expect(bytes.range(of: Data("moov".utf8)) != nil, "the cut video is a finished MP4")
        let note = "drawing and encoding it took more than 8 s of real time (the test's limit, --timeout)"
        let text = String(data: try JSONSerialization.data(withJSONObject: outcome), encoding: .utf8) ?? ""
        #expect(text.contains(note), "\(text)")
        #expect(text.contains("of the test's 600"), "\(text)")
        // TAP shows a failure's message (a passing test's log is in JSON and JUnit).
        if failing { #expect(run.stdout.contains(note), "TAP: \(run.stdout)") }
        #expect(try String(contentsOfFile: tmp.file("r.xml"), encoding: .utf8).contains(note))
        // The test's own time, with the encoding apart.
        let wall = try #require(outcome["wallSeconds"] as? Double)
        let encoding = try #require(outcome["videoSeconds"] as? Double)
        #expect(encoding >= 8, "\(outcome)")
        #expect(wall < encoding, "the test's time leaves the encoding out: \(wall) s vs \(encoding) s")
    }
}
