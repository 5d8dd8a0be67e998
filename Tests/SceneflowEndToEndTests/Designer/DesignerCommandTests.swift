import Foundation
import Testing

/// `sceneflow new`, `inspect` and `graph` through the built binary.
@Suite struct DesignerCommandTests {
    static let realworld = "/work/shared/realworld"

    /// The real screenshots of one app, or nil (with a printed reason) when the folder is absent.
    static func shots(_ app: String) -> [String]? {
        let folder = "\(realworld)/\(app)"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            print("skipped: \(folder) is not on this machine")
            return nil
        }
        return names.filter { $0.hasSuffix(".png") }.sorted().map { "\(folder)/\($0)" }
    }

    @Test func newFromSyntheticImagesPlaysGreenAndChecksClean() throws {
        let tmp = try TempFolder()
        for name in ["10.png", "2.png", "1.png"] { try tmp.image("src/\(name)", width: 1080, height: 2400) }
        let dir = tmp.file("Demo")
        let r = try Sceneflow.run(["new", dir, tmp.file("src/10.png"), tmp.file("src/2.png"), tmp.file("src/1.png")])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("3 scenes, 360x800 pt at scale 3 (Android FHD+ 20:9)"), "\(r)")
        let text = try String(contentsOfFile: tmp.file("Demo/prototype.lua"), encoding: .utf8)
        #expect(text.contains("start = \"s1\""), "name order with numbers compared as numbers")
        #expect(text.contains("go(\"s2\""))
        #expect(text.contains("go(\"s10\""))
        let check = try Sceneflow.run(["check", dir])
        #expect(check.status == 0 && check.stdout.contains("0 warnings"), "\(check)")
        let test = try Sceneflow.run(["test", tmp.file("Demo/Scripts")])
        #expect(test.status == 0, "\(test)")
        #expect(test.outputLines.last == "2 passed, 0 failed", "\(test)")
    }

    @Test func newRefusesToOverwriteAndNeedsImages() throws {
        let tmp = try TempFolder()
        let existing = try tmp.prototype()
        let r = try Sceneflow.run(["new", existing])
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("prototype.lua already exists"), "\(r)")
        let empty = try Sceneflow.run(["new", tmp.file("Empty")])
        #expect(empty.status == 64 && empty.stderr.contains("no images"), "\(empty)")
        try tmp.write("bad/junk.png", "not a png")
        let bad = try Sceneflow.run(["new", tmp.file("Out"), tmp.file("bad/junk.png")])
        #expect(bad.status == 65 && bad.stderr.contains("junk.png"), "\(bad)")
        #expect(bad.didNotCrash)
        // Every unusable image is named at once, one line each, not only the first.
        try tmp.write("bad/cut.png", PNGWriter.truncated(width: 36, height: 80))
        let two = try Sceneflow.run(["new", tmp.file("Out"), tmp.file("bad/cut.png"), tmp.file("bad/junk.png")])
        let lines = two.errorLines.filter { $0.hasPrefix("sceneflow new: ") }
        #expect(two.status == 65 && lines.count == 2, "\(two)")
        #expect(lines.first?.contains("cut.png") == true && lines.last?.contains("junk.png") == true, "\(two)")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("Out/prototype.lua")), "nothing scaffolded")
    }

    @Test(arguments: ["ImranR98__Obtainium", "spacecowboy__Feeder", "SecUSo__privacy-friendly-shopping-list"])
    func newFromRealScreenshotsRunsItsStarterScriptGreen(app: String) throws {
        guard let shots = Self.shots(app) else { return }
        let tmp = try TempFolder()
        let dir = tmp.file(app)
        let r = try Sceneflow.run(["new", dir] + shots, timeout: 120)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("\(shots.count) scenes"), "\(r)")
        let text = try String(contentsOfFile: tmp.file("\(app)/prototype.lua"), encoding: .utf8)
        if app == "spacecowboy__Feeder" {
            #expect(text.contains("screen = \"auto\""), "framed shots")
            #expect(text.contains("width = 360, height = 780, scale = 3"), "1080x2340 px inside the frame")
        }
        let test = try Sceneflow.run(["test", "\(dir)/Scripts"], timeout: 120)
        #expect(test.status == 0 && test.outputLines.last == "2 passed, 0 failed", "\(test)")
    }

    @Test func inspectPrintsTheElementTree() throws {
        let r = try Sceneflow.run(["inspect", "Prototypes/Notes", "--scene", "settings"])
        #expect(r.status == 0, "\(r)")
        #expect(r.outputLines.first?.hasPrefix("prototype \"Notes\"  device 360x800 pt at scale 3") == true, "\(r)")
        #expect(r.stdout.contains("scene \"settings\"  image 4_en-US.png"), "\(r)")
        #expect(r.stdout.contains("  hotspot \"Back\" {2, 40, 48, 48} on_tap: back()"), "\(r)")
        #expect(!r.stdout.contains("scene \"note\""), "\(r)")
        let stars = try Sceneflow.run(["inspect", "Prototypes/RatingLab"])
        #expect(
            stars.stdout.contains(
                "star_rating \"Min one\" {100, 270, 220, 60} stars 5 step 1 range 1–5 value 3 on_changing: function"),
            "a star rating shows its settings and actions: \(stars)")
        let typo = try Sceneflow.run(["inspect", "Prototypes/Notes", "--scene", "setings"])
        #expect(typo.status == 64 && typo.stderr.contains("did you mean \"settings\"?"), "\(typo)")
    }

    @Test func graphDotIsValidGraphvizAndRendersPNG() throws {
        let tmp = try TempFolder()
        let out = tmp.file("flow.dot")
        let r = try Sceneflow.run(["graph", "Prototypes/Catima", "--out", out], timeout: 120)
        #expect(r.status == 0, "\(r)")
        let dot = try String(contentsOfFile: out, encoding: .utf8)
        #expect(dot.contains("\"home\" -> \"card\" [label=\"Restaurant\\npush_left 0.35s\"]"), "\(dot)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("flow-thumbs/home.png")))
        #expect(dot.contains("<IMG SRC=\"flow-thumbs/home.png\""), "thumbnails relative to the DOT's folder: \(dot)")
        guard let graphviz = Self.which("dot") else {
            print("skipped the Graphviz half: `dot` is not installed (apt-get install graphviz)")
            return
        }
        let svg = try Self.runTool(graphviz, ["-Tsvg", out])
        #expect(svg.status == 0, "dot -Tsvg rejected the DOT: \(svg.output)")
        #expect(svg.output.contains("<svg"))
        let png = tmp.file("flow.png")
        let rp = try Sceneflow.run(["graph", "Prototypes/Catima", "--out", png], timeout: 120)
        #expect(rp.status == 0, "\(rp)")
        let size = try #require(PNGWriter.size(of: try Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(size.width > 300 && size.height > 200)
        // The SVG links its thumbnails relative to itself, so the folder can be moved or shared.
        let rs = try Sceneflow.run(["graph", "Prototypes/Catima", "--out", tmp.file("map.svg")], timeout: 120)
        let text = try String(contentsOfFile: tmp.file("map.svg"), encoding: .utf8)
        #expect(rs.status == 0 && text.contains("xlink:href=\"map-thumbs/home.png\""), "\(rs)")
        #expect(!text.contains(tmp.path), "no absolute paths in the SVG")
    }

    @Test func graphWithoutGraphvizSaysSoAndKeepsTheDot() throws {
        let tmp = try TempFolder()
        let r = try Sceneflow.run(
            ["graph", "Prototypes/Notes", "--out", tmp.file("flow.svg")], environment: ["PATH": "/nonexistent"],
            timeout: 120)
        #expect(r.status == 70, "\(r)")
        #expect(r.stderr.contains("Graphviz is not installed"), "\(r)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("flow.dot")))
        let usage = try Sceneflow.run(["graph", "Prototypes/Notes", "--format", "svgg"])
        #expect(usage.status == 64 && usage.stderr.contains("did you mean \"svg\"?"), "\(usage)")
    }

    static func which(_ tool: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            if FileManager.default.isExecutableFile(atPath: "\(folder)/\(tool)") { return "\(folder)/\(tool)" }
        }
        return nil
    }

    static func runTool(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
