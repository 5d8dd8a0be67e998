import Testing

@testable import SceneflowLua

/// A data-driven suite passes each case's options, nil for most: `test(c.name, c.opts, fn)` and
/// `skip(name, nil, fn, reason)` declare as if the options were left out (red-team 14 F4: the
/// file failed to load, "expected a function, got nil").
@Suite struct NilOptionsTests {
    @Test func nilOptionsBeforeTheFunctionAreNoOptions() throws {
        let results = try ScriptAPIHarness.run(
            """
            local cases = { { name = "plain" }, { name = "tagged", opts = { tags = { "smoke" } } } }
            for _, c in ipairs(cases) do
              test("case " .. c.name, c.opts, function() expect.scene "login" end)
            end
            skip("later", nil, function() end, "not yet")
            """)
        #expect(results["case plain"]?.failure == nil, "\(results)")
        #expect(results["case tagged"]?.failure == nil, "\(results)")
    }
}
