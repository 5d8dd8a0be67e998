import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Extreme numbers in every numeric slot of a prototype (issue 15.3): each number literal of
/// every sample prototype (`Prototypes/*/prototype.lua`, which between them use every key:
/// device, screen rectangles, frames, transitions, overlays, scroll regions, star ratings,
/// timed actions) is replaced in turn by NaN, ±infinity, ±1e308, 2^63 and tiny positive and
/// negative numbers (1e-20, the smallest denormal), and every key of the validator's key tables
/// is given each of them. Loading must either refuse with diagnostics or give a model whose
/// numbers convert to pixels without trapping (`Device.pixelWidth`, frames and screen
/// rectangles) and that `check`'s warnings describe without trapping (red-team finding M4: an
/// overlay 1e-20 pt wide made the aspect warning's percentage overflow `Int`).
@Suite struct PrototypeExtremeNumberTests {
    static let extremes = [
        "(0/0)", "(1/0)", "(-1/0)", "1e308", "-1e308", "2^63", "3e9", "-3e9", "1e6", "1e-20", "5e-324", "-5e-324",
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var samples: [String] {
        let folder = root.appendingPathComponent("Prototypes").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().filter { FileManager.default.fileExists(atPath: "\(folder)/\($0)/prototype.lua") }
    }

    /// The ranges of the number literals in `source` outside comments and strings.
    static func numberLiterals(_ source: String) -> [Range<String.Index>] {
        var result: [Range<String.Index>] = []
        var i = source.startIndex
        func at(_ s: String) -> Bool { source[i...].hasPrefix(s) }
        while i < source.endIndex {
            let c = source[i]
            if at("--") {
                if at("--[[") || at("--[=") {
                    i = source[i...].range(of: "]]")?.upperBound ?? source.endIndex
                } else {
                    i = source[i...].firstIndex(of: "\n") ?? source.endIndex
                }
            } else if c == "\"" || c == "'" {
                var j = source.index(after: i)
                while j < source.endIndex, source[j] != c {
                    if source[j] == "\\" { j = source.index(after: j) }
                    if j < source.endIndex { j = source.index(after: j) }
                }
                i = j < source.endIndex ? source.index(after: j) : j
            } else if at("[[") {
                i = source[i...].range(of: "]]")?.upperBound ?? source.endIndex
            } else if c.isNumber,
                i == source.startIndex
                    || !(source[source.index(before: i)].isLetter
                        || source[source.index(before: i)] == "_" || source[source.index(before: i)].isNumber)
            {
                var j = i
                while j < source.endIndex, source[j].isNumber || source[j] == "." { j = source.index(after: j) }
                result.append(i..<j)
                i = j
            } else {
                i = source.index(after: i)
            }
        }
        return result
    }

    /// Loads `text` as the prototype of `folder`; when it loads, converts its numbers as the
    /// runner does.
    static func loadAndConvert(_ text: String, in folder: String) {
        try! text.write(toFile: folder + "/prototype.lua", atomically: true, encoding: .utf8)
        guard let loaded = try? PrototypeLoader.load(directory: folder) else { return }
        let p = loaded.prototype
        _ = (p.device.pixelWidth, p.device.pixelHeight)
        _ = PrototypeChecker.warnings(for: p, file: "prototype.lua", imageFiles: ["home.png", "detail.png"])
        _ = PrototypeChecker.aspectWarnings(for: p, file: "prototype.lua") { _, _ in (width: 1080, height: 2400) }
        _ = PrototypeChecker.fitWarnings(for: p, file: "prototype.lua")
        _ = PrototypeChecker.scrollWarnings(for: p, file: "prototype.lua")
        for scene in p.scenes.values {
            for element in scene.elements {
                #expect(element.frame.x.isFinite && element.frame.width.isFinite, "\(element.frame)")
                // Every transition's duration within the one range (red-team 15 F1: an
                // overlay's present took 1e308 s while go() stopped at 600 s).
                switch element.onTap {
                case .go(_, let t), .replace(_, let t), .present(_, let t), .tab(_, let t):
                    #expect(t.duration >= 0 && t.duration <= Transition.maxDuration, "\(element.onTap)")
                default: break
                }
            }
        }
        #expect(p.device.width.isFinite && p.device.scale.isFinite && p.device.scale < 1e6, "\(p.device)")
        // Every number that reaches pixel arithmetic (red-team findings F6, F7): overlay sizes,
        // star sizes, spacing and touch bands, scroll heights, as points × scale in Int32.
        let scale = p.device.scale
        func fits(_ points: Double, _ what: String) {
            #expect(Int32(exactly: (points * scale).rounded()) != nil, "\(what) \(points) pt at scale \(scale)")
        }
        for scene in p.scenes.values {
            if let size = scene.design.overlay?.size {
                fits(size.width, "overlay size")
                fits(size.height, "overlay size")
            }
            for scroll in [scene.design.scroll, scene.design.landscape?.scroll].compactMap({ $0 }) {
                fits(scroll.header + scroll.footer, "scroll header + footer")
                if let height = scroll.contentHeight {
                    #expect(height * scale <= 16_384, "scroll height \(height) pt at scale \(scale)")
                }
            }
            for element in scene.elements {
                guard let rating = element.control?.starRating else { continue }
                let star = rating.starSize ?? Size(width: 20, height: 20)
                fits(star.width * Double(rating.stars) + rating.spacing * Double(rating.stars - 1), "star row")
                fits(star.height + 2 * rating.touchBand, "star row and touch band")
            }
        }
    }

    @Test(arguments: samples)
    func everyNumberLiteralOfASample(_ sample: String) throws {
        let folder = NSTemporaryDirectory() + "sceneflow-extreme-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(
            atPath: Self.root.appendingPathComponent("Prototypes/\(sample)").path, toPath: folder)
        let source = try String(contentsOfFile: folder + "/prototype.lua", encoding: .utf8)
        let literals = Self.numberLiterals(source)
        #expect(literals.count > 5, "\(sample): found only \(literals.count) number literals")
        for range in literals {
            for value in Self.extremes {
                var text = source
                text.replaceSubrange(range, with: value)
                Self.loadAndConvert(text, in: folder)
            }
        }
    }

