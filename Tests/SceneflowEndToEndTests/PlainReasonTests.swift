import Foundation
import Testing

@testable import SceneflowRunner

/// File-system errors reach the user in the operating system's words, whichever way Foundation
/// wraps them: `--report` into a read-only file system said "The operation could not be
/// completed. The volume is read only." where every other output says `Read-only file system`
/// (red-team 18 B-F4).
@Suite struct PlainReasonTests {
    @Test(arguments: [
        (NSFileWriteVolumeReadOnlyError, "Read-only file system"),
        (NSFileWriteOutOfSpaceError, "No space left on device"),
        (NSFileWriteNoPermissionError, "Permission denied"), (NSFileNoSuchFileError, "No such file or directory"),
    ])
    func foundationsCodesReadAsTheSystemsWords(_ pair: (Int, String)) {
        #expect(plainReason(NSError(domain: NSCocoaErrorDomain, code: pair.0)) == pair.1)
    }

    @Test func anUnderlyingSystemErrorGivesItsOwnText() {
        let underlying = NSError(domain: NSPOSIXErrorDomain, code: Int(EROFS))
        let wrapped = NSError(domain: NSCocoaErrorDomain, code: 642, userInfo: [NSUnderlyingErrorKey: underlying])
        #expect(plainReason(wrapped) == "Read-only file system")
    }

    /// On a read-only file system for real (root only: it mounts one), `--report` and
    /// `--frames` name the folder with that reason.
    @Test func aReadOnlyFileSystemIsNamedSo() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else { return }
        let tmp = try TempFolder()
        let mountPoint = tmp.file("ro")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let mounted = try Sceneflow.run(
            ["-c", "mount -t tmpfs -o size=64k,ro tmpfs \(mountPoint)"], executable: URL(fileURLWithPath: "/bin/sh"))
        guard mounted.status == 0 else { return }  // no mounting here (a container without the right)
        defer { _ = try? Sceneflow.run(["-c", "umount \(mountPoint)"], executable: URL(fileURLWithPath: "/bin/sh")) }
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"t\", function() end)\n")
        for option in ["--report", "--frames"] {
            let r = try Sceneflow.run(["test", "t.lua", option, "ro/out"], in: tmp.url)
            #expect(r.status == 64, "\(option): \(r)")
            #expect(r.stderr.contains("\(option) ro/out cannot be created: Read-only file system"), "\(option): \(r)")
        }
    }
}
