import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// `sceneflow hotspot` write-back (issue 16.2) on prototypes written in many styles: after
/// each action the file loads, the element is there with its frame and action, every other
/// line is byte for byte what it was, and the added text follows the file's style.
@Suite struct HotspotWriterTests {
    static let label = "Über \"Einstellungen\" \\ 日本語 ✓"

    /// The lines (as bytes, split at `\n` so a `\r` stays on its line) that differ between
    /// `old` and `new` once their common first and last lines are taken away.
    static func middle(_ old: Data, _ new: Data) -> (old: [[UInt8]], new: [[UInt8]]) {
        let a = old.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
        let b = new.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
        var p = 0
        while p < a.count, p < b.count, a[p] == b[p] { p += 1 }
        var s = 0
        while s < a.count - p, s < b.count - p, a[a.count - 1 - s] == b[b.count - 1 - s] { s += 1 }
        return (Array(a[p..<(a.count - s)]), Array(b[p..<(b.count - s)]))
    }

    /// How many lines of `old` are not kept, byte for byte and in order, in `new` (the old
    /// line count less their longest common subsequence of lines).
    static func changedOldLines(_ old: Data, _ new: Data) -> Int {
        let a = old.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
        let b = new.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
        var row = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var diagonal = 0
            for j in 1...b.count {
                let above = row[j]
                row[j] = x == b[j - 1] ? diagonal + 1 : max(row[j], row[j - 1])
                diagonal = above
            }
        }
        return a.count - row[b.count]
    }

    static func text(_ lines: [[UInt8]]) -> String {
        lines.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }

    /// Writes the style's prototype and returns its folder.
    static func folder(_ temp: TempFolder, _ style: HotspotFileStyle) throws -> String {
        try temp.image("P/home.png")
        try temp.image("P/detail.png")
        try temp.write("P/prototype.lua", style.text)
        return temp.file("P")
    }

    static func load(_ folder: String) throws -> Prototype { try PrototypeOpener.open(folder).prototype }

    /// Line endings stay as the file has them: every line break of a CRLF file is CRLF.
    static func expectLineEndings(_ data: Data, crlf: Bool, _ style: HotspotFileStyle) {
        let bytes = Array(data)
        let bare = bytes.indices.filter { bytes[$0] == 10 && ($0 == 0 || bytes[$0 - 1] != 13) }.count
        let carriage = bytes.indices.filter { bytes[$0] == 13 }.count
        if crlf { #expect(bare == 0, "\(style): a bare LF in a CRLF file") } else { #expect(carriage == 0, "\(style)") }
    }

    @Test(arguments: HotspotFileStyle.all)
    func addGoesLastInTheFilesStyle(_ style: HotspotFileStyle) throws {
        let temp = try TempFolder()
        let folder = try Self.folder(temp, style)
        let old = try Data(contentsOf: URL(fileURLWithPath: folder + "/prototype.lua"))
        let frame = Rect(x: 1, y: 2.5, width: 30, height: 10)
        let outcome = try HotspotWriter.apply(
            .add(label: Self.label, frame: frame, action: .go(scene: "detail", transition: "push_left", duration: 0.3)),
            scene: "home", folder: folder)
        let new = try Data(contentsOf: URL(fileURLWithPath: folder + "/prototype.lua"))
        let home = try #require(try Self.load(folder).scenes["home"], "\(style)")
        #expect(home.elements.map(\.label) == style.homeLabels + [Self.label], "\(style)")
        let added = try #require(home.elements.last)
        #expect(added.frame == frame, "\(style)")
        #expect(added.onTap == .go(scene: "detail", transition: Transition(kind: .pushLeft, duration: 0.3)), "\(style)")
        let (gone, came) = Self.middle(old, new)
        let changed = Self.changedOldLines(old, new)
        #expect(changed <= 1, "\(style): only one old line may change\n\(Self.text(gone))")
        let added1 = Self.text(came)
        let quote = style.quote
        #expect(
            added1.contains("label = " + LuaStringLiteral.quoted(Self.label, quote: Character(quote))),
            "\(style)\n\(added1)")
        #expect(
            added1.contains(style.padded ? "frame = { 1, 2.5, 30, 10 }" : "frame = {1, 2.5, 30, 10}"),
            "\(style)\n\(added1)")
        #expect(
            added1.contains("on_tap = go(\(quote)detail\(quote), \(quote)push_left\(quote), 0.3)"),
            "\(style)\n\(added1)")
        let i3 = style.indent + style.indent + style.indent
        switch style.list {
        case .populated, .emptyMultiline:
            #expect(changed == (style.trailing || style.list == .emptyMultiline ? 0 : 1), "\(style)")
            #expect(came.last.map { String(decoding: $0, as: UTF8.self).hasPrefix(i3 + style.indent + "{") } == true)
        case .absent:
            #expect(added1.contains(i3 + "elements = {"), "\(style)\n\(added1)")
        case .emptyInline, .oneLine, .oneLineScene:
            #expect(changed == 1, "\(style)")
        }
        #expect(outcome.line == Self.lineOf(Self.label, in: new, quote: quote), "\(style)")
        Self.expectLineEndings(new, crlf: style.crlf, style)

        // A second add goes after the first.
        _ = try HotspotWriter.apply(
            .add(label: "Second", frame: frame, action: .back), scene: "home", folder: folder)
        let labels = try Self.load(folder).scenes["home"]?.elements.map(\.label)
        #expect(labels == style.homeLabels + [Self.label, "Second"], "\(style)")
        Self.expectLineEndings(
            try Data(contentsOf: URL(fileURLWithPath: folder + "/prototype.lua")), crlf: style.crlf, style)
    }

    /// The 1-based line of `new` that writes the label literal.
    static func lineOf(_ label: String, in data: Data, quote: String) -> Int? {
        let literal = LuaStringLiteral.quoted(label, quote: Character(quote))
        let lines = data.split(separator: 10, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        return lines.firstIndex { $0.contains(literal) }.map { $0 + 1 }
    }

    @Test(arguments: HotspotFileStyle.all.filter { !$0.homeLabels.isEmpty })
    func moveChangesTheFrameOnly(_ style: HotspotFileStyle) throws {
        let temp = try TempFolder()
        let folder = try Self.folder(temp, style)
        let old = try Data(contentsOf: URL(fileURLWithPath: folder + "/prototype.lua"))
        let frame = Rect(x: 4, y: 50, width: 32, height: 12.25)
        _ = try HotspotWriter.apply(.move(label: "Help", frame: frame), scene: "home", folder: folder)
        let new = try Data(contentsOf: URL(fileURLWithPath: folder + "/prototype.lua"))
        let home = try #require(try Self.load(folder).scenes["home"])
        #expect(home.elements.map(\.label) == ["Open", "Help"])
        #expect(home.elements[1].frame == frame)
        #expect(home.elements[1].onTap == .present(scene: "sheet", transition: Transition(kind: .coverUp)))
        let (gone, came) = Self.middle(old, new)
        #expect(gone.count == 1 && came.count == 1, "\(style)")
        let before = Self.text(gone)
        let after = Self.text(came)
        let oldFrame = style.padded ? "{ 0, 20, 36, 20 }" : "{0, 20, 36, 20}"
        let newFrame = style.padded ? "{ 4, 50, 32, 12.25 }" : "{4, 50, 32, 12.25}"
        #expect(after == before.replacingOccurrences(of: oldFrame, with: newFrame), "\(style)\n\(before)\n\(after)")
    }

    @Test(arguments: HotspotFileStyle.all.filter { !$0.homeLabels.isEmpty })
    func removeTakesTheElementsTextOnly(_ style: HotspotFileStyle) throws {
        let temp = try TempFolder()
        let folder = try Self.folder(temp, style)
        let old = try Data(contentsOf: URL(fileURLWithPath: folder + "/prototype.lua"))
        _ = try HotspotWriter.apply(.remove(label: "Open"), scene: "home", folder: folder)
        let new = try Data(contentsOf: URL(fileURLWithPath: folder + "/prototype.lua"))
        #expect(try Self.load(folder).scenes["home"]?.elements.map(\.label) == ["Help"])
        let (gone, came) = Self.middle(old, new)
        #expect(gone.count == 1, "\(style)")
        #expect(came.count == (style.list == .oneLine ? 1 : 0), "\(style)\n\(Self.text(came))")
        #expect(Self.text(gone).contains("Open"))
        // Removing the other one too leaves a list that loads.
        _ = try HotspotWriter.apply(.remove(label: "Help"), scene: "home", folder: folder)
        #expect(try Self.load(folder).scenes["home"]?.elements.isEmpty == true, "\(style)")
    }

    @Test func labelsAndTheirLiteralsRoundTrip() throws {
        for label in ["it's", "\\\"", "e\u{301}", "-- not a comment", "]]"] {
            let temp = try TempFolder()
            let folder = try Self.folder(temp, HotspotFileStyle(quote: "'"))
            _ = try HotspotWriter.apply(
                .add(label: label, frame: Rect(x: 0, y: 0, width: 9, height: 9), action: nil), scene: "home",
                folder: folder)
            let labels = try Self.load(folder).scenes["home"]?.elements.map(\.label) ?? []
            #expect(
                labels.last.map { Array($0.unicodeScalars) } == Array(label.unicodeScalars), "\(label.debugDescription)"
            )
            _ = try HotspotWriter.apply(.remove(label: label), scene: "home", folder: folder)
            #expect(try Self.load(folder).scenes["home"]?.elements.map(\.label) == ["Open", "Help"])
        }
    }
}

