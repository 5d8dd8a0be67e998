import Testing

@testable import SceneflowLua

/// `print` and `log.*` run a value's own `__tostring` as Lua's print does: its error fails the
/// test at the script's line instead of being swallowed into `{}` (red-team 31 A, minor: a typo
/// in a script's `__tostring` went unnoticed and the test passed). A working one is used, and
/// one that gives a table fails as in Lua ("'__tostring' must return a string").
@Suite struct PrintToStringErrorTests {
    typealias H = ScriptAPIHarness

    @Test(arguments: ["print", "log.message", "log.debug", "log.warn"])
    func aFailingToStringFailsTheTest(_ call: String) throws {
        let r = try H.run(
            """
            local broken = setmetatable({}, { __tostring = function() error("boom in tostring") end })
            local nostring = setmetatable({}, { __tostring = function() return {} end })
            local fine = setmetatable({}, { __tostring = function() return "a point" end })
            test("broken", function() \(call)("x", broken) end)
            test("no string", function() \(call)(nostring) end)
            test("fine", function() \(call)(fine) end)
            """)
        let broken = try #require(r["broken"]?.failure, "\(call) of a failing __tostring passed")
        #expect(broken.contains("boom in tostring"), "\(broken)")
        let nostring = try #require(r["no string"]?.failure, "\(call) of a __tostring giving a table passed")
        #expect(nostring.contains("__tostring"), "\(nostring)")
        #expect(r["fine"]?.failure == nil, "\(r["fine"]?.failure ?? "")")
        #expect(r["fine"]?.log.contains { $0.message.contains("a point") } == true, "\(r["fine"]?.log ?? [])")
    }
}
