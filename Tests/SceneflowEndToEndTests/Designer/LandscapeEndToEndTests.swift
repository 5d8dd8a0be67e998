import Foundation
import Testing

/// Landscape through the binary: headless frames, captures, baselines and `render --landscape`
/// at the turned pixel size; separate landscape scenes (`landscape = "name"`).
@Suite struct LandscapeEndToEndTests {
    /// A 36 x 80 pt prototype at scale 1: `video` (blue) with a landscape variant (green,
    /// 80 x 36 px) whose "Sheet" presents a bottom overlay (yellow); `gallery` (red) with the
    /// separate landscape scene `wide` (white).
    static func prototype(_ tmp: TempFolder, extra: String = "") throws {
        try tmp.write("P/video.png", PNGWriter.solid(width: 36, height: 80, rgb: (0, 0, 200)))
        try tmp.write("P/video_land.png", PNGWriter.solid(width: 80, height: 36, rgb: (0, 200, 0)))
        try tmp.write("P/sheet.png", PNGWriter.solid(width: 80, height: 18, rgb: (250, 200, 0)))
        try tmp.write("P/gallery.png", PNGWriter.solid(width: 36, height: 80, rgb: (200, 0, 0)))
        try tmp.write("P/wide.png", PNGWriter.solid(width: 80, height: 36, rgb: (255, 255, 255)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "Turn", device = { width = 36, height = 80, scale = 1 }, start = "video",
              scenes = {
                video = { image = "video.png",
                  elements = { { label = "Gallery", frame = { 0, 60, 36, 20 }, on_tap = go("gallery") } },
                  landscape = { image = "video_land.png",
                    elements = { { label = "Sheet", frame = { 0, 0, 20, 18 },
                      on_tap = present("sheet", { overlay = true, position = "bottom", dim = 0.5, dismiss_on_outside = true }) } } } },
                sheet = { image = "sheet.png", elements = { { label = "Done", frame = { 0, 0, 20, 9 }, on_tap = dismiss() } } },
                gallery = { image = "gallery.png", landscape = "wide",
                  elements = { { label = "Back", frame = { 0, 0, 20, 20 }, on_tap = back() } } },
                wide = { image = "wide.png",
                  elements = { { label = "Wide back", frame = { 60, 0, 20, 20 }, on_tap = back() } } },
                \(extra)
              },
            }
            """)
    }

    @Test func framesCapturesBaselinesAndRenderUseTheTurnedPixelSize() throws {
        let tmp = try TempFolder()
        try Self.prototype(tmp)
        try tmp.write(
            "P/Scripts/turn.lua",
            """
            prototype ".."
            test("landscape frames", function()
              rotate "landscape"
              capture "turned"
              expect.screenshot "turned"
              expect.scene "video"
            end)
            """)
        let frames = tmp.file("frames")
        let report = tmp.file("report")
        let r = try Sceneflow.run(
            ["test", tmp.file("P/Scripts"), "--frames", frames, "--report", report], environment: ["CI": nil])
        #expect(r.status == 0, "\(r)")
        let folder = try #require(
            try FileManager.default.contentsOfDirectory(atPath: frames).first { !$0.hasSuffix(".txt") })
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(frames)/\(folder)").sorted()
        let turned = try #require(
            names.first { $0.hasSuffix("-video_landscape.png") }, "a frame after the turn: \(names)")
        func size(_ path: String) throws -> (width: Int, height: Int)? {
            PNGWriter.size(of: try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(try size("\(frames)/\(folder)/\(turned)")! == (80, 36))
        #expect(try size(tmp.file("P/Scripts/__screenshots__/turn/turned.png"))! == (80, 36), "the baseline")
        let captures = try FileManager.default.subpathsOfDirectory(atPath: "\(report)/captures").filter {
            $0.hasSuffix("turned.png")
        }
        #expect(captures.count == 1, "\(captures)")
        if let capture = captures.first { #expect(try size("\(report)/captures/\(capture)")! == (80, 36)) }
        let again = try Sceneflow.run(["test", tmp.file("P/Scripts")], environment: ["CI": "1"])
        #expect(again.status == 0, "the landscape baseline matches on a second run: \(again)")

        let still = tmp.file("still.png")
        let render = try Sceneflow.run(["render", tmp.file("P"), "--landscape", "--out", still])
        #expect(render.status == 0 && render.stdout.contains("80x36 px"), "\(render)")
        let wide = tmp.file("wide.png")
        let scene = try Sceneflow.run(["render", tmp.file("P"), "--landscape", "--scene", "gallery", "--out", wide])
        #expect(scene.status == 0 && scene.stdout.contains("80x36 px"), "gallery turned shows wide: \(scene)")
        guard DesignerCommandTests.which("convert") != nil else {
            print("skipped the pixel half: ImageMagick's convert is not installed")
            return
        }
        #expect(PlayingWindow.pixel("\(frames)/\(folder)/\(turned)", 70, 30) == (0, 200, 0), "the landscape screenshot")
        #expect(PlayingWindow.pixel(wide, 70, 30) == (255, 255, 255), "the separate landscape scene")
    }

    @Test func aFailureInLandscapeLeavesATurnedFramePNG() throws {
        let tmp = try TempFolder()
        try Self.prototype(tmp)
        try tmp.write(
            "P/Scripts/fail.lua",
            """
            prototype ".."
            test("fails turned", function()
              rotate "landscape"
              expect.scene "nowhere"
            end)
            """)
        let report = tmp.file("report")
        let r = try Sceneflow.run(["test", tmp.file("P/Scripts"), "--report", report])
        #expect(r.status == 1, "\(r)")
        let frames = try FileManager.default.subpathsOfDirectory(atPath: "\(report)/artifacts").filter {
            $0.hasSuffix("frame.png")
        }
        #expect(frames.count == 1, "\(frames)")
        if let frame = frames.first {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(report)/artifacts/\(frame)"))
            #expect(PNGWriter.size(of: data)! == (80, 36))
        }
    }

    @Test func aSeparateLandscapeSceneIsShownWhileTurnedAndKnownToCheckInspectAndGraph() throws {
        let tmp = try TempFolder()
        try Self.prototype(tmp)
        try tmp.write(
            "P/Scripts/wide.lua",
            """
            prototype ".."
            test("gallery turns into wide and back", function()
              tap "Gallery"
              rotate "landscape"
              expect.scene "wide"
              capture "wide"
              rotate "portrait"
              expect.scene "gallery"
              rotate "landscape"
              tap "Wide back"
              expect.scene "video"
            end)
            test("overlay on the turned screen", function()
              rotate "landscape"
              tap "Sheet"
              expect.scene "sheet"
              tap_at(40, 5)
              expect.scene "video"
            end)
            """)
        let report = tmp.file("report")
        let r = try Sceneflow.run(["test", tmp.file("P/Scripts"), "--report", report])
        #expect(r.status == 0 && r.outputLines.last == "2 passed, 0 failed", "\(r)")
        let capture = try FileManager.default.subpathsOfDirectory(atPath: "\(report)/captures").first {
            $0.hasSuffix("wide.png")
        }
        if let capture {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(report)/captures/\(capture)"))
            #expect(PNGWriter.size(of: data)! == (80, 36))
        } else {
            Issue.record("no capture of wide")
        }
        let check = try Sceneflow.run(["check", tmp.file("P")])
        #expect(
            check.status == 0 && check.stdout.contains("0 warnings"), "wide is reached by turning gallery: \(check)")
        #expect(check.stdout.contains("4 scenes, 5 elements"), "landscape variants' elements count: \(check)")
        let inspect = try Sceneflow.run(["inspect", tmp.file("P")])
        #expect(inspect.stdout.contains("  landscape scene wide\n"), "\(inspect)")
        #expect(inspect.stdout.contains("  landscape scene of gallery (shown when it is turned)\n"), "\(inspect)")
        let graph = try Sceneflow.run(["graph", tmp.file("P")])
        #expect(graph.stdout.contains("\"gallery\" -> \"wide\" [label=\"rotate\", style=dotted];"), "\(graph)")
        #expect(
            graph.stdout.contains("\"video\" -> \"sheet\" [label=\"Sheet (landscape)\\npresent cover_up 0.3s\""),
            "\(graph)")
    }

    @Test func badLandscapeScenesAreReportedWithFileAndPath() throws {
        let tmp = try TempFolder()
        let cases: [(extra: String, gallery: String, fragments: [String])] = [
            ("", "widr", ["scenes.gallery.landscape", "no scene \"widr\"", "did you mean \"wide\"?"]),
            ("", "gallery", ["scenes.gallery.landscape", "cannot be its own landscape scene"]),
            (
                "video2 = { image = \"video.png\", landscape = { image = \"video_land.png\" } },", "video2",
                ["scenes.gallery.landscape", "cannot have a landscape of its own", "scenes.video2.landscape"]
            ),
        ]
        for (index, c) in cases.enumerated() {
            let name = "P\(index)"
            try Self.prototype(tmp, extra: c.extra)
            let text = try String(contentsOfFile: tmp.file("P/prototype.lua"), encoding: .utf8)
                .replacingOccurrences(of: "landscape = \"wide\"", with: "landscape = \"\(c.gallery)\"")
            try FileManager.default.copyItem(atPath: tmp.file("P"), toPath: tmp.file(name))
            try tmp.write("\(name)/prototype.lua", text)
            try BadPrototypeTests().expectOneError(
                tmp.file(name), prefix: tmp.file("\(name)/prototype.lua"), c.fragments)
            try FileManager.default.removeItem(atPath: tmp.file("P"))
        }
    }

    @Test func theGraphDrawsLandscapeEdgesTheRotationAndOverlayShapedThumbnails() throws {
        let tmp = try TempFolder()
        try Self.prototype(tmp)
        let out = tmp.file("map/flow.dot")
        // `graph` makes no folders (exit 64 for a missing one, like every command).
        try FileManager.default.createDirectory(atPath: tmp.file("map"), withIntermediateDirectories: true)
        let r = try Sceneflow.run(["graph", tmp.file("P"), "--out", out])
        #expect(r.status == 0, "\(r)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        // The sheet is a bottom overlay presented only in landscape: 80 x 18 pt on the turned
        // 80 x 36 pt screen, so its thumbnail is 160 x 36 like the landscape ones (not 90 x 100).
        let sheet = try #require(text.split(separator: "\n").first { $0.contains("\"sheet\" [") })
        #expect(sheet.contains("WIDTH=\"160\" HEIGHT=\"36\""), "\(sheet)")
        let wide = try #require(text.split(separator: "\n").first { $0.contains("\"wide\" [") })
        #expect(wide.contains("WIDTH=\"160\" HEIGHT=\"72\""), "a landscape scene at the turned aspect: \(wide)")
        let video = try #require(text.split(separator: "\n").first { $0.contains("\"video\" [") })
        #expect(video.contains("video-landscape.png"), "the landscape variant's thumbnail: \(video)")
        let thumbs = tmp.file("map/flow-thumbs")
        let sizes = try ["sheet.png", "wide.png", "video-landscape.png"].map {
            PNGWriter.size(of: try Data(contentsOf: URL(fileURLWithPath: "\(thumbs)/\($0)")))!
        }
        #expect(sizes[0] == (400, 90) && sizes[1] == (400, 180) && sizes[2] == (400, 180), "\(sizes)")
        #expect(text.contains("\"gallery\" -> \"wide\" [label=\"rotate\", style=dotted];"), "\(text)")
        guard let dot = DesignerCommandTests.which("dot") else {
            print("skipped the Graphviz half: `dot` is not installed")
            return
        }
        let svg = try DesignerCommandTests.runTool(dot, ["-Tsvg", out])
        #expect(svg.status == 0, "dot accepts the DOT text: \(svg.output.prefix(400))")
        #expect(svg.output.contains(">rotate</text>") && svg.output.contains(">Sheet (landscape)</text>"))
    }

    @Test func scriptsScrollALandscapeVariantsOwnRegion() throws {
        // Twice the points of a tiny device: the turned screen (72 pt) leaves a band of at least 44 pt.
        let tmp = try TempFolder()
        try tmp.write("P/feed.png", PNGWriter.solid(width: 72, height: 320, rgb: (0, 0, 200)))
        try tmp.write("P/feed_land.png", PNGWriter.solid(width: 160, height: 200, rgb: (0, 200, 0)))
        try tmp.write("P/info.png", PNGWriter.solid(width: 72, height: 160, rgb: (200, 0, 0)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "Feed", device = { width = 72, height = 160, scale = 1 }, start = "feed",
              scenes = {
                feed = { image = "feed.png", scroll = { header = 20 },
                  elements = { { label = "Row", frame = { 0, 280, 72, 20 }, on_tap = go("info") } },
                  landscape = { image = "feed_land.png", scroll = { header = 12, footer = 8 },
                    elements = { { label = "Bottom row", frame = { 0, 160, 160, 16 }, on_tap = go("info") } } } },
                info = { image = "info.png", elements = { { label = "Back", frame = { 0, 0, 40, 40 }, on_tap = back() } } },
              },
            }
            """)
        try tmp.write(
            "P/Scripts/feed.lua",
            """
            prototype ".."
            test("landscape scroll", function()
              rotate "landscape"
              scroll_to "Bottom row"
              tap "Bottom row"
              expect.scene "info"
            end)
            test("no portrait label in landscape", function()
              rotate "landscape"
              scroll_to "Row"
            end)
            """)
        let r = try Sceneflow.run(["test", tmp.file("P/Scripts")])
        #expect(r.outputLines.last == "1 passed, 1 failed", "\(r)")
        #expect(r.stdout.contains("scroll_to(\"Row\"): no element labelled \"Row\" in scene \"feed\""), "\(r)")
    }
}
