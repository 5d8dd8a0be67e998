import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// Issue 13 item 3: `render` draws what `play` and `test` show. For every transition wired to an
/// element of every sample prototype (and its way back), and for overlays presented at the
/// bottom and in the centre, a generated script walks there and takes it under
/// `sceneflow test --frames --timeline`; then `sceneflow render` draws each captured frame from
/// the command line alone (the scene at rest, or `--scene A --to B --at` the captured moment,
/// the transition taken from the element wired there) and the two PNGs must be identical
/// (0 pixels differ).
@Suite("render draws what a test run shows", .serialized)
struct RenderMatchesTestRunTests {
    /// One transition an element leads to: from the scene holding it, by the element's
    /// occurrence among same-labelled elements there.
    struct Hop: Hashable {
        var from: String
        var to: String
        var label: String
        var index: Int
    }

    /// Forward hops (`go`, `present`, `replace` on a tap), in declaration order.
    static func forwardHops(_ prototype: Prototype) -> [Hop] {
        var hops: [Hop] = []
        for scene in prototype.orderedScenes {
            for element in scene.elements where element.enabled {
                guard let action = element.onTap, let target = action.targetScene, target != scene.name else {
                    continue
                }
                let index = scene.elements.filter { $0.label == element.label }.firstIndex { $0 == element }! + 1
                hops.append(Hop(from: scene.name, to: target, label: element.label, index: index))
            }
        }
        return hops
    }

    /// Taps leading from the start scene to `scene` (shortest, over forward hops), or nil.
    static func path(to scene: String, _ prototype: Prototype) -> [Hop]? {
        var paths: [String: [Hop]] = [prototype.start: []]
        var queue = [prototype.start]
        let hops = forwardHops(prototype)
        while !queue.isEmpty {
            let here = queue.removeFirst()
            if here == scene { return paths[here] }
            for hop in hops where hop.from == here && paths[hop.to] == nil {
                paths[hop.to] = paths[here]! + [hop]
                queue.append(hop.to)
            }
        }
        return nil
    }

    /// `tap {label, index}`, then (unless `expectScene` is false) `expect.scene` of where it leads.
    static func tapLine(_ hop: Hop, expectScene: Bool = true) -> String {
        let label = hop.label.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let tap = "  tap { label = \"\(label)\", index = \(hop.index) }\n"
        return expectScene ? tap + "  expect.scene \"\(hop.to)\"\n" : tap
    }

    /// A script with one test per forward hop (walk there, take it) and per way back (take it,
    /// then the scene's `back()` or `dismiss()` element).
    static func script(_ prototype: Prototype, folder: String) -> String {
        var text = "prototype \"\(folder)\"\n"
        for (n, hop) in forwardHops(prototype).enumerated() {
            guard let path = path(to: hop.from, prototype) else { continue }
            text += "test(\"hop \(n + 1)\", function()\n"
            for step in path + [hop] { text += tapLine(step) }
            let scene = prototype.scenes[hop.to]
            if let back = scene?.elements.first(where: { $0.onTap == .back || $0.onTap == .dismiss }) {
                let index = scene!.elements.filter { $0.label == back.label }.firstIndex { $0 == back }! + 1
                // A dismiss goes below the modal, wherever that is: the tap waits until it settled.
                text += tapLine(Hop(from: hop.to, to: hop.from, label: back.label, index: index), expectScene: false)
            }
            text += "end)\n"
        }
        return text
    }

    /// One captured frame: the PNG, the clock time and what it shows.
    struct Capture {
        var file: String
        /// The clock time in seconds, as the summary writes it (three decimals).
        var clock: Double
        var test: String
        var what: String
    }

    static func captures(summary: String) -> [Capture] {
        summary.split(separator: "\n").compactMap { line -> Capture? in
            let parts = line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")
            guard parts.count >= 4, parts[0].hasSuffix(".png") else { return nil }
            return Capture(
                file: parts[0], clock: Double(parts[1].dropLast()) ?? -1,
                test: parts[2].trimmingCharacters(in: CharacterSet(charactersIn: "[]")),
                what: parts[3...].joined(separator: "  "))
        }
    }

