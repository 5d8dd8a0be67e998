import Foundation
import Testing

/// Sceneflow's cache folder is shared by every project and restored by CI caches: whatever
/// sits at a cache file's name (a FIFO, a folder, a symbolic link to a script), a run neither
/// blocks on it nor writes through it; the cache is simply not used (red-team finding Q13: a
/// FIFO named `sound-images.txt` hung every `sceneflow test`).
@Suite struct CacheFolderFIFOTests {
    static let cacheFiles = ["sound-images.txt", "checked-images.txt"]

    @Test(arguments: cacheFiles, ["fifo", "folder", "link to a script"])
    func aCacheFileThatIsNotARegularFileIsNotUsed(name: String, kind: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let script = try tmp.write(
            "S/t.lua", "prototype \"../Proto\"\ntest(\"opens\", function() tap \"Open\" expect.scene \"detail\" end)\n")
        let cache = tmp.file("cache")
        try FileManager.default.createDirectory(atPath: cache + "/sceneflow", withIntermediateDirectories: true)
        let target = cache + "/sceneflow/" + name
        switch kind {
        case "fifo": #expect(mkfifo(target, 0o644) == 0)
        case "folder": try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        default: try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: script)
        }
        let before = try String(contentsOfFile: script, encoding: .utf8)
        for arguments in [["test", "S"], ["check", "Proto"]] {
            let r = try Sceneflow.run(
                arguments, in: URL(fileURLWithPath: tmp.path), environment: ["XDG_CACHE_HOME": cache], timeout: 60)
            #expect(r.status == 0 && !r.timedOut && r.didNotCrash, "\(name) as a \(kind), \(arguments): \(r)")
        }
        // Nothing was written through the link.
        #expect(try String(contentsOfFile: script, encoding: .utf8) == before)
    }
}
