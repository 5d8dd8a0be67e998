import SceneflowCore
import Testing

@testable import SceneflowLua

/// Case 2 of issue 3 (a public bug report against other tools): an element that appears after
/// a delay pushes another one down; `tap` on the moved element hits it at its new place.
@Suite struct DelayedElementTests {
    static let prototype = """
        return {
          device = { width = 360, height = 800, scale = 1 },
          start = "loading",
          scenes = {
            -- "Buy" at y 100 until the banner loads after 1 s and pushes it down to y 300.
            loading = { image = "a.png", after = 1, on_after = go("loaded", "none"),
              elements = { { label = "Buy", frame = { 20, 100, 320, 48 }, on_tap = go("bought_early") } } },
            loaded = { image = "a.png", elements = {
              { label = "Banner", frame = { 0, 80, 360, 200 }, on_tap = go("ad") },
              { label = "Buy", frame = { 20, 300, 320, 48 }, on_tap = go("bought") } } },
            bought = { image = "a.png" }, bought_early = { image = "a.png" }, ad = { image = "a.png" },
          },
        }
        """

    @Test func tapAfterTheBannerHitsTheMovedElement() throws {
        let results = try ScriptAPIHarness.run(
            """
            test("buy after the banner", function()
              wait_for "Banner"
              tap "Buy"
              expect.scene "bought"
            end)
            """, prototype: Self.prototype, images: ["a"])
        let r = try #require(results["buy after the banner"])
        #expect(r.failure == nil, "\(r.failure ?? "")")
        let tap = r.timeline.compactMap { event -> Point? in
            if case .gesture(.tap(let p), _, "Buy") = event.kind { return p } else { return nil }
        }
        #expect(tap.count == 1 && (tap.first?.y ?? 0) >= 300, "pressed at the new place: \(tap)")
    }
}
