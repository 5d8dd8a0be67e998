import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// `sceneflow hotspot link` write-back (the edit mode's "choose what it does") on prototypes
/// written in many styles: the element's `on_tap` is rewritten, added or removed, the file
/// loads with the new action, and every other line is byte for byte what it was.
@Suite struct HotspotLinkTests {
    typealias W = HotspotWriterTests

    static func read(_ folder: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: folder + "/prototype.lua"))
    }

    @Test(arguments: HotspotFileStyle.all.filter { !$0.homeLabels.isEmpty })
    func linkRewritesTheActionOnly(_ style: HotspotFileStyle) throws {
        let temp = try TempFolder()
        let folder = try W.folder(temp, style)
        let old = try Self.read(folder)
        let outcome = try HotspotWriter.apply(
            .link(label: "Open", action: .present(scene: "sheet", transition: "cover_up", duration: 0.25)),
            scene: "home", folder: folder)
        let new = try Self.read(folder)
        let home = try #require(try W.load(folder).scenes["home"], "\(style)")
        #expect(home.elements.map(\.label) == ["Open", "Help"], "\(style)")
        #expect(
            home.elements[0].onTap == .present(scene: "sheet", transition: Transition(kind: .coverUp, duration: 0.25)),
            "\(style)")
        #expect(home.elements[0].frame == Rect(x: 0, y: 0, width: 36, height: 20), "\(style)")
        #expect(home.elements[1].onTap == .present(scene: "sheet", transition: Transition(kind: .coverUp)), "\(style)")
        let (gone, came) = W.middle(old, new)
        #expect(gone.count == 1 && came.count == 1, "\(style)\n\(W.text(gone))\n\(W.text(came))")
        let q = style.quote
        let oldCall = "go(\(q)detail\(q))"
        let newCall = "present(\(q)sheet\(q), \(q)cover_up\(q), 0.25)"
        #expect(
            W.text(came) == W.text(gone).replacingOccurrences(of: oldCall, with: newCall),
            "\(style)\n\(W.text(gone))\n\(W.text(came))")
        if !style.longLabel { #expect(outcome.line == W.lineOf("Open", in: new, quote: q), "\(style)") }
        #expect(outcome.summary.hasPrefix("linked \"Open\" to present(\"sheet\", \"cover_up\", 0.25)"), "\(outcome)")
        W.expectLineEndings(new, crlf: style.crlf, style)
    }

    @Test(arguments: HotspotFileStyle.all.filter { !$0.homeLabels.isEmpty })
    func noneRemovesTheActionAndLinkAddsItBack(_ style: HotspotFileStyle) throws {
        let temp = try TempFolder()
        let folder = try W.folder(temp, style)
        let old = try Self.read(folder)
        _ = try HotspotWriter.apply(.link(label: "Help", action: nil), scene: "home", folder: folder)
        let home = try #require(try W.load(folder).scenes["home"], "\(style)")
        #expect(
            home.elements.map(\.onTap) == [.go(scene: "detail", transition: Transition(kind: .pushLeft)), nil],
            "\(style)")
        let (gone, came) = W.middle(old, try Self.read(folder))
        #expect(gone.count == 1 && came.count <= 1, "\(style)\n\(W.text(gone))\n\(W.text(came))")
        #expect(!W.text(came).contains("present("), "\(style): Help's on_tap is gone")
        // No action again: nothing to change, and the file stays.
        let unlinked = try Self.read(folder)
        _ = try HotspotWriter.apply(.link(label: "Help", action: nil), scene: "home", folder: folder)
        #expect(try Self.read(folder) == unlinked, "\(style)")
        // An element without on_tap gets one after its last field.
        _ = try HotspotWriter.apply(
            .link(label: "Help", action: .go(scene: "detail", transition: "push_left", duration: 0.3)),
            scene: "home", folder: folder)
        let linked = try #require(try W.load(folder).scenes["home"]?.elements.last)
        #expect(linked.onTap == .go(scene: "detail", transition: Transition(kind: .pushLeft, duration: 0.3)))
        #expect(W.changedOldLines(old, try Self.read(folder)) == 1, "\(style)")
        for action: HotspotAction in [.back, .dismiss] {
            _ = try HotspotWriter.apply(.link(label: "Help", action: action), scene: "home", folder: folder)
            let element = try #require(try W.load(folder).scenes["home"]?.elements.last)
            #expect(element.onTap == (action == .back ? .back : .dismiss), "\(style)")
        }
    }

    @Test func unknownTargetsAndLabelsAreUsageErrorsAndWriteNothing() throws {
        let temp = try TempFolder()
        let folder = try W.folder(temp, HotspotFileStyle())
        let old = try Self.read(folder)
        for (edit, words) in [
            (HotspotEdit.link(label: "Open", action: .go(scene: "detial", transition: nil, duration: nil)), "detail"),
            (.link(label: "Opne", action: .back), "did you mean \"Open\""),
        ] {
            do throws(HotspotWriter.Failure) {
                _ = try HotspotWriter.apply(edit, scene: "home", folder: folder)
                Issue.record("not refused: \(edit)")
            } catch {
                #expect(error.kind == .usage, "\(error)")
                #expect(error.description.contains(words), "\(error)")
            }
        }
        #expect(try Self.read(folder) == old)
    }

    @Test func anActionWrittenAsAFunctionIsNeverReplaced() throws {
        let temp = try TempFolder()
        try temp.image("P/home.png")
        let path = try temp.write(
            "P/prototype.lua",
            """
            return {
              name = "Code", device = { width = 36, height = 80, scale = 1 }, start = "home",
              scenes = {
                home = {
                  image = "home.png",
                  elements = {
                    { label = "Open", frame = { 0, 0, 36, 20 }, on_tap = function(app) app:go("home") end },
                  },
                },
              },
            }

            """)
        let old = try Data(contentsOf: URL(fileURLWithPath: path))
        do throws(HotspotWriter.Failure) {
            _ = try HotspotWriter.apply(.link(label: "Open", action: .back), scene: "home", folder: temp.file("P"))
            Issue.record("not refused")
        } catch {
            #expect(error.kind == .input)
            #expect(error.description.contains("cannot edit scene \"home\" safely"), "\(error)")
            #expect(error.description.contains("code written by hand"), "\(error)")
            #expect(error.paste == "on_tap = back(),")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == old)
    }

    @Test func theCommandLinksAndPrintsWhatItDid() throws {
        let temp = try TempFolder()
        let folder = try W.folder(temp, HotspotFileStyle())
        let r = try Sceneflow.run([
            "hotspot", "link", folder, "home", "Open", "--go", "detail", "--transition", "crossfade", "--duration",
            "0.2",
        ])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("linked \"Open\" to go(\"detail\", \"crossfade\", 0.2) in scene \"home\""), "\(r)")
        let open = try #require(try W.load(folder).scenes["home"]?.elements.first)
        #expect(open.onTap == .go(scene: "detail", transition: Transition(kind: .crossfade, duration: 0.2)))
        let none = try Sceneflow.run(["hotspot", "link", folder, "home", "Open", "--none"])
        #expect(none.status == 0, "\(none)")
        #expect(try W.load(folder).scenes["home"]?.elements.first?.onTap == nil)
        let missing = try Sceneflow.run(["hotspot", "link", folder, "home", "Open"])
        #expect(missing.status == 64, "\(missing)")
        #expect(missing.stderr.contains("hotspot link needs one of --go SCENE, --back"), "\(missing)")
    }
}

