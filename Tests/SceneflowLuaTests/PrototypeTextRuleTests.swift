import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Every string of a prototype that names a file or is shown (scene names, image names, labels,
/// kinds, values, state and segment names, tab labels, actions' scene, transition and curve
/// names, …) follows the label rule: one line and at most 1 KiB. Generated over every string of
/// every sample prototype (`Prototypes/*/prototype.lua`) and a fixture with the keys the samples
/// do not use (segments, landscape screens, pressed looks): each string value and each string
/// key of the table `prototype.lua` returns is given, in turn, a NUL after its first character,
/// then made 2 000 bytes long; validation must refuse each with the string's place and the
/// character's position. `state` (the prototype's own data) is the one table left alone.
@Suite struct PrototypeTextRuleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The sample prototypes' folders, and the fixture's.
    static var folders: [String] {
        let samples = root.appendingPathComponent("Prototypes").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: samples)) ?? []
        let found = names.sorted().map { "\(samples)/\($0)" }.filter {
            FileManager.default.fileExists(atPath: "\($0)/prototype.lua")
        }
        return found + [fixture]
    }

    /// Keys the samples leave out: a segmented control, a landscape screen, a pressed look, an
    /// element value and kind, a screen area by name.
    static let fixture = TestFolders.prototype(
        """
        return {
          name = "Fixture",
          device = { width = 360, height = 800, scale = 1 },
          start = "home",
          state = { note = "free\\ntext" },
          scenes = {
            home = { image = "home.png", screen = "auto", elements = {
              { label = "Units", control = "segmented", frame = { 0, 0, 300, 40 },
                states = { Metric = "m.png", Imperial = "i.png" }, value = "Metric",
                segments = { Metric = { 0, 0, 150, 40 }, Imperial = { 150, 0, 150, 40 } } },
              { label = "Open", kind = "button", value = "3 items", pressed = "home-pressed.png",
                frame = { 0, 100, 100, 40 }, on_tap = go("detail", "crossfade", 0.2, "ease_out") },
              { label = "Sheet", frame = { 0, 200, 100, 40 }, on_tap = present("detail", { overlay = true, position = "bottom" }) },
            },
            landscape = { image = "home-land.png" } },
            detail = { image = "detail.png" },
          },
        }
        """, images: ["home.png", "detail.png", "m.png", "i.png", "home-pressed.png", "home-land.png"])

    /// The table `prototype.lua` in `folder` returns, as the loader copies it.
    static func snapshot(_ folder: String) throws -> LuaValue {
        let state = try #require(LuaState(limits: .standard))
        let text = try String(contentsOfFile: "\(folder)/prototype.lua", encoding: .utf8)
        let result = state.run(text, chunkName: "=prototype.lua") { state.callHelper("prototype_env") }
        if case .failure(let failure) = result { Issue.record("\(folder): \(failure)") }
        return state.snapshotTop()
    }

    /// Errors from validating `root` as the prototype in `folder`.
    static func errors(_ root: LuaValue, folder: String) -> [Diagnostic] {
        var validator = PrototypeValidator(file: "prototype.lua", directory: folder)
        _ = validator.validate(root, folderName: "P")
        return validator.diagnostics.filter { $0.severity == .error }
    }

    /// One string of the table: where it is reported, whether it is a key, and a copy of the
    /// whole table with that string replaced by `change(string)`.
    struct Variant {
        var path: String
        var isKey: Bool
        var original: String
        var table: (@escaping (String) -> String) -> LuaValue
    }

    /// Every string value and key of `value` (outside the top-level `state`), at `path`; an
    /// action's strings are reported at the action's path.
    static func variants(_ value: LuaValue, path: String?, inAction: Bool = false) -> [Variant] {
        guard case .table(let table) = value else { return [] }
        var result: [Variant] = []
        for (offset, entry) in table.entries.enumerated() {
            func rebuilt(_ newEntry: (key: LuaKey, value: LuaValue)) -> LuaValue {
                var copy = table
                copy.entries[offset] = newEntry
                return .table(copy)
            }
            var childPath: String
            switch entry.key {
            case .name(let name):
                if path == nil && name == "state" { continue }
                if name == "op" && table.isAction { continue }  // written by go(), not by the designer
                childPath = path.map { "\($0).\(name)" } ?? name
                if !inAction && !table.isAction {
                    result.append(
                        Variant(path: path ?? "(the returned table)", isKey: true, original: name) { change in
                            rebuilt((.name(change(name)), entry.value))
                        })
                }
            case .index(let i): childPath = "\(path ?? "")[\(i)]"
            case .other: continue
            }
            let reportedAt = table.isAction || inAction ? (path ?? "") : childPath
            switch entry.value {
            case .string(let s):
                result.append(
                    Variant(path: reportedAt, isKey: false, original: s) { change in
                        rebuilt((entry.key, .string(change(s))))
                    })
            case .table(let nested):
                let nestedInAction = table.isAction || inAction || nested.isAction
                let actionPath = nested.isAction ? childPath : (table.isAction || inAction ? reportedAt : childPath)
                for inner in variants(entry.value, path: actionPath, inAction: nestedInAction) {
                    var lifted = inner
                    lifted.table = { change in rebuilt((entry.key, inner.table(change))) }
                    result.append(lifted)
                }
            default: break
            }
        }
        return result
    }

    static func withNUL(_ s: String) -> String {
        guard let first = s.unicodeScalars.first else { return "\u{0}" }
        return String(first) + "\u{0}" + String(s.unicodeScalars.dropFirst())
    }

    @Test(arguments: folders)
    func aNULInAnyNameOrTextIsRefusedWithItsPlace(folder: String) throws {
        let root = try Self.snapshot(folder)
        #expect(Self.errors(root, folder: folder).isEmpty, "the unchanged prototype loads: \(folder)")
        let all = Self.variants(root, path: nil)
        #expect(all.count >= 10, "\(folder) has strings to try")
        for variant in all {
            let errors = Self.errors(variant.table(Self.withNUL), folder: folder)
            let expected = "found the control character U+0000 at character 2"
            let hit = errors.first { $0.path == variant.path && $0.message.contains(expected) }
            #expect(
                hit != nil,
                "\(folder): \(variant.isKey ? "key" : "string") \"\(variant.original)\" at \(variant.path): \(errors.map(\.description))"
            )
            // Reported once: not also as a missing file, an unknown scene, ….
            if !variant.isKey {
                #expect(errors.filter { $0.path == variant.path }.count == 1, "\(errors.map(\.description))")
            }
        }
    }

    @Test(arguments: folders)
    func aTwoThousandByteNameOrTextIsRefused(folder: String) throws {
        let root = try Self.snapshot(folder)
        for variant in Self.variants(root, path: nil) {
            let long: (String) -> String = { s in s + String(repeating: "x", count: 12_000) }
            let errors = Self.errors(variant.table(long), folder: folder)
            let hit = errors.first { $0.path == variant.path && $0.message.contains("long") }
            #expect(hit != nil, "\(folder): \"\(variant.original)\" at \(variant.path): \(errors.map(\.description))")
        }
    }

    @Test func theStateTableKeepsItsOwnText() throws {
        let root = try Self.snapshot(Self.fixture)
        #expect(Self.errors(root, folder: Self.fixture).isEmpty)
    }

    @Test func labelsAreCappedAtOneKibibyteWithThePlace() throws {
        func prototype(_ label: String) -> String {
            """
            return { device = { width = 36, height = 80, scale = 1 }, start = "home",
              scenes = { home = { image = "home.png", elements = {
                { label = "\(label)", frame = { 0, 0, 10, 10 } } } } } }
            """
        }
        #expect(
            TestFolders.lines(prototype(String(repeating: "L", count: 100_000))) == [
                "prototype.lua:3: scenes.home.elements[1].label: is 100000 bytes long (UTF-8); at most 1024: labels and names are short phrases"
            ])
        // 512 two-byte characters are 1 024 bytes: the longest label there is.
        let folder = TestFolders.prototype(prototype(String(repeating: "é", count: 512)))
        #expect(
            try PrototypeLoader.load(directory: folder).prototype.scenes["home"]?.elements.first?.label.utf8.count
                == 1024)
    }
}
