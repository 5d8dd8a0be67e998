import Foundation
import Testing

/// The pictures of the README and the DocC catalog are current: `Scripts/make-pictures.sh
/// --headless` makes the same pixels again from the samples, and the window picture is there.
@Suite struct PicturesTests {
    static let resources = Sceneflow.packageRoot.appendingPathComponent("Sources/SceneflowCLI/Sceneflow.docc/Resources")
    static let headless = ["click-through", "failing-screenshot", "flow-map", "timing-chart", "timing-chart-window"]

    /// ImageMagick's signature of the decoded pixels (not of the file's bytes).
    static func signature(_ file: URL) throws -> String {
        let r = try DesignerCommandTests.runTool(
            DesignerCommandTests.which("identify") ?? "/usr/bin/identify", ["-format", "%#", file.path])
        return r.status == 0 ? r.output : "unreadable: \(r.output)"
    }

    @Test func headlessPicturesAreCurrent() throws {
        for tool in ["convert", "identify", "dot", "rsvg-convert"] where DesignerCommandTests.which(tool) == nil {
            print(
                "skipped: \(tool) is not installed (Scripts/setup.sh installs imagemagick, graphviz and librsvg2-bin)")
            return
        }
        let binary = try #require(Sceneflow.binary, "the sceneflow binary is not built")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pictures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = Sceneflow.packageRoot.appendingPathComponent("Scripts/make-pictures.sh").path
        let r = try DesignerCommandTests.runTool(
            "/usr/bin/env", ["SCENEFLOW=\(binary.path)", "bash", script, "--headless", folder.path])
        #expect(r.status == 0, "make-pictures.sh --headless failed:\n\(r.output)")
        for name in Self.headless {
            let shipped = try Self.signature(Self.resources.appendingPathComponent("\(name).png"))
            let made = try Self.signature(folder.appendingPathComponent("\(name).png"))
            #expect(
                shipped == made,
                "\(name).png is not what the samples give now: run `bash Scripts/make-pictures.sh` and look at it")
        }
    }

    /// The window picture needs a display to remake, so it is only checked to be a real
    /// picture of a phone-shaped window.
    @Test(arguments: ["window", "edit-mode"])
    func windowPictureIsThere(_ name: String) throws {
        guard let identify = DesignerCommandTests.which("identify") else {
            print("skipped: identify is not installed (Scripts/setup.sh installs imagemagick)")
            return
        }
        let file = Self.resources.appendingPathComponent("\(name).png")
        let r = try DesignerCommandTests.runTool(identify, ["-format", "%w %h %k", file.path])
        #expect(r.status == 0, "\(r.output)")
        let numbers = r.output.split(separator: " ").compactMap { Int($0) }
        #expect(numbers.count == 3, "\(r.output)")
        guard numbers.count == 3 else { return }
        #expect(numbers[0] >= 300 && numbers[1] >= 600 && numbers[1] > numbers[0], "a portrait window: \(r.output)")
        #expect(numbers[2] > 1000, "many colours (a screenshot, not a blank window): \(r.output)")
    }
}
