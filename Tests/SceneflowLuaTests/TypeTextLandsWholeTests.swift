import Testing

/// `type_text` lands whole or fails: text typed after the field gave up the keyboard (a Return
/// that runs `on_submit`) went nowhere and passed (red-team finding M16).
@Suite struct TypeTextLandsWholeTests {
    static let prototype = """
        return {
          device = { width = 360, height = 800, scale = 1 },
          start = "login",
          scenes = {
            login = { image = "login.png", elements = {
              { label = "Sub", control = "text_field", frame = { 0, 500, 360, 40 }, on_submit = function(app, t) end },
              { label = "Other", control = "text_field", frame = { 0, 100, 360, 40 } } } },
          },
        }
        """

    @Test func textAfterReturnThatLeavesTheFieldFails() throws {
        let results = try ScriptAPIHarness.run(
            """
            test("rest dropped", function() type_text("Sub", "a\\nb\\nc") end)
            test("return last", function() type_text("Sub", "abc\\n") expect.value("Sub", "abc") end)
            test("one line", function() type_text("Other", "hello") expect.value("Other", "hello") end)
            """, prototype: Self.prototype, images: ["login"])
        let dropped = try #require(results["rest dropped"])
        #expect(
            dropped.failure?.contains("\"Sub\" gave up the keyboard part-way") == true
                && dropped.failure?.contains("the last 3 of the 5 characters went nowhere") == true,
            "\(dropped.failure ?? "passed")")
        #expect(results["return last"]?.failure == nil, "\(results["return last"]?.failure ?? "")")
        #expect(results["one line"]?.failure == nil, "\(results["one line"]?.failure ?? "")")
    }
}
