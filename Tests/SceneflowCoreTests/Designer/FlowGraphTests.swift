import Testing

@testable import SceneflowCore

@Suite struct FlowGraphTests {
    @Test func edgesCarryLabelAndTransitionAndUnreachableScenesAreMarked() {
        let p = Fixtures.storePrototype()
        let dot = FlowGraph.dot(p) { $0.name == "home" ? "/tmp/home \"x\".png" : nil }
        #expect(dot.hasPrefix("digraph \"Store\" {") || dot.hasPrefix("digraph"))
        #expect(dot.contains("\"home\" -> \"details\" [label=\"Open\\npush_left 0.35s\"];"))
        #expect(dot.contains("\"home\" -> \"drawer\" [label=\"Menu\\npresent cover_up 0.3s\", style=dashed];"))
        #expect(dot.contains("\"home\" -> \"games\" [label=\"Open (swipe up)\\nnone\"];"))
        #expect(dot.contains("\"home\" -> \"games\" [label=\"swipe left\\npush_left 0.35s\"];"))
        #expect(dot.contains("IMG SRC=\"/tmp/home &quot;x&quot;.png\""))
        #expect(dot.contains("peripheries=2"))
        let reachable = PrototypeChecker.reachableScenes(p)
        for scene in p.sceneOrder where !reachable.contains(scene) {
            #expect(dot.contains("unreachable"))
        }
        #expect(!dot.contains("-> \"home\""), "back() draws no edge")
    }

    /// Graphviz refuses a string over 16 384 bytes: a prototype `check` accepts (1 KiB labels and
    /// names, as many controls as the scene has) made `graph` exit 70. Captions are cut with `…`.
    @Test func longLabelsAndNamesAreCutSoDotAcceptsEveryString() {
        var p = Fixtures.storePrototype()
        let long = String(repeating: "L", count: 1024)
        p.scenes["home"]?.elements[1].label = long
        p.name = String(repeating: "N", count: 1024)
        let dot = FlowGraph.dot(p)
        #expect(dot.contains("\"home\" -> \"details\" [label=\"" + String(repeating: "L", count: 59) + "…\\npush_left"))
        #expect(!dot.contains(String(repeating: "L", count: 61)))
        #expect(!dot.contains(String(repeating: "N", count: 61)))
        for line in dot.split(separator: "\n") { #expect(line.utf8.count < 2_000, "\(line.prefix(80))") }
    }

    @Test func unreachableSceneIsDashedRed() {
        var p = Fixtures.storePrototype()
        p.scenes["orphan"] = Scene(name: "orphan", image: "o.png")
        p.sceneOrder.append("orphan")
        let dot = FlowGraph.dot(p)
        let line = dot.split(separator: "\n").first { $0.contains("\"orphan\" [") }
        #expect(line?.contains("style=\"rounded,dashed\", color=red") == true)
        #expect(line?.contains("unreachable") == true)
    }

    @Test func elementTreeListsLabelsFramesAndActions() {
        let p = Fixtures.storePrototype()
        let text = ElementTree.text(p, only: "details")
        #expect(text.contains("scene \"details\"  image details.png"))
        #expect(text.contains("  hotspot \"Back\" {0, 24, 56, 56} on_tap: back()"))
        #expect(!text.contains("scene \"home\""))
        let all = ElementTree.text(p)
        #expect(all.contains("scene \"home\"  image home.png  (start)"))
        #expect(all.contains("on_tap: go(\"details\", push_left 0.35s linear)"))
    }
}

@Suite struct DesignerInspectTests {
    @Test func timedActionsAreEdgesAndDesignerFeaturesAreInspected() {
        var p = DesignSessionTests.prototype()
        p.scenes["list"] = nil
        let dot = FlowGraph.dot(p)
        #expect(dot.contains("\"splash\" -> \"home\" [label=\"after 1.5s\\nnone\"];"), "\(dot)")
        #expect(
            dot.contains("\"home\" -> \"sheet\" [label=\"Share\\npresent cover_up 0.3s\", style=dashed];"), "\(dot)")
        let text = ElementTree.text(p)
        #expect(
            text.contains("scene \"splash\"  image splash.png  (start)\n  after 1.5s: go(\"home\", none)\n"), "\(text)")
        #expect(text.contains("  overlay bottom dim 0.4 dismiss_on_outside size 360x300\n"), "\(text)")
        #expect(text.contains("pressed share_down.png"), "\(text)")
        #expect(!text.contains("(unreachable)"), "after and present count for reachability: \(text)")
    }
}
