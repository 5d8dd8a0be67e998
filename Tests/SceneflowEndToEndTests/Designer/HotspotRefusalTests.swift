import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// Scenes a file builds with code are refused (exit 65, issue 16.2): the message names the
/// scene and why, nothing is written, and the element line to paste is given.
@Suite struct HotspotRefusalTests {
    /// A refusal case: the file's scenes table body (with `local` code before `return`), the
    /// edit, and a word the reason must contain.
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let before: String
        let scenes: String
        let after: String
        let scene: String
        let edit: HotspotEdit
        let reason: String
        var description: String { name }
    }

    static let frame = Rect(x: 0, y: 40, width: 36, height: 20)

    static let cases: [Case] = [
        Case(
            name: "scenes made in a loop", before: "", scenes: "detail = { image = \"detail.png\" },",
            after: "for _, name in ipairs({ \"home\" }) do p.scenes[name] = { image = name .. \".png\" } end",
            scene: "home", edit: .add(label: "New", frame: frame, action: nil), reason: "a loop, a function"),
        Case(
            name: "scene made by a function",
            before: "local function scene(image) return { image = image, elements = {} } end",
            scenes: "home = scene(\"home.png\"),\n    detail = { image = \"detail.png\" },", after: "",
            scene: "home", edit: .add(label: "New", frame: frame, action: .back), reason: "scene(\"home.png\")"),
        Case(
            name: "elements made elsewhere",
            before: "local shared = { { label = \"Back\", frame = { 0, 0, 36, 20 }, on_tap = back() } }",
            scenes: "home = { image = \"home.png\", elements = shared },\n    detail = { image = \"detail.png\" },",
            after: "", scene: "home", edit: .add(label: "New", frame: frame, action: nil), reason: "elements is shared"),
        Case(
            name: "element made by a function",
            before: "local function button(label, y) return { label = label, frame = { 0, y, 36, 20 } } end",
            scenes:
                "home = { image = \"home.png\", elements = { button(\"Made\", 0) } },\n    detail = { image = \"detail.png\" },",
            after: "", scene: "home", edit: .remove(label: "Made"), reason: "makes it with code"),
        Case(
            name: "list spread from a call",
            before:
                "local shared = { { label = \"A\", frame = { 0, 0, 36, 20 } }, { label = \"B\", frame = { 0, 20, 36, 20 } } }",
            scenes:
                "home = { image = \"home.png\", elements = { table.unpack(shared) } },\n    detail = { image = \"detail.png\" },",
            after: "", scene: "home", edit: .add(label: "New", frame: frame, action: nil), reason: "with code"),
        Case(
            name: "frame changed after the table",
            before: "",
            scenes:
                "home = { image = \"home.png\", elements = { { label = \"Open\", frame = { 0, 0, 36, 20 } } } },\n    detail = { image = \"detail.png\" },",
            after: "p.scenes.home.elements[1].frame = { 0, 60, 36, 20 }", scene: "home",
            edit: .move(label: "Open", frame: frame), reason: "with code"),
        Case(
            name: "frame made by a function", before: "local function rect(x, y) return { x, y, 36, 20 } end",
            scenes:
                "home = { image = \"home.png\", elements = { { label = \"Open\", frame = rect(0, 10) } } },\n    detail = { image = \"detail.png\" },",
            after: "", scene: "home", edit: .move(label: "Open", frame: frame), reason: "is rect(0, 10), not a written"),
    ]

    @Test(arguments: cases)
    func refusedWithTheSceneAndWhyAndNothingWritten(_ c: Case) throws {
        let temp = try TempFolder()
        try temp.image("P/home.png")
        try temp.image("P/detail.png")
        let text = """
            \(c.before)
            local p = {
              name = "Code",
              device = { width = 36, height = 80, scale = 1 },
              start = "detail",
              scenes = {
                \(c.scenes)
              },
            }
            \(c.after)
            return p

            """
        let path = try temp.write("P/prototype.lua", text)
        _ = try PrototypeOpener.open(temp.file("P"))  // the case itself loads
        let old = try Data(contentsOf: URL(fileURLWithPath: path))
        do throws(HotspotWriter.Failure) {
            let outcome = try HotspotWriter.apply(c.edit, scene: c.scene, folder: temp.file("P"))
            Issue.record(
                "\(c): not refused: \(outcome.summary)\n\((try? String(contentsOfFile: path, encoding: .utf8)) ?? "")")
        } catch {
            #expect(error.kind == .input, "\(c): \(error)")
            #expect(error.description.contains("scene \"\(c.scene)\""), "\(c): \(error)")
            #expect(error.description.contains(c.reason), "\(c): \(error)")
            if case .remove = c.edit {
                #expect(error.paste == nil)
            } else {
                #expect(
                    error.paste?.hasPrefix("{ label = ") == true || error.paste?.hasPrefix("frame = ") == true, "\(c)")
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == old, "\(c): the file changed")
    }

    @Test func anEditThatWouldNotLoadIsNeverWritten() throws {
        // A file whose scenes table is shared with a check that rejects a fourth element.
        let temp = try TempFolder()
        try temp.image("P/home.png")
        let path = try temp.write(
            "P/prototype.lua",
            """
            local p = {
              name = "Guarded", device = { width = 36, height = 80, scale = 1 }, start = "home",
              scenes = {
                home = {
                  image = "home.png",
                  elements = {
                    { label = "One", frame = { 0, 0, 36, 20 } },
                  },
                },
              },
            }
            assert(#p.scenes.home.elements == 1, "home keeps one element")
            return p

            """)
        let old = try Data(contentsOf: URL(fileURLWithPath: path))
        do throws(HotspotWriter.Failure) {
            _ = try HotspotWriter.apply(
                .add(label: "Two", frame: Rect(x: 0, y: 20, width: 36, height: 20), action: nil), scene: "home",
                folder: temp.file("P"))
            Issue.record("not refused")
        } catch {
            #expect(error.kind == .input)
            #expect(error.description.contains("would not load"), "\(error)")
            #expect(error.description.contains("home keeps one element"), "\(error)")
            #expect(error.paste == "{ label = \"Two\", frame = { 0, 20, 36, 20 } },")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == old)
    }
}
