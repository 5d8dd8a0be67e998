import Foundation
import Testing

/// `graph --format` against `--out`'s extension, and the `.dot` an SVG or PNG leaves beside it.
@Suite struct GraphFormatTests {
    @Test func formatAndExtensionMustAgree() throws {
        let tmp = try TempFolder()
        let png = tmp.file("flow.png")
        let clash = try Sceneflow.run(["graph", "Prototypes/Notes", "--format", "svg", "--out", png])
        #expect(clash.status == 64, "\(clash)")
        #expect(
            clash.stderr.contains(
                "--format svg does not match --out \(png) (a .png name); name the file .svg or leave --format out"),
            "\(clash)")
        let unknown = try Sceneflow.run(["graph", "Prototypes/Notes", "--out", tmp.file("flow.jpg")])
        #expect(unknown.status == 64 && unknown.stderr.contains("cannot tell the format from .jpg"), "\(unknown)")
        #expect(
            !FileManager.default.fileExists(atPath: png)
                && !FileManager.default.fileExists(atPath: tmp.file("flow.jpg")))
        // An explicit format with a name that names none is taken as asked; .gv is DOT.
        let text = try Sceneflow.run(["graph", "Prototypes/Notes", "--format", "dot", "--out", tmp.file("flow.txt")])
        #expect(text.status == 0, "\(text)")
        let gv = try Sceneflow.run(["graph", "Prototypes/Notes", "--out", tmp.file("flow.gv")])
        let gvText = try String(contentsOfFile: tmp.file("flow.gv"), encoding: .utf8)
        #expect(gv.status == 0 && gvText.hasPrefix("digraph"), "\(gv)")
    }

    @Test func svgNamesTheDotWrittenBesideIt() throws {
        guard DesignerCommandTests.which("dot") != nil else {
            print("skipped: Graphviz's dot is not installed (Scripts/setup.sh installs graphviz)")
            return
        }
        let tmp = try TempFolder()
        let r = try Sceneflow.run(["graph", "Prototypes/Notes", "--out", tmp.file("flow.svg")])
        #expect(r.status == 0, "\(r)")
        #expect(
            r.outputLines == ["wrote \(tmp.file("flow.svg"))", "wrote \(tmp.file("flow.dot")) (its Graphviz source)"],
            "\(r)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("flow.dot")))
    }
}
