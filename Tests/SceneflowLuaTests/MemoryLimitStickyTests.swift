import Testing

@testable import SceneflowLua

/// The memory limit holds whatever the Lua does, as the watchdog does: once an allocation was
/// refused even after Lua's emergency collection, the test fails with the memory message,
/// however its code catches the error (`pcall`, `xpcall`, `coroutine.resume`, `coroutine.wrap`
/// inside `pcall`, an error handler, a loop that keeps trying). A test that only comes near the
/// limit and frees what it made passes.
@Suite struct MemoryLimitStickyTests {
    static let limits = LuaLimits(memoryBytes: 16 << 20)

    /// Ways a test can catch an out-of-memory error; each body runs inside the test.
    static let catchers: [(name: String, body: String)] = [
        ("pcall string.rep", #"pcall(string.rep, "x", 64 * 1024 * 1024)"#),
        ("pcall table growth", "pcall(function() local t = {} for i = 1, 1e9 do t[i] = i end end)"),
        (
            "xpcall with a handler",
            #"xpcall(function() return string.rep("y", 64 * 1024 * 1024) end, function(e) return e end)"#
        ),
        (
            "coroutine.resume",
            #"coroutine.resume(coroutine.create(function() return string.rep("z", 64 * 1024 * 1024) end))"#
        ),
        ("pcall of coroutine.wrap", #"pcall(coroutine.wrap(function() return string.rep("w", 64 * 1024 * 1024) end))"#),
        ("retried in a loop", #"for i = 1, 20 do pcall(string.rep, "v", 64 * 1024 * 1024) end"#),
        ("a string concatenation", #"pcall(function() local s = "ab" for i = 1, 40 do s = s .. s end end)"#),
        (
            "a gsub callback",
            #"pcall(string.gsub, "abc", "%w", function(c) return string.rep(c, 64 * 1024 * 1024) end)"#
        ),
        (
            "a sort comparator",
            #"pcall(table.sort, {3, 2, 1}, function(a, b) local s = string.rep("x", 64 * 1024 * 1024) return a < b end)"#
        ),
        ("a loaded chunk", #"pcall(load("return string.rep('x', 64 * 1024 * 1024)"))"#),
        (
            "a __close metamethod",
            #"pcall(function() local x <close> = setmetatable({}, {__close = function() local s = string.rep("x", 64 * 1024 * 1024) end}) end)"#
        ),
        (
            "an __index metamethod",
            #"local t = setmetatable({}, {__index = function() return string.rep("x", 64 * 1024 * 1024) end}) pcall(function() return t.x end)"#
        ),
    ]

    /// Where the catching code runs: at the very end of the test (no Sceneflow call, no Lua
    /// instruction after it: red-team finding Q3), or in a `before_each` or `after_each` hook.
    static let placements: [(name: String, script: @Sendable (String) -> String)] = [
        ("last in the test", { "test(\"t\", function()\n\($0)\nend)\n" }),
        ("in before_each", { "before_each(function()\n\($0)\nend)\ntest(\"t\", function() end)\n" }),
        ("in after_each", { "after_each(function()\n\($0)\nend)\ntest(\"t\", function() end)\n" }),
    ]

    @Test(arguments: catchers.map(\.name), placements.map(\.name))
    func caughtOutOfMemoryWithNothingAfterItStillFailsTheTest(name: String, placement: String) throws {
        let body = try #require(Self.catchers.first { $0.name == name }?.body)
        let script = try #require(Self.placements.first { $0.name == placement }?.script)
        let results = try ScriptAPIHarness.run(script(body), limits: Self.limits)
        let step = try #require(results["t"]?.step)
        guard case .failed(let diagnostic) = step else {
            Issue.record("\(name) \(placement): expected the memory limit to fail the test, got \(step)")
            return
        }
        #expect(
            diagnostic.message.contains("used more than 16 MiB of memory"),
            "\(name) \(placement): \(diagnostic.message)")
    }

    @Test(arguments: catchers.map(\.name))
    func caughtOutOfMemoryStillFailsTheTest(name: String) throws {
        let body = try #require(Self.catchers.first { $0.name == name }?.body)
        let results = try ScriptAPIHarness.run(
            "test(\"t\", function()\n\(body)\nexpect(1).to_equal(1)\nend)\n", limits: Self.limits)
        let step = try #require(results["t"]?.step)
        guard case .failed(let diagnostic) = step else {
            Issue.record("\(name): expected the memory limit to fail the test, got \(step)")
            return
        }
        #expect(diagnostic.message.contains("used more than 16 MiB of memory"), "\(name): \(diagnostic.message)")
    }

    @Test func comingNearTheLimitAndFreeingItPasses() throws {
        // 10 MiB made and dropped three times within a 16 MiB limit: collections make room.
        let results = try ScriptAPIHarness.run(
            """
            test("near", function()
              for round = 1, 3 do
                local parts = {}
                for i = 1, 10 do parts[i] = string.rep(tostring(round), 1024 * 1024) end
                parts = nil
                collectgarbage()
              end
              expect(1).to_equal(1)
            end)
            """, limits: Self.limits)
        #expect(results["near"]?.step == .passed, "\(String(describing: results["near"]?.step))")
    }
}
