import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Lua that Lua's own hook cannot stop (issue 15.2), in one state without the worker
/// processes: the sandbox keeps the hook on, and loads are deterministic enough to repeat.
@Suite struct HostileLuaTests {
    /// Lua calls an `xpcall` handler with hooks off when the hook raised the error; the
    /// sandbox's `xpcall` calls it after the error unwound, so the load budget stops it.
    @Test func anXpcallHandlerRunsUnderTheLimits() throws {
        let folder = TestFolders.prototype(
            "xpcall(function() while true do end end, function(m) local n = 0 while n < 3e8 do n = n + 1 end end)\n"
                + TestFolders.good)
        // On a thread of its own, so a handler that is never stopped fails the test instead of
        // hanging the run.
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? PrototypeLoader.load(directory: folder, limits: LuaLimits(loadInstructions: 1_000_000))
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 2) == .success, "the handler ran on with the hook off")
    }

    @Test func xpcallKeepsItsResults() {
        let lua = """
            local ok, a, b = xpcall(function(x) return x, 2 end, print, 1)
            assert(ok == true and a == 1 and b == 2)
            local ok2, m = xpcall(error, function(e) return "handled " .. e end, "x", 0)
            assert(ok2 == false and m == "handled x", tostring(m))
            error("xpcall ok")
            """
        #expect(TestFolders.lines(lua) == ["prototype.lua:5: xpcall ok"])
    }

    /// Finalizers run with hooks off: a `__gc` metatable is refused.
    @Test func aFinalizerIsRefused() {
        #expect(
            TestFolders.lines("setmetatable({}, { __gc = function() while true do end end })") == [
                "prototype.lua:1: setmetatable: __gc is not available in Sceneflow's sandbox (a finalizer runs where no limit can stop it)"
            ])
        #expect(
            TestFolders.lines("setmetatable({}, 5)") == [
                "prototype.lua:1: bad argument #2 to 'setmetatable' (nil or table expected, got number)"
            ])
    }

    /// Each test loads the prototype again: the result, function references included, must be
    /// equal although Lua's table order changes from state to state.
    @Test func aPrototypeLoadsEquallyEveryTime() throws {
        var elements = ""
        for i in 0..<12 {
            // Four functions in one table: their order in Lua differs from state to state.
            let go = "function(app) app:go(\"detail\") end"
            elements +=
                "{ label = \"E\(i)\", frame = { 0, \(i), 10, 1 }, on_swipe = { left = \(go), right = \(go), up = \(go), down = \(go) } },\n"
        }
        let folder = TestFolders.prototype(
            TestFolders.good.replacingOccurrences(
                of: "elements = {", with: "elements = {\n" + elements, options: [], range: nil))
        let first = try PrototypeLoader.load(directory: folder).prototype
        for _ in 0..<3 {
            #expect(try PrototypeLoader.load(directory: folder).prototype == first)
        }
    }
}
