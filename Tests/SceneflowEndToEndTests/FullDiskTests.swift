import Foundation
import Testing

/// A really full disk (issue 15.4): a 256 KiB tmpfs, mounted when the tests run as root (they
/// skip otherwise; the `ulimit -f` cases of `Tests/BadInput/full-disk` cover the same writes
/// unprivileged). `--update-baselines` turned a good baseline into 0 bytes and said it was
/// written; now the run fails with the reason and the old baseline stays byte for byte.
@Suite(.serialized) struct FullDiskTests {
    /// A mounted tmpfs of `kilobytes`, unmounted when released; nil (with the reason printed)
    /// when mounting is not allowed.
    final class SmallDisk {
        let path: String
        init?(kilobytes: Int) {
            guard getuid() == 0 else {
                print("skipped: mounting a small tmpfs needs root")
                return nil
            }
            path = NSTemporaryDirectory() + "sceneflow-full-\(UUID().uuidString)"
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            guard ShellCase.shell("mount -t tmpfs -o size=\(kilobytes)k tmpfs '\(path)'", in: nil) == 0 else {
                print("skipped: could not mount a tmpfs at \(path)")
                try? FileManager.default.removeItem(atPath: path)
                return nil
            }
        }
        deinit {
            ShellCase.shell("umount '\(path)'", in: nil)
            try? FileManager.default.removeItem(atPath: path)
        }
        /// Fills the disk up with a file of zeros.
        func fill() { ShellCase.shell("cat /dev/zero > '\(path)/filler'", in: nil) }
    }

    /// The full-disk case folder copied onto `disk`.
    func setUp(_ disk: SmallDisk) throws -> URL {
        let source = BadInputCase.root.appendingPathComponent("full-disk").path
        #expect(ShellCase.shell("cp -a '\(source)/.' '\(disk.path)/' && rm '\(disk.path)/cases.txt'", in: nil) == 0)
        return URL(fileURLWithPath: disk.path)
    }

    @Test func updatingABaselineOnAFullDiskKeepsTheOldOne() throws {
        guard let disk = SmallDisk(kilobytes: 256) else { return }
        let folder = try setUp(disk)
        let old = try Data(contentsOf: folder.appendingPathComponent("old-baseline.png"))
        disk.fill()
        let r = try Sceneflow.run(["test", "shot.lua", "--update-baselines"], in: folder)
        #expect(r.didNotCrash, "\(r)")
        #expect(r.status != 0, "a baseline that could not be written was reported as written\n\(r)")
        #expect(r.output.contains("No space left on device"), "\(r)")
        let now = try Data(contentsOf: folder.appendingPathComponent("__screenshots__/shot/home.png"))
        #expect(now == old, "the old baseline was not kept (\(now.count) bytes now)")
    }

    @Test func recordingABaselineOnAFullDiskFails() throws {
        guard let disk = SmallDisk(kilobytes: 256) else { return }
        let folder = try setUp(disk)
        disk.fill()
        let r = try Sceneflow.run(["test", "record.lua"], in: folder)
        #expect(r.didNotCrash, "\(r)")
        #expect(r.status != 0, "\(r)")
        #expect(r.output.contains("No space left on device"), "\(r)")
        let recorded = folder.appendingPathComponent("__screenshots__/record/fresh.png").path
        #expect(!FileManager.default.fileExists(atPath: recorded), "a 0-byte baseline was left behind")
    }

