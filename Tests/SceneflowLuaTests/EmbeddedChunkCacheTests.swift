import Foundation
import Testing

@testable import SceneflowLua

/// Sceneflow's own Lua is compiled once per process and later states load its bytecode
/// (`EmbeddedChunkCache`): the cached chunk must behave as the text did, error lines included,
/// and never stand in for different text under the same chunk name.
@Suite struct EmbeddedChunkCacheTests {
    /// Loads `source` as an embedded chunk in a fresh state, calls it, and returns its result
    /// or error text.
    private func run(_ source: String, chunkName: String) throws -> String {
        let stack = try #require(LuaStack.newState(memoryLimit: 64 << 20))
        defer { stack.closeState() }
        #expect(stack.loadEmbedded(source, chunkName: chunkName), "\(stack.errorText())")
        stack.resetLimits(instructions: 1_000_000)
        _ = stack.pcall(args: 0, results: 1)
        return stack.errorText()
    }

    @Test func theSecondStateRunsTheCachedBytecodeWithTheSameLinesAndResults() throws {
        let name = "=[sceneflow cache test \(UUID().uuidString)]"
        let source = "local t = {}\nfor i = 1, 3 do t[i] = i * 2 end\nif #t == 3 then error('line three ' .. t[3]) end"
        #expect(EmbeddedChunkCache.shared.bytecode(chunkName: name, source: source) == nil)
        let first = try run(source, chunkName: name)
        let cached = try #require(EmbeddedChunkCache.shared.bytecode(chunkName: name, source: source))
        #expect(cached.first == 0x1B, "Lua bytecode starts with ESC 'Lua'")
        let second = try run(source, chunkName: name)
        #expect(first == String(name.dropFirst()) + ":3: line three 6")
        #expect(second == first)
    }

    @Test func otherTextUnderTheSameNameIsCompiledAnew() throws {
        let name = "=[sceneflow cache test \(UUID().uuidString)]"
        _ = try run("return error('one')", chunkName: name)
        #expect(try run("error('two')", chunkName: name).hasSuffix(":1: two"))
        #expect(EmbeddedChunkCache.shared.bytecode(chunkName: name, source: "return error('one')") == nil)
    }
}
