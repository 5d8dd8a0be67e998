import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// `coroutine.resume` and `coroutine.wrap` are Sceneflow's (so the watchdog reads a running
/// coroutine's own stack) and behave as Lua's: values in and out, yields, the refusals of a
/// dead or running coroutine, errors as values or raised (with Lua's places), to-be-closed
/// variables closed.
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

    /// Errors as Lua 5.4.4's own wrap and resume give them (measured with Debian's `lua5.4`;
    /// red-team 28 F3): a string error out of a wrapped function gets the caller's place in
    /// front, as does a dead wrap's refusal; a `__close` that fails replaces the body's error;
    /// a bad argument is "thread expected".
    @Test func errorsAreLuasOwn() throws {
        let r = try H.one(
            """
            local w = coroutine.wrap(function() error("direct") end)
            local _, e = pcall(function() w() end)
            expect(e).to_match("^[^:]+:4: [^:]+:3: direct$")
            local dead = coroutine.wrap(function() end)
            dead()
            local _, d = pcall(function() dead() end)
            expect(d).to_match("^[^:]+:8: cannot resume dead coroutine$")
            local closing = coroutine.wrap(function()
              local _ <close> = setmetatable({}, { __close = function() error("c2") end })
              error("c1")
            end)
            local _, c = pcall(closing)
            expect(c).to_match(":11: c2$")
            local _, b = pcall(coroutine.resume, 5)
            expect(b).to_contain("(thread expected, got number)")
            local _, x = pcall(coroutine.wrap, 5)
            expect(x).to_contain("(function expected, got number)")
            """)
        #expect(r.failure == nil, "\(r.failure ?? "")")
    }

    @Test func aWrappedErrorNamesBothPlacesAsLuaDoes() throws {
        let r = try H.run(
            """
            test("t", function()
              local f = coroutine.wrap(function() error("boom") end)
              f()
            end)
            """)
        let failure = try #require(r["t"]?.failure)
        // The harness shows a failure without its first place (the call at line 4); Lua's
        // wrap puts it before the error's own place, line 3.
        #expect(failure.hasSuffix(":3: boom"), "\(failure)")
    }
}
