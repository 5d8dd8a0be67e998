import Testing

/// The prototype's `state` table is copied for each test by its own keys and values: its
/// metatable is dropped and never run (red-team finding M7: a `__pairs` that errored or looped
/// left `app.state` nil in every action, and `check` said nothing).
@Suite struct StateMetatableTests {
    static func prototype(_ metatable: String) -> String {
        """
        return {
          device = { width = 360, height = 800, scale = 1 },
          start = "login",
          state = setmetatable({ n = 0, nested = { m = 1 } }, \(metatable)),
          scenes = {
            login = { image = "login.png", elements = {
              { label = "Add", frame = { 0, 0, 100, 40 }, on_tap = function(app) app.state.n = app.state.n + 1 end } } },
          },
        }
        """
    }

    @Test(arguments: [
        "{ __pairs = function() error(\"pairs boom\") end }",
        "{ __pairs = function() while true do end end }",
        "{ __index = function() error(\"index boom\") end }",
        "{ __newindex = function() error(\"newindex boom\") end }",
    ])
    func stateWithAHostileMetatableIsCopiedRaw(_ metatable: String) throws {
        let results = try ScriptAPIHarness.run(
            "test(\"t\", function() tap \"Add\" expect.state(\"n\", 1) expect(state.nested).to_equal({ m = 1 }) end)\n",
            prototype: Self.prototype(metatable), images: ["login"])
        let r = try #require(results["t"])
        #expect(r.failure == nil, "\(metatable): \(r.failure ?? "")")
    }
}
