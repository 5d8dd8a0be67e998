import Testing

@testable import SceneflowLua

/// `expect.value` / `expect.not_value` on a state control with a state it never has (a typo)
/// fails with did-you-mean at once, as `choose` does; `expect.not_value("Wi-Fi", "of")` passed
/// (red-team 14 F5). Its states and the ways it is read out ("on", "2 of 3") still compare.
@Suite struct StateValueTypoTests {
    static let prototype = """
        return { device = { width = 360, height = 800, scale = 1 }, start = "a", scenes = {
          a = { image = "login.png", elements = {
            { label = "Wi-Fi", frame = { 0, 170, 60, 40 }, control = "toggle",
              states = { off = "login.png", on = "login.png" } },
          } } } }
        """

    @Test func aStateTheControlNeverHasFails() throws {
        let results = try ScriptAPIHarness.run(
            """
            test("typo", function() expect.not_value("Wi-Fi", "of") end)
            test("soft typo", function() expect.soft.value("Wi-Fi", "onn") end)
            test("right", function()
              expect.value("Wi-Fi", "off")
              expect.not_value("Wi-Fi", "on")
              choose("Wi-Fi", "on")
              expect.value("Wi-Fi", "on")
            end)
            """, prototype: Self.prototype, images: ["login"])
        for name in ["typo", "soft typo"] {
            let failure = results[name]?.failure ?? "passed"
            #expect(failure.contains("\"Wi-Fi\" has no state"), "\(name): \(failure)")
        }
        #expect(results["typo"]?.failure?.contains("did you mean \"off\"") == true)
        #expect(results["right"]?.failure == nil, "\(results["right"]?.failure ?? "")")
    }
}