/// On every scene of every sample prototype (real files, written by hand): add, move and
/// remove an element, and the file is byte for byte what it was.
@Suite struct HotspotSampleRoundTripTests {
    @Test(arguments: ["AuroraStore", "Catima", "Feeder", "Notes", "RatingLab", "ShoppingList"])
    func addMoveRemoveLeavesTheFileAsItWas(_ sample: String) throws {
        let temp = try TempFolder()
        let sampleFolder = Sceneflow.packageRoot.appendingPathComponent("Prototypes/\(sample)")
        try FileManager.default.copyItem(at: sampleFolder, to: temp.url.appendingPathComponent("P"))
        let folder = temp.file("P")
        let path = folder + "/prototype.lua"
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let scenes = try PrototypeOpener.open(folder).prototype.sceneOrder
        #expect(!scenes.isEmpty)
        for scene in scenes {
            let label = "Zz ✓ \(scene)"
            _ = try HotspotWriter.apply(
                .add(label: label, frame: Rect(x: 1, y: 2, width: 44, height: 44), action: .back), scene: scene,
                folder: folder)
            // By label: a scene of a tab's stack lists the tab bar's items after its own elements.
            let added = try PrototypeOpener.open(folder).prototype.scenes[scene]?.elements.first { $0.label == label }
            #expect(added?.label == label && added?.onTap == .back, "\(sample) \(scene)")
            _ = try HotspotWriter.apply(
                .move(label: label, frame: Rect(x: 3, y: 4, width: 50, height: 44)), scene: scene, folder: folder)
            let moved = try PrototypeOpener.open(folder).prototype.scenes[scene]?.elements.first { $0.label == label }
            #expect(moved?.frame == Rect(x: 3, y: 4, width: 50, height: 44), "\(sample) \(scene)")
            _ = try HotspotWriter.apply(.remove(label: label), scene: scene, folder: folder)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original, "\(sample) \(scene)")
        }
    }
}
