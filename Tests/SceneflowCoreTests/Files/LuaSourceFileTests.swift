import Foundation
import Testing

@testable import SceneflowCore

/// `LuaSourceFile`: the one reader of Lua sources refuses a file over 16 MiB after `stat`,
/// before reading it (a sparse 4 GB file costs no disk and must cost no memory), and names it.
@Suite struct LuaSourceFileTests {
    func sparse(_ name: String, bytes: Int) throws -> (folder: String, path: String) {
        let folder = NSTemporaryDirectory() + "sceneflow-luasource-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + name
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, off_t(bytes)) == 0)
        return (folder, path)
    }

    @Test(arguments: [LuaSourceFile.maxBytes + 1, 1 << 30, 4 << 30])
    func aFileOverTheCapIsRefusedUnread(_ bytes: Int) throws {
        let (folder, path) = try sparse("prototype.lua", bytes: bytes)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: RegularFile.Problem.tooLarge(bytes: bytes, limit: LuaSourceFile.maxBytes)) {
            try LuaSourceFile.read(path)
        }
        do {
            _ = try LuaSourceFile.read(path)
        } catch {
            #expect(
                LuaSourceFile.sizeMessage(error, path: path)
                    == "prototype.lua is \(bytes) bytes; a Lua source file is at most 16777216 bytes (16 MiB)")
        }
    }

    @Test func aFileOfExactlyTheCapIsRead() throws {
        let (folder, path) = try sparse("script.lua", bytes: LuaSourceFile.maxBytes)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try LuaSourceFile.read(path).count == LuaSourceFile.maxBytes)
        #expect(try LuaSourceFile.prefix(path, count: 10) == Data(count: 10))
    }

    @Test func otherProblemsAreLeftToTheCaller() {
        #expect(LuaSourceFile.sizeMessage(.missing, path: "x.lua") == nil)
        #expect(LuaSourceFile.sizeMessage(.notRegular(kind: "a folder"), path: "x.lua") == nil)
    }
}
