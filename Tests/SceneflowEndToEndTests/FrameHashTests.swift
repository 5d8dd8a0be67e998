import Foundation
import Testing

/// `--frames` writes a hash of every captured frame (`hashes.txt`) beside the PNG files, and
/// `--frames-hash-only` writes the hashes alone (the determinism soak's fast path).
@Suite struct FrameHashTests {
    @Test func hashesMatchThePNGsAndHashOnlyWritesNoPNG() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("flow.lua", "prototype \"Proto\"\ntest(\"opens\", function() tap \"Open\"; back() end)\n")
        let full = try Sceneflow.run(["test", tmp.file("flow.lua"), "--frames", tmp.file("png")])
        #expect(full.status == 0, "\(full)")
        let hashOnly = try Sceneflow.run([
            "test", tmp.file("flow.lua"), "--frames", tmp.file("hash"), "--frames-hash-only",
        ])
        #expect(hashOnly.status == 0, "\(hashOnly)")
        // One sub-folder per script, named after its folder and file.
        let sub = try #require(try FileManager.default.contentsOfDirectory(atPath: tmp.file("png")).first)
        let pngFolder = tmp.file("png/\(sub)")
        let hashFolder = tmp.file("hash/\(sub)")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: pngFolder).filter { $0.hasSuffix(".png") }
            .sorted()
        let hashes = try String(contentsOfFile: pngFolder + "/hashes.txt", encoding: .utf8)
        #expect(pngs.count >= 3, "home, the transition's middle, detail and home again: \(pngs)")
        #expect(hashes.split(separator: "\n").map { String($0.split(separator: " ")[0]) } == pngs)
        #expect(
            try String(contentsOfFile: hashFolder + "/hashes.txt", encoding: .utf8) == hashes,
            "same frames, same hashes")
        let written = try FileManager.default.contentsOfDirectory(atPath: hashFolder)
        #expect(!written.contains { $0.hasSuffix(".png") }, "no PNG with --frames-hash-only: \(written)")
    }
}
