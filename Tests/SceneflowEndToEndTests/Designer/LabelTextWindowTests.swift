import Foundation
import Testing

/// Issue 16 item 4: element labels in any script, anti-aliased, in the window under Xvfb (with
/// `H`) and in `render --labels` (headless). Window tests need Xvfb, xdotool and ImageMagick
/// and skip without them.
@Suite(.serialized) struct LabelTextWindowTests {
    static let labels = ["Über Einstellungen", "日本語", "✓ Done"]

    /// 180x320 pt at scale 2 (360x640 px), one element per label, 60 pt apart, on a solid blue screen.
    static func prototype(_ tmp: TempFolder, labels: [String] = labels) throws -> String {
        try tmp.write("P/home.png", PNGWriter.solid(width: 360, height: 640, rgb: (40, 120, 200)))
        let elements = labels.enumerated().map { i, label in
            "{ label = \"\(label)\", frame = { 4, \(20 + i * 60), 172, 44 }, on_tap = go(\"home\") },"
        }
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "LabelLab", device = { width = 180, height = 320, scale = 2 }, start = "home",
              scenes = { home = { image = "home.png", elements = {
                \(elements.joined(separator: "\n    "))
              } } },
            }
            """)
        return tmp.file("P")
    }

    /// The number of distinct colours in `width` x `height` px at (`x`, `y`) of the PNG at `path`.
    static func colours(_ path: String, x: Int, y: Int, width: Int, height: Int) -> Int {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: DesignerCommandTests.which("convert") ?? "/usr/bin/convert")
        p.arguments = [path, "-crop", "\(width)x\(height)+\(x)+\(y)", "+repage", "-format", "%k", "info:"]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        try? p.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test func hShowsLabelsInAnyScriptAntiAliased() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try Self.prototype(tmp)
        let w = try PlayingWindow(display, ["play", dir, "--no-hints", "--no-reload"], title: "LabelLab")
        let size = w.geometry
        let scale = Double(size.width) / 180  // window pixels per point at fit
        // Each label starts at its element's top-left: 13 window pixels of text plus padding.
        func region(_ i: Int) -> (x: Int, y: Int, width: Int, height: Int) {
            (Int(4 * scale) + 1, Int(Double(20 + i * 60) * scale) + 1, 40, 18)
        }
        let before = tmp.file("before.png")
        w.capture(before)
        for i in Self.labels.indices {
            let r = region(i)
            let n = Self.colours(before, x: r.x, y: r.y, width: r.width, height: r.height)
            #expect(n >= 1 && n <= 3, "no label before H: \(n) colours in \(r)")
        }
        w.key("h")
        let after = tmp.file("after.png")
        var counts: [Int] = []
        let shown = poll(timeout: 15) {
            w.capture(after)
            counts = Self.labels.indices.map { i in
                let r = region(i)
                return Self.colours(after, x: r.x, y: r.y, width: r.width, height: r.height)
            }
            return counts.allSatisfy { $0 >= 8 }
        }
        // Anti-aliased text on the label's blue: many levels between blue and white, per label
        // (the CJK label too when a CJK font is installed; else it shows boxes, still drawn).
        #expect(shown, "labels with anti-aliased text after H: \(counts) colours in \(size)")
        w.quit()
        #expect(w.status == 0, "\(w.log)")
    }

    @Test func renderLabelsDrawsTheOverlayIntoThePNG() throws {
        let tmp = try TempFolder()
        let dir = try Self.prototype(tmp)
        let plain = tmp.file("plain.png")
        let labelled = tmp.file("labelled.png")
        let a = try Sceneflow.run(["render", dir, "--out", plain])
        let b = try Sceneflow.run(["render", dir, "--labels", "--out", labelled])
        #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
        #expect(b.stdout.contains("wrote") && b.stdout.contains("360x640"), "\(b.stdout)")
        // The label regions: one colour without --labels, anti-aliased text with it.
        for i in Self.labels.indices {
            let y = (20 + i * 60) * 2 + 4
            #expect(Self.colours(plain, x: 12, y: y, width: 60, height: 24) == 1)
            let n = Self.colours(labelled, x: 12, y: y, width: 60, height: 24)
            #expect(n >= 10, "\(Self.labels[i]): \(n) colours")
        }
        // A character no font has is noted, drawn as a box, and is no error.
        let odd = try TempFolder()
        let oddDir = try Self.prototype(odd, labels: ["Private \u{10FFFD}"])
        let c = try Sceneflow.run(["render", oddDir, "--labels", "--out", odd.file("odd.png")])
        #expect(c.status == 0, "\(c.stderr)")
        #expect(c.stdout.contains("no installed font has") && c.stdout.contains("U+10FFFD"), "\(c.stdout)")
    }
}
