import Foundation
import Testing

@testable import SceneflowLua

/// An error object with `__tostring` (a class of the script's own) fails its test with its
/// text, as `lua` itself shows it; objects without one, or whose `__tostring` fails, still
/// fail with a description of the value.
@Suite struct ErrorObjectTextTests {
    @Test func anErrorObjectShowsItsText() throws {
        let path = ScriptRuntimeTests.script(
            """
            prototype "proto"
            local Problem = { __tostring = function(p) return "problem: " .. p.what end }
            test("table", function() error(setmetatable({ what = "no network" }, Problem)) end)
            test("nested", function() local function f() error(setmetatable({ what = "deep" }, Problem)) end f() end)
            test("plain", function() error({}) end)
            test("failing", function() error(setmetatable({}, { __tostring = function() error("x") end })) end)
            test("number", function() error(setmetatable({}, { __tostring = function() return 5 end })) end)
            """)
        let results = try ScriptRuntimeTests.run(path)
        let text = results.mapValues { ScriptRuntimeTests.failure($0) ?? "passed" }
        #expect(text["table"]?.contains("problem: no network") == true, "\(text)")
        #expect(text["nested"]?.contains("problem: deep") == true, "\(text)")
        #expect(text["number"]?.hasPrefix("walk.lua:7: ") == true, "\(text)")
        for name in ["plain", "failing"] {
            #expect(text[name]?.contains("error object is a table value") == true, "\(name): \(text)")
        }
    }
}