    @Test func framesOnAFullDiskFail() throws {
        guard let disk = SmallDisk(kilobytes: 256) else { return }
        let folder = try setUp(disk)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("frames"), withIntermediateDirectories: true)
        disk.fill()
        let r = try Sceneflow.run(["test", "ok.lua", "--frames", "frames"], in: folder)
        #expect(r.didNotCrash, "\(r)")
        // The test that could not write its frame fails, and summary.txt that could not be
        // written fails the run as a report does (70).
        #expect(r.status == 70, "\(r)")
        #expect(r.output.contains("FAIL"), "the test that could not write its frame fails\n\(r)")
        #expect(r.output.contains("No space left on device"), "\(r)")
        let empty =
            ((try? FileManager.default.subpathsOfDirectory(atPath: folder.appendingPathComponent("frames").path)) ?? [])
            .filter { $0.hasSuffix(".png") }
            .filter {
                ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("frames/\($0)").path))?[
                    .size] as? Int) == 0
            }
        #expect(empty.isEmpty, "0-byte frames: \(empty)")
        // Red-team F9: the frames and summary.txt were claimed as written when none were.
        let summary = folder.appendingPathComponent("frames/ok/summary.txt").path
        if !FileManager.default.fileExists(atPath: summary) {
            #expect(!r.output.contains("frames and summary.txt written"), "\(r)")
            #expect(r.output.contains("could not write frames/ok/summary.txt: No space left on device"), "\(r)")
        }
    }

    /// Red-team 11 R8: with `--frames-hash-only` no frame fails a test, so a full disk lost
    /// hashes.txt and summary.txt with exit 0 and "see the failures above" with none above. The
    /// files that could not be written are named with the reason, and the run exits 70.
    @Test func frameHashesOnAFullDiskFailTheRun() throws {
        guard let disk = SmallDisk(kilobytes: 256) else { return }
        let folder = try setUp(disk)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("frames"), withIntermediateDirectories: true)
        disk.fill()
        for (jobs, hashOnly) in [("1", true), ("2", true), ("1", false)] {
            let r = try Sceneflow.run(
                ["test", "ok.lua", "--frames", "frames", "--jobs", jobs] + (hashOnly ? ["--frames-hash-only"] : []),
                in: folder)
            #expect(r.didNotCrash, "\(r)")
            #expect(r.status == 70, "\(r)")
            #expect(r.stderr.contains("could not write frames/ok/"), "\(r)")
            #expect(r.stderr.contains("No space left on device"), "\(r)")
            #expect(!r.output.contains("see the failures above"), "\(r)")
            // Red-team 33 F7: nothing is said to be written, and no empty hashes.txt is left.
            #expect(!r.stdout.contains("written to"), "\(r)")
            let hashes = folder.appendingPathComponent("frames/ok/hashes.txt").path
            let size = (try? FileManager.default.attributesOfItem(atPath: hashes)[.size] as? Int) ?? nil
            #expect(size == nil || size! > 0, "an empty hashes.txt was left: \(r)")
        }
    }

    /// Red-team 11 m6: a video that could not be started on a full disk left a 0-byte MP4
    /// (the failure named it); nothing is left behind, as for every other output.
    @Test func videosOnAFullDiskLeaveNoEmptyFile() throws {
        guard let disk = SmallDisk(kilobytes: 256) else { return }
        let folder = try setUp(disk)
        disk.fill()
        let r = try Sceneflow.run(["test", "ok.lua", "--video", "on", "--report", "rep"], in: folder)
        #expect(r.didNotCrash, "\(r)")
        #expect(r.status != 0, "\(r)")
        #expect(r.output.contains("No space left on device"), "\(r)")
        let videos =
            (FileManager.default.enumerator(atPath: folder.appendingPathComponent("rep").path)?.allObjects
            as? [String] ?? []).filter { $0.hasSuffix(".mp4") }
        #expect(videos.isEmpty, "left behind: \(videos)")
    }

    @Test func reportsOnAFullDiskFailAndKeepTheOldOnes() throws {
        guard let disk = SmallDisk(kilobytes: 256) else { return }
        let folder = try setUp(disk)
        try "<old/>\n".write(to: folder.appendingPathComponent("j.xml"), atomically: true, encoding: .utf8)
        disk.fill()
        let r = try Sceneflow.run(["test", "ok.lua", "--junit", "j.xml"], in: folder)
        #expect(r.status == 70, "\(r)")
        #expect(r.stderr.contains("could not write j.xml: No space left on device"), "\(r)")
        #expect(try String(contentsOf: folder.appendingPathComponent("j.xml"), encoding: .utf8) == "<old/>\n")
    }

    /// Red-team 10 m4: `new` on a full disk exited 65, left a 0-byte copy of a screenshot and
    /// an empty `Scripts/`, and refused the same command once there was space ("already exists
    /// and is not …"). Now it exits 70 naming the file, leaves nothing it made, and the same
    /// command works once there is space.
    @Test func newOnAFullDiskLeavesNothingBehind() throws {
        guard let disk = SmallDisk(kilobytes: 256) else { return }
        let folder = URL(fileURLWithPath: disk.path)
        let shots = BadInputCase.root.appendingPathComponent("streams/proto").path
        #expect(ShellCase.shell("cp '\(shots)/home.png' '\(shots)/detail.png' '\(disk.path)/'", in: nil) == 0)
        disk.fill()
        let r = try Sceneflow.run(["new", "App", "home.png", "detail.png"], in: folder)
        #expect(r.didNotCrash, "\(r)")
        #expect(r.status == 70, "\(r)")
        #expect(r.stderr.contains("No space left on device"), "\(r)")
        #expect(!FileManager.default.fileExists(atPath: disk.path + "/App"), "left behind: \(r)")
        try FileManager.default.removeItem(atPath: disk.path + "/filler")
        let again = try Sceneflow.run(["new", "App", "home.png", "detail.png"], in: folder)
        #expect(again.status == 0, "\(again)")
        #expect(FileManager.default.fileExists(atPath: disk.path + "/App/prototype.lua"))
    }
}
