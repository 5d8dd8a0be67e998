import Foundation
import SceneflowCore
import Testing

@testable import SceneflowRunner

/// The run-wide claims of baselines (`RecordedBaselines`) between processes and threads:
/// a look at a claim waits for its write (red-team 45 B G3), a claim whose writer died
/// mid-write is taken over and its temporary file removed, and a failed write drops its claim
/// (45 B G1: the other check was told the baseline was "recorded … from another screen",
/// though nothing was written).
@Suite struct RecordedBaselinesClaimTests {
    static let a = RecordedBaselines.Writer(script: "a.lua", name: "t", index: 0)
    static let b = RecordedBaselines.Writer(script: "b.lua", name: "t", index: 0)

    /// A claims folder and a baseline path in a fresh folder.
    static func folders() throws -> (tmp: TempFolder, claims: String, baseline: String) {
        let tmp = try TempFolder()
        try FileManager.default.createDirectory(atPath: tmp.file("claims"), withIntermediateDirectories: true)
        try tmp.write("__screenshots__/a/x.png", "old")
        return (tmp, tmp.file("claims"), tmp.file("__screenshots__/a/x.png"))
    }

    @Test func aLookAtAClaimWaitsForItsWrite() throws {
        let (tmp, claims, baseline) = try Self.folders()
        defer { withExtendedLifetime(tmp) {} }
        let writing = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? RecordedBaselines(folder: claims).claim(baseline, by: Self.a) {
                writing.signal()
                Thread.sleep(forTimeInterval: 0.5)
                try Data("new".utf8).write(to: URL(fileURLWithPath: baseline))
            }
            done.signal()
        }
        writing.wait()
        // Another process's registry (another object, another lock file descriptor).
        let other = RecordedBaselines(folder: claims)
        let writer = other.writer(of: baseline)
        #expect(writer?.script == "a.lua")
        #expect(try String(contentsOfFile: baseline, encoding: .utf8) == "new", "looked before the write ended")
        #expect(try other.claim(baseline, by: Self.b)?.script == "a.lua")
        done.wait()
    }

    @Test func aClaimWhoseWriterDiedIsTakenOver() throws {
        let (tmp, claims, baseline) = try Self.folders()
        // A worker (a process that is gone) claimed x and was killed while writing it.
        let dead: Int32 = 999_999
        let entry = PathText.join(claims, RecordedBaselines.key(baseline))
        #expect(RecordedBaselines.save(.init(writer: Self.a, writing: true, process: dead), to: entry))
        let leftover = OutputTarget.temporaryPrefix(of: baseline, process: dead) + "ABCDEF12.tmp"
        try tmp.write("__screenshots__/a/" + leftover, "half a PNG")
        let registry = RecordedBaselines(folder: claims)
        #expect(registry.writer(of: baseline) == nil, "nothing was written by the dead claim")
        var wrote = false
        #expect(try registry.claim(baseline, by: Self.b) { wrote = true } == nil)
        #expect(wrote)
        #expect(!FileManager.default.fileExists(atPath: tmp.file("__screenshots__/a/" + leftover)))
        #expect(RecordedBaselines(folder: claims).writer(of: baseline)?.script == "b.lua")
    }

    @Test(arguments: [true, false])
    func aFailedWriteDropsItsClaim(_ onDisk: Bool) throws {
        let (tmp, claims, baseline) = try Self.folders()
        defer { withExtendedLifetime(tmp) {} }
        let registry = RecordedBaselines(folder: onDisk ? claims : nil)
        struct Full: Error {}
        #expect(throws: Full.self) { try registry.claim(baseline, by: Self.a) { throw Full() } }
        #expect(registry.writer(of: baseline) == nil)
        var wrote = false
        #expect(try registry.claim(baseline, by: Self.b) { wrote = true } == nil)
        #expect(wrote)
    }
}
