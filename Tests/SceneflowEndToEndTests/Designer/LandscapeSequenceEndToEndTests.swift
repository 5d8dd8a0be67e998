import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// A landscape sequence through the built binary, on a synthetic fixture (none of the real-app
/// screenshot sets has landscape screens): `stocks` turned shows three charts that lead to each
/// other by swipes and taps, with a toggle, a star rating and an overlay on them. `check`,
/// `inspect`, `graph`, a script walking the sequence, and recorded sessions replayed.
@Suite struct LandscapeSequenceEndToEndTests {
    static let lua = """
        return {
          name = "Stocks",
          device = { width = 200, height = 400, scale = 1 },
          start = "home",
          scenes = {
            home = { image = "home.png", elements = {
              { label = "Stocks", frame = { 0, 100, 200, 60 }, on_tap = go("stocks", "push_left", 0.3) } } },
            stocks = { image = "stocks.png", landscape = { "chart_day", "chart_week", "chart_month" },
              elements = { { label = "Back", frame = { 0, 0, 60, 40 }, on_tap = back() } } },
            chart_day = { image = "chart.png",
              on_swipe = { left = replace("chart_week", "push_left", 0.3) },
              elements = { { label = "Week", frame = { 300, 0, 100, 40 }, on_tap = replace("chart_week", "push_left", 0.3) } } },
            chart_week = { image = "chart.png",
              on_swipe = { left = replace("chart_month", "push_left", 0.3), right = replace("chart_day", "push_right", 0.3) },
              elements = {
                { label = "Grid", control = "toggle", frame = { 300, 160, 60, 30 }, states = { off = "off.png", on = "on.png" } },
                { label = "Info", frame = { 0, 0, 80, 40 }, on_tap = present("info", { overlay = true, position = "bottom" }) },
                { label = "Month", frame = { 300, 0, 100, 40 }, on_tap = go("chart_month", "push_left", 0.3) },
              } },
            chart_month = { image = "chart.png",
              on_swipe = { right = replace("chart_week", "push_right", 0.3) },
              elements = {
                { label = "Score", control = "star_rating", frame = { 100, 80, 200, 40 } },
                { label = "Back", frame = { 0, 0, 60, 40 }, on_tap = back() },
              } },
            info = { image = "sheet.png", elements = { { label = "Close", frame = { 0, 0, 80, 40 }, on_tap = dismiss() } } },
          },
        }
        """

    /// Writes the fixture into `tmp/Stocks`; returns its folder.
    static func fixture(_ tmp: TempFolder) throws -> String {
        for (file, w, h) in [
            ("home.png", 200, 400), ("stocks.png", 200, 400), ("chart.png", 400, 200), ("sheet.png", 400, 120),
            ("off.png", 60, 30), ("on.png", 60, 30),
        ] {
            try tmp.image("Stocks/\(file)", width: w, height: h)
        }
        try tmp.write("Stocks/prototype.lua", lua)
        return tmp.file("Stocks")
    }

    @Test func checkInspectAndGraphKnowTheSequence() throws {
        let tmp = try TempFolder()
        let folder = try Self.fixture(tmp)
        let check = try Sceneflow.run(["check", folder])
        #expect(
            check.status == 0 && !check.stdout.contains("unreachable"), "no dummy scene, none unreachable: \(check)")
        let inspect = try Sceneflow.run(["inspect", folder])
        #expect(inspect.stdout.contains("landscape sequence chart_day -> chart_week -> chart_month"), "\(inspect)")
        #expect(inspect.stdout.contains("landscape sequence of stocks: 3 of 3 (turning upright shows stocks)"))
        let dot = tmp.file("flow.dot")
        let graph = try Sceneflow.run(["graph", folder, "--out", dot])
        #expect(graph.status == 0, "\(graph)")
        let text = try String(contentsOfFile: dot, encoding: .utf8)
        #expect(text.contains("subgraph \"cluster_landscape_stocks\""), "\(text)")
        #expect(text.contains("[label=\"turn upright\", style=dotted, ltail=\"cluster_landscape_stocks\"]"))
    }

    @Test func aScriptWalksTheSequenceAndTurnsBackFromItsLastScene() throws {
        let tmp = try TempFolder()
        let folder = try Self.fixture(tmp)
        try tmp.write(
            "walk.lua",
            """
            prototype "\(folder)"
            test("through the charts and back upright", function()
              tap "Stocks"
              rotate "landscape"
              expect.scene "chart_day"
              swipe "left"
              expect.scene "chart_week"
              tap "Grid"
              expect.value("Grid", "on")
              tap "Info"
              expect.scene "info"
              tap "Close"
              tap "Month"
              expect.scene "chart_month"
              rate("Score", 4)
              expect.value("Score", 4)
              rotate "portrait"
              expect.scene "stocks"
              back()
              expect.scene "home"
            end)
            """)
        let frames = tmp.file("frames")
        let timeline = tmp.file("timeline.json")
        let r = try Sceneflow.run(["test", tmp.file("walk.lua"), "--frames", frames, "--timeline", timeline])
        #expect(r.status == 0, "\(r)")
        let json = try String(contentsOfFile: timeline, encoding: .utf8)
        #expect(json.contains("\"type\" : \"turn\"") || json.contains("\"type\":\"turn\""), "turns are in the timeline")
        #expect(json.contains("turn to landscape, drawn as a 0.3s rotation"), "\(json.prefix(2000))")
        let folderName = try #require(
            try FileManager.default.contentsOfDirectory(atPath: frames).first { !$0.hasSuffix(".txt") })
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(frames)/\(folderName)")
        #expect(
            names.contains { $0.contains("turn_landscape_mid") },
            "the turn's middle frame is written: \(names.sorted())")
        #expect(names.contains { $0.contains("turn_portrait_mid") }, "\(names.sorted())")
    }

    /// Generated sessions that turn the device often, recorded and replayed green.
    @Test func recordedSessionsOverTheSequenceReplayGreen() throws {
        let tmp = try TempFolder()
        let folder = try Self.fixture(tmp)
        var scripts: [String: String] = [:]
        for seed in 1...12 {
            let driver = RecordingDriver(try PrototypeOpener.open(folder))
            var random = SplitMix(seed: UInt64(seed) &* 104_729)
            driver.frame([.down(100, 130)])  // "Stocks"
            driver.frame([.up(100, 130)])
            driver.idle(0.6)
            for _ in 0..<16 {
                if Double.random(in: 0..<1, using: &random) < 0.2 {
                    driver.frame([.turn])
                    driver.idle(0.5)
                } else {
                    RecordReplayTests.act(driver, &random)
                }
            }
            driver.idle(3)
            let recorded = driver.script(prototypePath: folder, name: "Stocks seed \(seed)")
            let script =
                String(recorded.dropLast("end)\n".count)) + RecordReplayTests.endState(driver.session) + "end)\n"
            let file = "seed-\(String(format: "%02d", seed)).lua"
            try tmp.write("scripts/\(file)", script)
            scripts[file] = script
        }
        let r = try Sceneflow.run(["test", tmp.file("scripts")], timeout: 300)
        #expect(r.status == 0, "\(r)\n\(scripts.sorted { $0.key < $1.key }.first?.value ?? "")")
        let turned = scripts.values.filter { $0.contains("rotate \"landscape\"") }.count
        #expect(turned >= 6, "most sessions turn the device: \(turned)")
    }
}
