import Testing

@testable import SceneflowCore

/// Scenes only a Lua function may reach: "reached by code" in `graph` and `inspect`, and no
/// `check` warning for them; truly unreachable scenes stay red. Names are escaped in `inspect`.
@Suite struct CodeReachTests {
    /// The store prototype plus `thanks` (named by a function), `after_thanks` (linked from it)
    /// and `orphan` (named nowhere).
    static func prototype() -> Prototype {
        var p = Fixtures.storePrototype()
        for name in ["thanks", "after_thanks", "orphan"] {
            p.scenes[name] = Scene(name: name, image: "\(name).png")
            p.sceneOrder.append(name)
        }
        p.scenes["thanks"]?.elements = [
            Element(label: "More", frame: Rect(x: 0, y: 0, width: 50, height: 50), onTap: Fixtures.push("after_thanks"))
        ]
        let source = """
            on_tap = go("details"), on_swipe = { up = go("games", "none") }, present("drawer"),
            on_change = function(app, v) if v > 3 then app:go("thanks") else app:go 'home' end end,
            name = "orphan", go("nosuch")
            """
        p.codeTargets = p.codeTargets(in: source)
        return p
    }

    @Test func functionTargetsAreFoundInTheSourceBeyondTheFixedActions() {
        let p = Self.prototype()
        // details and games are named once each by fixed actions; home is named by the function
        // but reached anyway; orphan is a string but no go/present argument; nosuch is no scene.
        #expect(p.codeTargets == ["thanks", "home"])
        let reach = PrototypeChecker.reach(p)
        #expect(reach["home"] == .fixed && reach["details"] == .fixed && reach["games"] == .fixed)
        #expect(reach["thanks"] == .code && reach["after_thanks"] == .code)
        #expect(reach["orphan"] == SceneReach.none)
    }

    @Test func commentsAreLeftOutAndReplaceCounts() {
        let p = Self.prototype()
        let source = """
            -- on_tap = go("orphan")
            --[[ app:present("orphan") ]]
            on_change = function(app) app:replace("thanks") end,
            """
        #expect(p.codeTargets(in: source) == ["thanks"], "a commented-out go leads nowhere")
    }

    @Test func onlyDirectCallArgumentsCountNotNamesInsideOtherStrings() {
        let p = Self.prototype()
        let source = """
            on_tap = function(app) print('app:go("orphan")'); print("present('orphan')") end,
            on_change = function(app) app:go "thanks" end, x = [[go("orphan")]],
            """
        #expect(p.codeTargets(in: source) == ["thanks"])
    }

    @Test func onlyFunctionsOfReachableScenesCount() {
        var p = Self.prototype()
        // Per-function targets: the reachable details' function names thanks; the unreachable
        // orphan's function names after_thanks, which therefore stays unreachable.
        p.scenes["thanks"]?.elements = []
        p.scenes["orphan"]?.elements = [
            Element(
                label: "F", frame: Rect(x: 0, y: 0, width: 50, height: 50), onTap: .script(ScriptFunctionRef(id: 99)))
        ]
        p.sceneCodeTargets = ["details": ["thanks"], "home": [], "orphan": ["after_thanks"]]
        let reach = PrototypeChecker.reach(p)
        #expect(reach["thanks"] == .code)
        #expect(reach["after_thanks"] == SceneReach.none, "only named by a function of an unreachable scene")
        let warnings = PrototypeChecker.warnings(for: p, file: "p.lua", imageFiles: []).map(\.message)
        #expect(warnings.contains { $0.contains("scene \"after_thanks\"") })
        #expect(!warnings.contains { $0.contains("scene \"thanks\"") })
    }

    @Test func withoutAFunctionInAReachedSceneNothingIsReachedByCode() {
        var p = Self.prototype()
        p.scenes["home"]?.elements.removeFirst()  // the Background function
        p.scenes["details"]?.elements.removeLast()  // the Rate function
        let reach = PrototypeChecker.reach(p)
        #expect(reach["thanks"] == SceneReach.none && reach["orphan"] == SceneReach.none)
    }

    @Test func graphInspectAndCheckAgree() {
        let p = Self.prototype()
        let dot = FlowGraph.dot(p)
        let thanks = dot.split(separator: "\n").first { $0.contains("\"thanks\" [") }
        #expect(thanks?.contains("style=\"rounded,dashed\", color=gray50") == true, "\(dot)")
        #expect(thanks?.contains("reached by code") == true)
        let orphan = dot.split(separator: "\n").first { $0.contains("\"orphan\" [") }
        #expect(orphan?.contains("color=red") == true && orphan?.contains("unreachable") == true)
        #expect(dot.contains("\"legend: reached by code\" [shape=note"))
        let text = ElementTree.text(p)
        #expect(text.contains("scene \"thanks\"  image thanks.png  (reached by code)"))
        #expect(text.contains("scene \"orphan\"  image orphan.png  (unreachable)"))
        let warnings = PrototypeChecker.warnings(for: p, file: "p.lua", imageFiles: []).map(\.message)
        #expect(!warnings.contains { $0.contains("scene \"thanks\"") }, "reached by code: no warning in check")
        #expect(!warnings.contains { $0.contains("scene \"after_thanks\"") })
        #expect(warnings.contains { $0.contains("scene \"orphan\"") && !$0.contains("Lua function") })
        // No legend without scenes reached by code.
        #expect(!FlowGraph.dot(Fixtures.storePrototype()).contains("legend"))
    }

    @Test func inspectEscapesQuotesInPrototypeAndSceneNames() {
        var p = Fixtures.storePrototype()
        p.name = #"My "Quoted" \App"#
        let renamed = #"say "hi""#
        p.scenes[renamed] = Scene(name: renamed, image: "hi.png")
        p.sceneOrder.append(renamed)
        let text = ElementTree.text(p)
        #expect(text.hasPrefix(#"prototype "My \"Quoted\" \\App"  device"#), "\(text)")
        #expect(text.contains(#"scene "say \"hi\""  image hi.png  (unreachable)"#), "\(text)")
    }
}