/// On every element of every scene of every sample prototype that is written as a table with
/// a call or no action: linking it to `back()`, then to nothing, then back to what it did
/// gives the file byte for byte as it was.
@Suite struct HotspotLinkSampleRoundTripTests {
    @Test(arguments: ["AuroraStore", "Catima", "Feeder", "Notes", "RatingLab", "ShoppingList"])
    func linkingAndRelinkingLeavesTheFileAsItWas(_ sample: String) throws {
        let temp = try TempFolder()
        let sampleFolder = Sceneflow.packageRoot.appendingPathComponent("Prototypes/\(sample)")
        try FileManager.default.copyItem(at: sampleFolder, to: temp.url.appendingPathComponent("P"))
        let folder = temp.file("P")
        let path = folder + "/prototype.lua"
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let prototype = try PrototypeOpener.open(folder).prototype
        var linked = 0
        for scene in prototype.orderedScenes {
            for element in scene.elements {
                let labels = scene.elements.map(\.label)
                guard labels.filter({ $0 == element.label }).count == 1, let back = Self.hotspotAction(element.onTap)
                else { continue }
                let label = element.label
                let before = try Data(contentsOf: URL(fileURLWithPath: path))
                do throws(HotspotWriter.Failure) {
                    _ = try HotspotWriter.apply(.link(label: label, action: .back), scene: scene.name, folder: folder)
                } catch {
                    #expect(error.kind == .input, "\(sample) \(scene.name) \(label): \(error)")
                    continue  // written with code (a function): refused, nothing written
                }
                linked += 1
                let loaded = try PrototypeOpener.open(folder).prototype.scenes[scene.name]?.elements
                #expect(loaded?.first { $0.label == label }?.onTap == .back, "\(sample) \(scene.name) \(label)")
                _ = try HotspotWriter.apply(.link(label: label, action: nil), scene: scene.name, folder: folder)
                _ = try HotspotWriter.apply(.link(label: label, action: back.action), scene: scene.name, folder: folder)
                let after = try Data(contentsOf: URL(fileURLWithPath: path))
                if back.exact {
                    #expect(after == before, "\(sample) \(scene.name) \(label)")
                } else {
                    let again = try PrototypeOpener.open(folder).prototype.scenes[scene.name]?.elements
                    let target = again?.first { $0.label == label }?.onTap?.targetScene
                    #expect(target == element.onTap?.targetScene, "\(sample) \(label)")
                    try before.write(to: URL(fileURLWithPath: path))
                }
            }
        }
        #expect(linked > 0, "\(sample): no element was linked")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original, "\(sample)")
    }

    /// The `HotspotAction` that writes `action` again, and whether it writes the same text
    /// (a call with default arguments written out may be written differently).
    static func hotspotAction(_ action: Action?) -> (action: HotspotAction?, exact: Bool)? {
        switch action {
        case nil: return (nil, false)
        case .back?: return (.back, true)
        case .dismiss?: return (.dismiss, true)
        case .go(let scene, let t)?:
            return (.go(scene: scene, transition: t.kind.rawValue, duration: t.duration), false)
        case .present(let scene, let t)?:
            return (.present(scene: scene, transition: t.kind.rawValue, duration: t.duration), false)
        default: return nil
        }
    }
}
