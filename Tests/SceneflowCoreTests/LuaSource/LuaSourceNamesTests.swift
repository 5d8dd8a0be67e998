import Testing

@testable import SceneflowCore

/// The state keys a prototype's source names (`LuaSourceNames.stateKeys`): those after
/// `state.`, in `state["…"]` and in a constructor assigned to `state`; any other use of the
/// state falls back to every word but Lua's reserved ones (red-team 14 F9: every word counted,
/// so `state.image` and `state["return"]` read nil as "named").
@Suite struct LuaSourceNamesTests {
    @Test func theKeysWrittenOnTheStateAreNamed() {
        let keys = LuaSourceNames.stateKeys(
            in: """
                return { start = "a", state = { count = 0, ["sign in"] = false, nested = { deep = 1 } },
                  scenes = { a = { image = "a.png", elements = { { label = "Go", frame = { 0, 0, 9, 9 },
                    on_tap = function(app) app.state.loaded = true; app.state["user name"] = "ada"
                      if app.state.count > 2 then app.state = { fresh = true } end end } } } } }
                -- app.state.commented = 1
                """)
        #expect(keys == ["count", "sign in", "nested", "loaded", "user name", "fresh"], "\(keys)")
    }

    @Test func aStateUsedAnyOtherWayNamesEveryWordButReservedOnes() {
        let keys = LuaSourceNames.stateKeys(
            in: "local function f(app) local s = app.state; s.later = 1; return nil end")
        #expect(keys.contains("later") && keys.contains("app"), "\(keys)")
        #expect(!keys.contains("return") && !keys.contains("local") && !keys.contains("nil"), "\(keys)")
    }
}
