import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// The loader tells each Lua function's lines apart, so "reached by code" counts only the
/// calls a reachable scene's own functions make (QA's `rc` prototype).
@Suite struct CodeReachLoaderTests {
    static let lua = """
        local function helper(app) app:go("d") end
        return {
          name = "RC",
          device = { width = 360, height = 800, scale = 2 },
          start = "a",
          scenes = {
            a = { image = "a.png", elements = {
              { label = "One", frame = {0,0,100,100}, on_tap = function(app) app:go("b") end },
              { label = "Two", frame = {0,100,100,100}, on_tap = function(app) -- app:go("c")
                  print('app:go("e")') end },
              { label = "Three", frame = {0,200,100,100}, on_tap = helper },
              { label = "Four", frame = {0,300,100,100}, on_tap = function(app) app:replace("f") end },
            } },
            b = { image = "b.png" },
            c = { image = "c.png" },
            d = { image = "d.png" },
            e = { image = "e.png" },
            f = { image = "f.png" },
            i = { image = "i.png", elements = { { label = "I", frame = {0,0,100,100},
              on_tap = function(app) app:go("j") end } } },
            j = { image = "j.png" },
          },
        }
        """

    @Test func functionsOfUnreachableScenesAndNamesInStringsDoNotCount() throws {
        let images = ["a", "b", "c", "d", "e", "f", "i", "j"].map { "\($0).png" }
        let loaded = try PrototypeLoader.load(directory: TestFolders.prototype(Self.lua, images: images))
        let prototype = loaded.prototype
        guard case .script(let two)? = prototype.scenes["a"]?.elements[1].onTap else {
            Issue.record("Two has no function")
            return
        }
        #expect(two.chunk == "@prototype.lua" && two.lines == 9...10, "\(two)")
        #expect(prototype.sceneCodeTargets["a"] == ["b", "d", "f"])
        #expect(prototype.sceneCodeTargets["i"] == ["j"])
        let reach = PrototypeChecker.reach(prototype)
        #expect(["b", "d", "f"].allSatisfy { reach[$0] == .code }, "\(reach)")
        #expect(["c", "e", "i", "j"].allSatisfy { reach[$0] == SceneReach.none }, "\(reach)")
        let warned = PrototypeChecker.warnings(for: prototype, file: "p.lua", imageFiles: []).compactMap(\.path)
        #expect(warned == ["scenes.c", "scenes.e", "scenes.i", "scenes.j"])
    }
}
