import Foundation
import Testing

@testable import SceneflowRunner

/// `sceneflow graph --out` reports as written only what was written whole: a thumbnail that
/// cannot be written fails the command (70) naming it, and an SVG or PNG that Graphviz's `dot`
/// wrote cut short (it exits 0 when its last flush fails on a full disk) is never taken for the
/// map, so the old file stays (red-team 18 B-F3). A limit below 1 ms is refused (B-F5).
@Suite struct GraphWriteCheckTests {
    @Test(arguments: ["dot", "svg"])
    func aThumbnailThatCannotBeWrittenFailsTheCommand(_ format: String) throws {
        let tmp = try TempFolder()
        // A folder where the thumbnail file must go: the write fails as on a full disk.
        try FileManager.default.createDirectory(
            atPath: tmp.file("flow-thumbs/note.png/x"), withIntermediateDirectories: true)
        try tmp.write("flow.\(format)", "the old map\n")
        let r = try Sceneflow.run(
            [
                "graph", Sceneflow.packageRoot.appendingPathComponent("Prototypes/Notes").path, "--out",
                "flow.\(format)",
            ],
            in: tmp.url, timeout: 120)
        #expect(r.didNotCrash && r.status == 70, "\(r)")
        #expect(
            r.stderr.contains("could not write the thumbnail \(tmp.url.standardizedFileURL.path)/flow-thumbs/note.png"),
            "\(r)")
        #expect(!r.stdout.contains("wrote"), "\(r)")
        #expect(try String(contentsOfFile: tmp.file("flow.\(format)"), encoding: .utf8) == "the old map\n")
    }

    @Test func outputCutShortIsNotComplete() throws {
        let svg = Data("<?xml version=\"1.0\"?>\n<svg width=\"10pt\">\n<g/>\n</svg>\n".utf8)
        #expect(FlowGraphRenderer.isComplete(svg, .svg))
        for cut in [4, 20, svg.count - 3] {
            #expect(!FlowGraphRenderer.isComplete(svg.prefix(cut), .svg), "\(cut)")
        }
        let png = PNGWriter.solid(width: 4, height: 4)
        #expect(FlowGraphRenderer.isComplete(png, .png))
        for cut in [8, png.count / 2, png.count - 1] {
            #expect(!FlowGraphRenderer.isComplete(png.prefix(cut), .png), "\(cut)")
        }
    }

    @Test(arguments: ["1e-320", "0.0009", "5e-324"])
    func aLayoutLimitBelowAMillisecondIsRefused(_ value: String) throws {
        let r = try Sceneflow.run(["graph", "Prototypes/Notes", "--layout-timeout", value, "--format", "dot"])
        #expect(r.status == 64, "\(r)")
        #expect(
            r.stderr.contains("--layout-timeout must be a number of seconds from 0.001 to 86400, not \"\(value)\""),
            "\(r)")
    }
}