    /// The number of pixels that differ (ImageMagick `compare -metric AE`), or nil without it.
    static func differingPixels(_ a: String, _ b: String) -> String? {
        let compare = Process()
        compare.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compare.arguments = ["compare", "-metric", "AE", a, b, "null:"]
        let pipe = Pipe()
        compare.standardError = pipe
        compare.standardOutput = FileHandle.nullDevice
        guard (try? compare.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        compare.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs the generated script on `folder` with frames and a timeline, then renders every
    /// captured frame; returns the mismatches (empty when every frame is identical).
    static func compareRenders(folder: String, tmp: TempFolder) throws -> (checked: Int, problems: [String]) {
        let prototype = try PrototypeOpener.open(folder).prototype
        guard !forwardHops(prototype).isEmpty else { return (0, []) }
        let scriptPath = try tmp.write("hops.lua", script(prototype, folder: folder))
        let frames = tmp.file("frames")
        let timelinePath = tmp.file("timeline.json")
        let run = try Sceneflow.run(
            ["test", scriptPath, "--frames", frames, "--timeline", timelinePath], timeout: 300)
        guard run.status == 0 else { return (0, ["the generated walk failed: \(run)"]) }
        let framesFolder = try #require(
            try FileManager.default.contentsOfDirectory(atPath: frames).first { !$0.hasPrefix(".") })
        let framesDir = (frames as NSString).appendingPathComponent(framesFolder)
        let summary = try String(
            contentsOfFile: (framesDir as NSString).appendingPathComponent("summary.txt"), encoding: .utf8)
        let timeline = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: timelinePath)))
        let runs = ((timeline as? [String: Any])?["runs"] as? [[String: Any]]) ?? []
        // Transitions in the order their middle frames were captured.
        var transitions = runs.flatMap { ($0["transitions"] as? [[String: Any]]) ?? [] }
        var problems: [String] = []
        var checked = 0
        var seenAtRest: Set<String> = []
        for capture in captures(summary: summary) {
            let captured = (framesDir as NSString).appendingPathComponent(capture.file)
            let out = tmp.file("render-\(capture.file)")
            var arguments = ["render", folder]
            if capture.what.hasPrefix("scene ") {
                let scene = String(capture.what.dropFirst("scene ".count))
                // The first time each test shows a scene it is as the prototype declares it.
                guard seenAtRest.insert("\(capture.test)/\(scene)").inserted else { continue }
                arguments += ["--scene", scene]
            } else {
                guard !transitions.isEmpty else {
                    problems.append("\(capture.file): no transition in the timeline for \(capture.what)")
                    continue
                }
                let record = transitions.removeFirst()
                let from = record["from"] as? String ?? "?"
                let to = record["to"] as? String ?? "?"
                let start = record["start"] as? Double ?? 0
                let duration = (record["requested_duration"] as? Double ?? 0) * (record["slow_motion"] as? Double ?? 1)
                let frameClocks = ((record["frames"] as? [[String: Any]]) ?? []).compactMap { $0["clock"] as? Double }
                guard capture.what.hasPrefix("\(from) -> \(to),"),
                    let clock = frameClocks.first(where: { abs($0 - capture.clock) < 0.0006 }), duration > 0
                else {
                    problems.append("\(capture.file): \(capture.what) does not match the timeline's \(from) -> \(to)")
                    continue
                }
                arguments += ["--scene", from, "--to", to, "--at", "\(clock - start)"]
            }
            let render = try Sceneflow.run(arguments + ["--out", out], timeout: 120)
            checked += 1
            guard render.status == 0 else {
                problems.append(
                    "\(capture.file) (\(capture.what)): \(arguments.joined(separator: " ")) failed: \(render)")
                continue
            }
            let same =
                try Data(contentsOf: URL(fileURLWithPath: captured)) == Data(contentsOf: URL(fileURLWithPath: out))
            if !same {
                let count = differingPixels(captured, out) ?? "some"
                problems.append(
                    "\(capture.file) (\(capture.what), test \"\(capture.test)\"): \(count) pixels differ from `sceneflow \(arguments.dropFirst().joined(separator: " "))`"
                )
            }
        }
        return (checked, problems)
    }

    @Test(arguments: ["AuroraStore", "Catima", "Feeder", "Notes", "RatingLab", "ShoppingList"])
    func everyWiredTransitionOfASamplePrototypeRendersAsTheTestRunShowsIt(_ name: String) throws {
        let tmp = try TempFolder()
        let folder = Sceneflow.packageRoot.appendingPathComponent("Prototypes/\(name)").path
        let (checked, problems) = try Self.compareRenders(folder: folder, tmp: tmp)
        #expect(checked > 0, "frames were compared")
        let report = problems.joined(separator: "\n")
        #expect(problems.isEmpty, "\(report)")
    }

    /// A prototype with a bottom sheet and a centred card (with a star rating) over a scene.
    static func writeOverlayPrototype(_ tmp: TempFolder) throws -> String {
        try tmp.write("Overlays/entry.png", PNGWriter.solid(width: 195, height: 422, rgb: (40, 90, 200)))
        try tmp.write("Overlays/sheet.png", PNGWriter.solid(width: 195, height: 150, rgb: (240, 240, 240)))
        try tmp.write("Overlays/card.png", PNGWriter.solid(width: 135, height: 115, rgb: (255, 255, 255)))
        try tmp.write("Overlays/next.png", PNGWriter.solid(width: 195, height: 422, rgb: (200, 60, 60)))
        try tmp.write(
            "Overlays/prototype.lua",
            """
            return {
              name = "Overlays",
              device = { width = 390, height = 844, scale = 0.5 },
              start = "entry",
              scenes = {
                entry = { image = "entry.png", elements = {
                  { label = "Share", frame = { 20, 700, 350, 60 }, on_tap = present("sheet", { overlay = true, size = { 390, 300 } }) },
                  { label = "Rate", frame = { 20, 600, 350, 60 },
                    on_tap = present("rate", { overlay = true, position = "center", size = { 270, 230 }, dim = 0.5 }) },
                  { label = "Next", frame = { 20, 500, 350, 60 }, on_tap = go("next", "push_left", 0.5) },
                } },
                sheet = { image = "sheet.png", elements = {
                  { label = "Done", frame = { 0, 0, 390, 60 }, on_tap = dismiss() },
                } },
                rate = { image = "card.png", elements = {
                  { label = "Rating", control = "star_rating", frame = { 20, 80, 230, 66 } },
                  { label = "Close", frame = { 0, 180, 270, 50 }, on_tap = dismiss() },
                } },
                next = { image = "next.png", elements = {
                  { label = "Back", frame = { 0, 0, 100, 60 }, on_tap = back() },
                } },
              },
            }

            """)
        return tmp.file("Overlays")
    }

    @Test func overlaysRenderDimmedPlacedAndSizedAsTheTestRunShowsThem() throws {
        let tmp = try TempFolder()
        let folder = try Self.writeOverlayPrototype(tmp)
        let (checked, problems) = try Self.compareRenders(folder: folder, tmp: tmp)
        #expect(checked >= 10, "frames were compared: \(checked)")
        let report = problems.joined(separator: "\n")
        #expect(problems.isEmpty, "\(report)")
    }

    @Test func renderToTakesTheWiredTransitionAndItsDuration() throws {
        let tmp = try TempFolder()
        let folder = try Self.writeOverlayPrototype(tmp)
        // The present of "rate" lasts 0.3 s (the overlay default): --at 0.3 is its end, 0.32 is past it.
        let end = try Sceneflow.run(
            ["render", folder, "--scene", "entry", "--to", "rate", "--at", "0.3", "--out", tmp.file("end.png")])
        #expect(end.status == 0, "\(end)")
        #expect(end.stdout.contains("\"Rate\""), "says which element's transition it drew: \(end)")
        let past = try Sceneflow.run(
            ["render", folder, "--scene", "entry", "--to", "rate", "--at", "0.32", "--out", tmp.file("past.png")])
        #expect(past.status == 64, "\(past)")
        #expect(past.stderr.contains("0.3 s"), "names the real duration: \(past)")
        // The push to "next" lasts 0.5 s: --at 0.45 is inside it.
        let late = try Sceneflow.run(
            ["render", folder, "--scene", "entry", "--to", "next", "--at", "0.45", "--out", tmp.file("late.png")])
        #expect(late.status == 0, "\(late)")
    }

    @Test func renderToSaysWhichElementItChoseWhenSeveralLeadThere() throws {
        let tmp = try TempFolder()
        let folder = try tmp.prototype(
            scenes: """
                    home = {
                      image = "home.png",
                      elements = {
                        { label = "Open", frame = { 2, 10, 30, 20 }, on_tap = go("detail", "push_left", 0.3) },
                        { label = "Peek", frame = { 2, 40, 30, 20 }, on_tap = go("detail", "crossfade", 0.2) },
                      },
                    },
                    detail = { image = "detail.png" },
                """)
        let r = try Sceneflow.run(
            ["render", folder, "--scene", "home", "--to", "detail", "--out", tmp.file("mid.png")])
        #expect(r.status == 0, "\(r)")
        #expect(
            r.stdout.contains("\"Open\"") && r.stdout.contains("\"Peek\""), "names the one taken and the other: \(r)")
        #expect(r.stdout.contains("push_left"), "\(r)")
    }

    @Test func inspectReportsOverlayElementsWhereTheyAreShownWithTheirValues() throws {
        let tmp = try TempFolder()
        let folder = try Self.writeOverlayPrototype(tmp)
        let r = try Sceneflow.run(["inspect", folder, "--scene", "rate"])
        #expect(r.status == 0, "\(r)")
        #expect(
            r.stdout.contains("star_rating \"Rating\" {80, 387, 230, 66}"),
            "the frame on screen, as element() reports it: \(r)")
        #expect(r.stdout.contains("value 0"), "the value as element() reads it: \(r)")
        #expect(r.stdout.contains("declared {20, 80, 230, 66}"), "and where prototype.lua puts it on the card: \(r)")
    }
}
