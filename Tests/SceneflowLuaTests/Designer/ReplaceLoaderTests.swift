import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// `replace(scene [, transition [, duration [, curve]]])` and `app:replace(...)` in `prototype.lua`.
@Suite struct ReplaceLoaderTests {
    static func lua(_ splash: String) -> String {
        """
        return {
          device = { width = 360, height = 800, scale = 1 },
          start = "splash",
          scenes = {
            splash = { image = "home.png", \(splash) },
            home = { image = "detail.png" },
          },
        }
        """
    }

    static func problems(_ splash: String) -> [String] {
        do {
            _ = try PrototypeLoader.load(directory: TestFolders.prototype(Self.lua(splash)))
            return []
        } catch {
            return error.diagnostics.map { "\($0)" }
        }
    }

    @Test func replaceTakesGosArgumentsAndDefaults() throws {
        let p = try PrototypeLoader.load(
            directory: TestFolders.prototype(
                Self.lua(
                    """
                    after = 1.5, on_after = replace("home", "crossfade", 0.3),
                    elements = { { label = "Skip", frame = { 0, 0, 100, 50 }, on_tap = replace("home") } },
                    """))
        ).prototype
        let splash = try #require(p.scenes["splash"])
        #expect(
            splash.design.after?.action
                == .replace(scene: "home", transition: Transition(kind: .crossfade, duration: 0.3)))
        #expect(splash.elements[0].onTap == .replace(scene: "home", transition: Transition(kind: .pushLeft)))
    }

    @Test func badReplaceArgumentsAreNamedAsReplace() {
        let typo = Self.problems("after = 1, on_after = replace(\"hom\")")
        #expect(typo.contains { $0.contains("no scene \"hom\"") && $0.contains("did you mean \"home\"?") }, "\(typo)")
        let kind = Self.problems("after = 1, on_after = replace(\"home\", \"spin\")")
        #expect(kind.contains { $0.contains("transition") }, "\(kind)")
        let many = Self.problems("after = 1, on_after = replace(\"home\", \"none\", 1, \"linear\", 5)")
        #expect(many.contains { $0.contains("replace() takes at most 4 arguments") }, "\(many)")
        let misspelt = Self.problems("after = 1, on_after = replase(\"home\")")
        #expect(misspelt.contains { $0.contains("did you mean \"replace\"?") }, "\(misspelt)")
    }

    @Test func appReplaceIsAvailableToLuaFunctions() throws {
        let loaded = try PrototypeLoader.load(
            directory: TestFolders.prototype(
                Self.lua(
                    """
                    elements = { { label = "Go", frame = { 0, 0, 100, 50 },
                      on_tap = function(app) app:replace("home", "crossfade", 0.2, "linear") end },
                      { label = "Bad", frame = { 0, 60, 100, 50 }, on_tap = function(app) app:replace("hom") end } },
                    """)))
        guard case .script(let ref)? = loaded.prototype.scenes["splash"]?.elements[0].onTap,
            case .script(let bad)? = loaded.prototype.scenes["splash"]?.elements[1].onTap
        else {
            Issue.record("expected Lua-function actions")
            return
        }
        let app = RecordingApp()
        #expect(loaded.call(ref, app: app) == nil)
        #expect(
            app.actions == [
                .replace(scene: "home", transition: Transition(kind: .crossfade, duration: 0.2, curve: .linear))
            ])
        #expect(loaded.call(bad, app: app)?.message == "app:replace: no scene \"hom\"; did you mean \"home\"?")
    }
}
