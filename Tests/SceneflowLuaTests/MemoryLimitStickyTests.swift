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
    ]

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
