import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// `coroutine.resume` and `coroutine.wrap` are Sceneflow's (so the watchdog reads a running
/// coroutine's own stack) and behave as Lua's: values in and out, yields, the refusals of a
/// dead or running coroutine, errors as values or raised, to-be-closed variables closed. A
/// wrapped function's error keeps its one place ("w.lua:3: boom", never "w.lua:4: w.lua:3:").
@Suite struct CoroutineLibraryTests {
    typealias H = ScriptAPIHarness

    @Test func resumeAndWrapBehaveAsLuas() throws {
        let r = try H.one(
            """
            local co = coroutine.create(function(a, b) local c = coroutine.yield(a + b); return c * 2, "done" end)
            expect({ coroutine.resume(co, 1, 2) }).to_equal({ true, 3 })
            expect(coroutine.status(co)).to_be("suspended")
            expect({ coroutine.resume(co, 5) }).to_equal({ true, 10, "done" })
            expect(coroutine.status(co)).to_be("dead")
            expect({ coroutine.resume(co) }).to_equal({ false, "cannot resume dead coroutine" })
            local self
            self = coroutine.create(function() return coroutine.resume(self) end)
            expect({ coroutine.resume(self) }).to_equal({ true, false, "cannot resume non-suspended coroutine" })
            local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)
            expect({ gen(), gen(), gen() }).to_equal({ 1, 2, 3 })
            local err = {}
            local ok, got = pcall(coroutine.wrap(function() error(err) end))
            expect(ok).to_be(false)
            expect(rawequal(got, err)).to_be(true)
            local closed = false
            pcall(coroutine.wrap(function()
              local _ <close> = setmetatable({}, { __close = function() closed = true end })
              error("inner")
            end))
            expect(closed).to_be(true)
            expect(select("#", coroutine.wrap(function() return nil, nil end)())).to_be(2)
            expect(pcall(coroutine.resume, 42)).to_be(false)
            """)
        #expect(r.failure == nil, "\(r.failure ?? "")")
    }

    @Test func aWrappedErrorKeepsOnePlace() throws {
        let r = try H.run(
            """
            test("t", function()
              local f = coroutine.wrap(function() error("boom") end)
              f()
            end)
            """)
        let failure = try #require(r["t"]?.failure)
        // The harness shows a failure without its place: one place, taken off, leaves "boom"
        // (Lua's own wrap left "walk.lua:3: boom" behind its second).
        #expect(failure == "boom", "\(failure)")
    }
}
