import Foundation
import Testing

/// Red-team 9 R4: every `test` run read its cache files (the last-run state, the image
/// checks) whole, whatever their size: a damaged 3 GB file cost 3 GB of memory and 15–25 s on
/// every run. Each cache file over its limit is now a cache that cannot be used, never read;
/// `--last-failed` says so and runs every test.
@Suite struct HugeCacheFileTests {
    /// The peak resident memory of `sceneflow arguments` in `tmp`, kilobytes (`/usr/bin/time`),
    /// with its exit status and output.
    static func peak(_ arguments: [String], in tmp: TempFolder, cache: String) throws -> (Int, RunResult) {
        let binary = try #require(Sceneflow.binary)
        let r = try Sceneflow.run(
            ["-f", "peak %M", binary.path] + arguments, in: tmp.url, environment: ["XDG_CACHE_HOME": cache],
            timeout: 120, executable: URL(fileURLWithPath: "/usr/bin/time"))
        let line = r.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") } ?? ""
        return (Int(line.dropFirst(5)) ?? -1, r)
    }

    /// The cache files a `test` and a `check` leave, by kind (the last-run state, checked
    /// images, sound images, the report folder's ledger): each truncated to 3 GB, neither
    /// command reads it.
    @Test(arguments: ["last-run-", "checked-images.txt", "sound-images.txt", ".sceneflow-files"])
    func aHugeCacheFileIsNotRead(_ kind: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return }
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("suite.lua", "prototype \"Proto\"\ntest(\"opens\", function() tap \"Open\" end)\n")
        let cache = tmp.file("cache")
        for arguments in [["test", "suite.lua", "--report", "report"], ["check", "Proto"]] {
            let first = try Sceneflow.run(arguments, in: tmp.url, environment: ["XDG_CACHE_HOME": cache])
            #expect(first.status == 0, "\(first)")
        }
        let folders = [cache + "/sceneflow", tmp.file("report")]
        let files = folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).map { folder + "/" + $0 }
        }
        let target = try #require(
            files.first { ($0 as NSString).lastPathComponent.hasPrefix(kind) && !$0.hasSuffix(".lock") },
            "no \(kind) cache in \(files)")
        // 3 GB without using the disk (a sparse file).
        #expect(truncate(target, 3 << 30) == 0)
        for arguments in [["test", "suite.lua", "--report", "report", "--last-failed"], ["check", "Proto"]] {
            let (kilobytes, r) = try Self.peak(arguments, in: tmp, cache: cache)
            #expect(r.status == 0, "\(r)")
            #expect(
                kilobytes > 0 && kilobytes < 400_000, "\(arguments[0]): peak \(kilobytes) kB, the \(kind) file was read"
            )
            if kind == "last-run-" && arguments[0] == "test" {
                #expect(r.stderr.contains("over the limit of 64 MiB"), "\(r)")
            }
        }
    }
}
