import Testing

@testable import SceneflowCore

/// The flow map knows landscape variants' elements and separate landscape scenes.
@Suite struct LandscapeFlowGraphTests {
    @Test func landscapeEdgesTheRotationLinkAndThumbnailShapes() {
        let s = LandscapeOverlayScrollTests.session()
        var p = s.prototype
        var list = Scene(name: "list", image: "list.png")
        list.design.landscapeScene = "grid"
        p.scenes["list"] = list
        p.scenes["grid"] = Scene(name: "grid", image: "grid.png")
        p.sceneOrder += ["list", "grid"]
        p.linkLandscapeScenes()
        let edges = FlowGraph.edges(p)
        #expect(edges.contains { $0.from == "video" && $0.to == "sheet" && $0.trigger == "Sheet (landscape)" })
        let rotation = edges.first { $0.rotates }
        #expect(rotation?.from == "list" && rotation?.to == "grid" && FlowGraph.edgeLabel(rotation!) == "rotate")
        let dot = FlowGraph.dot(p, thumbnail: { "/t/\($0.name).png" }, landscapeThumbnail: { _ in "/t/land.png" })
        #expect(dot.contains("\"list\" -> \"grid\" [label=\"rotate\", style=dotted];"), "\(dot)")
        #expect(dot.contains("\"video\" -> \"feed\" [label=\"Feed (landscape)\\nnone\"];"), "\(dot)")
        // 360x800 pt device: sheet (bottom, default size) is 360x400 → 90x100; grid turned → 160x72.
        #expect(FlowGraph.thumbnailAspect(p.scenes["sheet"]!, p) == 400.0 / 360)
        #expect(FlowGraph.thumbnailAspect(p.scenes["grid"]!, p) == 360.0 / 800)
        let line = { (name: String) in dot.split(separator: "\n").first { $0.contains("\"\(name)\" [") } ?? "" }
        #expect(line("sheet").contains("WIDTH=\"90\" HEIGHT=\"100\""), "\(line("sheet"))")
        #expect(line("grid").contains("WIDTH=\"160\" HEIGHT=\"72\""), "\(line("grid"))")
        #expect(line("video").contains("/t/land.png"), "a landscape thumbnail row for the variant")
    }
}
