import Foundation
import Testing

@testable import SceneflowLua

/// The Lua of the script API is compiled in by the EmbedLua plugin: each constant must be its
/// file's text exactly (minus the final newline), so chunk line numbers are the file's.
@Suite struct EmbeddedLuaTests {
    /// `Sources/SceneflowLua/Lua`, found from this file's path.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/SceneflowLua/Lua")

    /// Every chunk the runtime loads, by file name.
    static let chunks: [(file: String, source: String)] =
        ScriptAPISections.all.map { ("\($0.name).lua", $0.source) }
        + [("prelude.lua", ScriptPrelude.source), ("sandbox.lua", SandboxPrelude.source)]

    @Test func everyChunkIsItsFileVerbatim() throws {
        for chunk in Self.chunks {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(chunk.file), encoding: .utf8)
            #expect(text == chunk.source + "\n", "\(chunk.file) differs from the embedded constant")
        }
    }

    @Test func everyLuaFileIsLoaded() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".lua") }
        #expect(Set(files) == Set(Self.chunks.map(\.file)), "a .lua file that no chunk list names")
    }
}