    @Test func everyKeyOfTheKeyTables() throws {
        let folder = TestFolders.prototype("")
        let tables: [(keys: [String], template: (String, String) -> String)] = [
            (PrototypeValidator.rootKeys, { k, v in Self.base(root: "\(k) = \(v),") }),
            (PrototypeValidator.deviceKeys, { k, v in Self.base(device: "\(k) = \(v)") }),
            (PrototypeValidator.sceneKeys, { k, v in Self.base(scene: "\(k) = \(v),") }),
            (PrototypeValidator.elementKeys, { k, v in Self.base(element: "\(k) = \(v),") }),
            (
                PrototypeValidator.starRatingKeys,
                { k, v in Self.base(element: "control = \"star_rating\", \(k) = \(v),") }
            ),
            (["header", "footer", "height"], { k, v in Self.base(scene: "scroll = { \(k) = \(v) },") }),
            (
                ["star_size"],
                { k, v in Self.base(element: "control = \"star_rating\", \(k) = { \(v), \(v) },") }
            ),
            (
                ["size"],
                { k, v in Self.base(element: "on_tap = present(\"detail\", {overlay = true, \(k) = {\(v), \(v)}}),") }
            ),
            (
                PrototypeValidator.overlayKeys,
                { k, v in Self.base(element: "on_tap = present(\"detail\", {overlay = true, \(k) = \(v)}),") }
            ),
        ]
        for (keys, template) in tables {
            for key in keys {
                for value in Self.extremes {
                    Self.loadAndConvert(template(key, value), in: folder)
                    Self.loadAndConvert(template(key, "{\(value), 1, 2, 3}"), in: folder)
                    Self.loadAndConvert(template(key, "{1, 1, \(value), 3}"), in: folder)
                }
            }
        }
        for value in Self.extremes {
            Self.loadAndConvert(Self.base(element: "on_tap = go(\"detail\", \"push_left\", \(value)),"), in: folder)
        }
    }

    /// A small prototype with `root`, `device`, `scene` and `element` text spliced in (a later
    /// key of the same name wins in a Lua table constructor).
    static func base(root: String = "", device: String = "", scene: String = "", element: String = "") -> String {
        """
        return {
          name = "Extreme",
          device = { width = 360, height = 800, scale = 3, \(device) },
          start = "home",
          scenes = {
            home = { image = "home.png", elements = {
              { label = "Open", frame = { 10, 10, 100, 40 }, on_tap = go("detail"), \(element) } }, \(scene) },
            detail = { image = "detail.png" },
          },
          \(root)
        }
        """
    }
}
