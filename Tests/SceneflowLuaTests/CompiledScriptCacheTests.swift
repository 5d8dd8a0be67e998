import Foundation
import Testing

@testable import SceneflowLua

/// Users' scripts and prototypes are parsed once per process and later Lua states load the
/// bytecode made from the same text (`CompiledScriptCache`): the loaded chunk must behave as
/// the text does (results, error lines, chunk names), other text under the same name is
/// compiled anew, text that does not compile is never kept, binary chunks from users are still
/// refused, and the cache stays within its bounds.
@Suite struct CompiledScriptCacheTests {
    /// Loads `text` as a user's chunk in a fresh state, calls it, and returns its result or
    /// error text (the load error when it does not load).
    private func run(_ text: String, chunkName: String) throws -> String {
        let stack = try #require(LuaStack.newState(memoryLimit: 64 << 20))
        defer { stack.closeState() }
        guard stack.load(bytes: Data(text.utf8), chunkName: chunkName) else { return "load: " + stack.errorText() }
        stack.resetLimits(instructions: 1_000_000)
        _ = stack.pcall(args: 0, results: 1)
        return stack.errorText()
    }

    @Test func theSecondLoadRunsTheKeptBytecodeWithTheSameLinesAndResults() throws {
        let name = "@/tmp/\(UUID().uuidString)/script.lua"
        let text = "local t = {}\nfor i = 1, 3 do t[i] = i * 2 end\n\nerror('line four ' .. t[3])"
        #expect(CompiledScriptCache.shared.bytecode(chunkName: name, text: Data(text.utf8)) == nil)
        let first = try run(text, chunkName: name)
        let kept = try #require(CompiledScriptCache.shared.bytecode(chunkName: name, text: Data(text.utf8)))
        #expect(kept.first == 0x1B, "Lua bytecode starts with ESC 'Lua'")
        let second = try run(text, chunkName: name)
        #expect(first.hasSuffix("script.lua:4: line four 6"), "\(first)")
        #expect(second == first)
    }

    @Test func otherTextUnderTheSameNameIsCompiledAnew() throws {
        let name = "@/tmp/\(UUID().uuidString)/script.lua"
        #expect(try run("error('one')", chunkName: name).hasSuffix(":1: one"))
        #expect(try run("\nerror('two')", chunkName: name).hasSuffix(":2: two"))
        #expect(try run("error('one')", chunkName: name).hasSuffix(":1: one"))
    }

    @Test func textThatDoesNotCompileIsNeverKeptAndFailsEveryTime() throws {
        let name = "@/tmp/\(UUID().uuidString)/broken.lua"
        let text = "local x = = 1"
        let first = try run(text, chunkName: name)
        #expect(first.hasPrefix("load: ") && first.contains("broken.lua:1:"), "\(first)")
        #expect(CompiledScriptCache.shared.bytecode(chunkName: name, text: Data(text.utf8)) == nil)
        #expect(try run(text, chunkName: name) == first)
    }

    @Test func aBinaryChunkFromAUserIsStillRefused() throws {
        let name = "@/tmp/\(UUID().uuidString)/ok.lua"
        _ = try run("return 1", chunkName: name)
        let bytecode = try #require(CompiledScriptCache.shared.bytecode(chunkName: name, text: Data("return 1".utf8)))
        let stack = try #require(LuaStack.newState(memoryLimit: 64 << 20))
        defer { stack.closeState() }
        #expect(!stack.load(bytes: bytecode, chunkName: "@/tmp/evil.lua"), "bytecode given as a script's text")
        #expect(stack.errorText().contains("binary"))
    }

    @Test func theCacheKeepsWithinItsBytesAndDropsTheLeastRecentlyUsed() {
        let cache = CompiledScriptCache(capacityBytes: 1_000, largestText: 300)
        let code = Data(repeating: 0x1B, count: 100)
        for i in 0..<8 { cache.store(code, chunkName: "@\(i).lua", text: Data(repeating: 65, count: 100)) }
        #expect(cache.count == 5, "200 bytes each within 1 000")
        #expect(cache.bytecode(chunkName: "@0.lua", text: Data(repeating: 65, count: 100)) == nil, "dropped first")
        _ = cache.bytecode(chunkName: "@3.lua", text: Data(repeating: 65, count: 100))  // now most recent
        cache.store(code, chunkName: "@8.lua", text: Data(repeating: 65, count: 100))
        #expect(cache.bytecode(chunkName: "@3.lua", text: Data(repeating: 65, count: 100)) != nil)
        #expect(cache.bytecode(chunkName: "@4.lua", text: Data(repeating: 65, count: 100)) == nil)
        cache.store(code, chunkName: "@big.lua", text: Data(repeating: 65, count: 301))
        #expect(cache.bytecode(chunkName: "@big.lua", text: Data(repeating: 65, count: 301)) == nil, "too large")
    }
}
