import SceneflowCore
import Testing

@testable import SceneflowLua

/// No script can reach a metatable Sceneflow made and add a `__gc` to it: `setmetatable`
/// refuses `__gc` (Lua runs finalizers with hooks off, where no limit can stop a loop), but the
/// metatable of `element()` tables was a plain table, so `getmetatable(element "Go").__gc = f`
/// made every later element finalizable, and a looping `f` ran when the test's Lua state was
/// closed, past every limit (red-team 23 F2; so were `expect`, `expect(x)`, `expect.soft(x)`
/// and `state`'s). Every value a script can reach is walked here: the globals, the tables they
/// hold, and what the API functions return.
@Suite struct SealedMetatableTests {
    typealias H = ScriptAPIHarness

    @Test func noMetatableAScriptCanReachTakesAFinalizer() throws {
        let results = try H.run(
            """
            test("walk", function()
              local finalized, checked, seen = false, {}, {}
              local function gc() finalized = true end
              local function visit(name, v, depth)
                if seen[v] or depth > 3 then return end
                if type(v) == "table" or type(v) == "string" then seen[v] = true end
                local mt = getmetatable(v)
                if type(mt) == "table" and not seen[mt] then
                  seen[mt] = true
                  checked[#checked + 1] = name
                  local wrote = pcall(function() mt.__gc = gc end)
                  assert(not wrote, "the metatable of " .. name .. " took a __gc")
                  rawset(mt, "__gc", gc)
                end
                if type(v) == "table" then
                  for k, x in next, v do visit(name .. "." .. tostring(k), x, depth + 1) end
                end
              end
              local reached = { _G = _G, element = element("Continue"), elements = elements(), expect = expect,
                expect_x = expect(1), soft = expect.soft, soft_x = expect.soft(1), state = state,
                history = history(), scene = scene() }
              visit("reached", reached, 0)
              -- New objects of every kind, made after the attempts, then a full collection.
              for _ = 1, 3 do
                local _ = element("Continue"), elements(), history()
                expect(1).to_be(1)
                expect.soft(1).to_be(1)
              end
              reached.expect_x.to_be(1)
              reached.soft_x.to_be(1)
              tap "Continue"
              collectgarbage(); collectgarbage()
              assert(not finalized, "a finalizer ran")
              assert(#checked >= 3, "the walk reached no metatable: " .. table.concat(checked, ", "))
            end)
            """)
        let walk = try #require(results["walk"])
        #expect(walk.failure == nil, "\(walk.failure ?? "")")
    }

    /// The view a script gets reads through (a class's field check still runs) and refuses
    /// writes with a clear message.
    @Test func theViewReadsThroughAndRefusesWrites() throws {
        let results = try H.run(
            """
            test("view", function()
              local mt = getmetatable(element("Continue"))
              expect(type(mt)).to_be("table")
              expect(type(mt.__index)).to_be("function")
              expect(getmetatable(mt)).to_be("sceneflow")
              mt.__gc = function() end
            end)
            """)
        let failure = try #require(results["view"]?.failure)
        #expect(failure.contains("Sceneflow's metatables are read-only (assigning __gc)"), "\(failure)")
    }
}
