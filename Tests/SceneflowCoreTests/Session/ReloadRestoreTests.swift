import Testing

@testable import SceneflowCore

/// What a hot reload carries over (`Session.restore`): the history's scenes that still exist
/// and each scene's scroll offset.
@Suite struct ReloadRestoreTests {
    /// home → list → settings, each a plain scene; `settings` scrolls (2000 pt on 800).
    static func prototype(settingsHeight: Double = 2000, withList: Bool = true) -> Prototype {
        var settings = Scene(
            name: "settings", image: "settings.png",
            elements: [Element(label: "Back", frame: Rect(x: 0, y: 0, width: 60, height: 60), onTap: .back)])
        settings.design.scroll = ScrollRegion(header: 0, footer: 0, contentHeight: settingsHeight)
        var scenes = [Scene(name: "home", image: "home.png"), settings]
        if withList { scenes.append(Scene(name: "list", image: "list.png")) }
        return Prototype(name: "R", device: Device(width: 360, height: 800, scale: 1), start: "home", scenes: scenes)
    }

    static func walkedSession() -> Session {
        let s = Session(prototype: prototype())
        s.perform(.go(scene: "list", transition: .cut), source: "test")
        s.perform(.go(scene: "settings", transition: .cut), source: "test")
        #expect(s.stack == ["home", "list", "settings"])
        return s
    }

    @Test func aSceneRemovedInTheMiddleDropsOnlyItsEntry() {
        let old = Self.walkedSession()
        let fresh = Session(prototype: Self.prototype(withList: false))
        #expect(fresh.restore(old.navigationEntries) == ["list"], "only list is reported as dropped")
        #expect(fresh.stack == ["home", "settings"])
        #expect(fresh.currentScene == "settings", "the current scene still exists and stays")
        fresh.perform(.back, source: "test")
        #expect(fresh.currentScene == "home")
    }

    @Test func neighboursLeftShowingTheSameSceneMerge() {
        let s = Session(prototype: Self.prototype())
        s.perform(.go(scene: "list", transition: .cut), source: "test")
        s.perform(.go(scene: "home", transition: .cut), source: "test")
        let fresh = Session(prototype: Self.prototype(withList: false))
        #expect(fresh.restore(s.navigationEntries) == ["list"])
        #expect(fresh.stack == ["home"])
    }

    @Test func scrollOffsetsSurviveAndAreClampedToTheNewContent() {
        let old = Self.walkedSession()
        #expect(old.scroll(by: 900) == 900)
        let same = Session(prototype: Self.prototype())
        same.restore(old.navigationEntries, scrollOffsets: old.scrollOffsets)
        #expect(same.scrollOffset("settings") == 900, "an unchanged scene keeps its offset")
        #expect(same.frame().layers[0].slices.first?.source.y == 900, "and is drawn scrolled")

        let shorter = Session(prototype: Self.prototype(settingsHeight: 1200))
        shorter.restore(old.navigationEntries, scrollOffsets: old.scrollOffsets)
        #expect(shorter.scrollOffset("settings") == 400, "clamped to 1200 - 800 pt")

        let flat = Session(prototype: Self.prototype(settingsHeight: 800))
        flat.restore(old.navigationEntries, scrollOffsets: old.scrollOffsets)
        #expect(flat.scrollOffset("settings") == 0, "no longer scrolls")
    }
}
