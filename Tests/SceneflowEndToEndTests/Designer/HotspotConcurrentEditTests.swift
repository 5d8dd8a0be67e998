import Foundation
import Testing

/// Red-team R9 and m4: `hotspot` edits of one prototype at once each land (they had undone each
/// other: "added" with exit 0 and missing from the file, or refused for a wrong reason), and an
/// edit keeps the file's permissions and refuses a read-only file.
@Suite struct HotspotConcurrentEditTests {
    /// Also through two folders whose prototype.lua is one file by symbolic links (one flow,
    /// two screenshot languages): the lock is on the real file's folder (red-team 9 R10: each
    /// folder was locked apart, and edits reported as written were lost).
    @Test(arguments: [false, true])
    func tenEditsAtOnceAllLand(linked: Bool) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        var folders = [tmp.file("Proto")]
        if linked {
            for name in ["en", "de"] {
                try tmp.image("\(name)/home.png")
                try tmp.image("\(name)/detail.png")
                try FileManager.default.createSymbolicLink(
                    atPath: tmp.file("\(name)/prototype.lua"), withDestinationPath: "../Proto/prototype.lua")
            }
            folders = [tmp.file("en"), tmp.file("de")]
        }
        let binary = try #require(Sceneflow.binary)
        let processes = try (1...10).map { i in
            let p = Process()
            p.executableURL = binary
            p.arguments = ["hotspot", "add", folders[i % folders.count], "home", "H\(i)", "--frame", "\(i),40,2,2"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            return p
        }
        for p in processes { p.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 10))
        let text = try String(contentsOfFile: tmp.file("Proto/prototype.lua"), encoding: .utf8)
        for i in 1...10 { #expect(text.contains("label = \"H\(i)\""), "H\(i) lost:\n\(text)") }
    }

    @Test func anEditKeepsTheModeAndRefusesAReadOnlyFile() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let file = tmp.file("Proto/prototype.lua")
        chmod(file, 0o600)
        let r = try Sceneflow.run(["hotspot", "add", "Proto", "home", "A", "--frame", "1,40,2,2"], in: tmp.url)
        #expect(r.status == 0, "\(r)")
        var info = stat()
        stat(file, &info)
        #expect(info.st_mode & 0o777 == 0o600, "mode \(String(info.st_mode & 0o777, radix: 8))")
        guard getuid() != 0 else { return }  // root may write any file
        chmod(file, 0o444)
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let refused = try Sceneflow.run(["hotspot", "add", "Proto", "home", "B", "--frame", "5,40,2,2"], in: tmp.url)
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.stderr.contains("is read-only"), "\(refused)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
    }

    /// Red-team 9 m6: on a read-only file system (EROFS) the file's mode was named
    /// ("read-only (mode 644)") and the edit refused as bad input (65); it is the system that
    /// refuses the write, so it says so and exits 70. Needs root for the read-only bind mount.
    @Test func anEditOnAReadOnlyFileSystemSaysSo() throws {
        guard getuid() == 0 else { return }
        let tmp = try TempFolder()
        try tmp.prototype()
        let folder = tmp.file("Proto")
        let file = folder + "/prototype.lua"
        let before = try String(contentsOfFile: file, encoding: .utf8)
        guard let undo = LastRunStaleStateTests.makeReadOnly(folder, file: file) else { return }
        defer { undo() }
        let refused = try Sceneflow.run(["hotspot", "add", "Proto", "home", "B", "--frame", "5,40,2,2"], in: tmp.url)
        #expect(refused.status == 70, "\(refused)")
        #expect(
            refused.stderr.contains("prototype.lua is on a read-only file system: nothing was written"), "\(refused)")
        #expect(!refused.stderr.contains("mode"), "\(refused)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
    }
}
