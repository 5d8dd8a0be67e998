import Foundation
import Testing

@testable import SceneflowCore

/// `RegularFile` reads regular files only and never blocks (a FIFO as a scene image hung
/// `test`, `inspect`, `graph` and `render` in open()).
@Suite struct RegularFileTests {
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "sceneflow-regular-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aFIFOIsRefusedAtOnce() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/home.png", 0o644) == 0)
        let start = Date()
        #expect(throws: RegularFile.Problem.notRegular(kind: "a FIFO (named pipe)")) {
            try RegularFile.read(dir + "/home.png")
        }
        #expect(RegularFile.contents(atPath: dir + "/home.png") == nil)
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test func devicesAndFoldersAreRefused() throws {
        #expect(throws: RegularFile.Problem.notRegular(kind: "a character device")) {
            try RegularFile.read("/dev/zero")
        }
        #expect(throws: RegularFile.Problem.notRegular(kind: "a folder")) { try RegularFile.read("/tmp") }
        #expect(throws: RegularFile.Problem.missing) { try RegularFile.read("/nonexistent/file") }
    }

    @Test func aRegularFileAndALinkToOneAreRead() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("hello".utf8).write(to: URL(fileURLWithPath: dir + "/a.txt"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.txt", withDestinationPath: "a.txt")
        #expect(try RegularFile.read(dir + "/a.txt") == Data("hello".utf8))
        #expect(try RegularFile.read(dir + "/link.txt") == Data("hello".utf8))
        #expect(try RegularFile.prefix(dir + "/a.txt", count: 2) == Data("he".utf8))
        #expect(throws: RegularFile.Problem.tooLarge(bytes: 5, limit: 4)) {
            try RegularFile.read(dir + "/a.txt", limit: 4)
        }
    }
}

/// `OutputTarget` writes without losing anything and never renames over a non-regular file.
@Suite struct OutputTargetTests {
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "sceneflow-output-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func targetsResolve() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/full", withDestinationPath: "/dev/full")
        try FileManager.default.createSymbolicLink(atPath: dir + "/out", withDestinationPath: "/proc/self/fd/1")
        try FileManager.default.createSymbolicLink(atPath: dir + "/rel", withDestinationPath: "target.xml")
        #expect(try OutputTarget.resolve("-") == .descriptor(StandardOutput.reportDescriptor))
        #expect(try OutputTarget.resolve("/dev/stdout") == .descriptor(1))
        #expect(try OutputTarget.resolve(dir + "/out") == .descriptor(1))
        #expect(try OutputTarget.resolve(dir + "/full") == .through("/dev/full", kind: "a character device"))
        #expect(try OutputTarget.resolve(dir + "/rel") == .replace(dir + "/target.xml"))
        #expect(try OutputTarget.resolve("y") == .replace("y"))
        #expect(throws: OutputError.self) { try OutputTarget.resolve(dir) }
    }

    @Test func aFullDeviceFailsAndStaysADevice() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/full", withDestinationPath: "/dev/full")
        #expect(throws: OutputError(path: dir + "/full", reason: "No space left on device")) {
            try OutputTarget.write(Data("x".utf8), to: dir + "/full")
        }
        let kind = try FileManager.default.attributesOfItem(atPath: dir + "/full")[.type] as? FileAttributeType
        #expect(kind == .typeSymbolicLink)
    }

    @Test func aFIFOWithoutAReaderIsRefusedAtOnce() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/f", 0o644) == 0)
        #expect(throws: OutputError(path: dir + "/f", reason: "it is a FIFO (named pipe) that no process is reading")) {
            try OutputTarget.write(Data("x".utf8), to: dir + "/f")
        }
    }

    @Test func aLinkToAFileKeepsTheLink() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/target.xml"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.xml", withDestinationPath: "target.xml")
        try OutputTarget.write(Data("new".utf8), to: dir + "/link.xml")
        #expect(try String(contentsOfFile: dir + "/target.xml", encoding: .utf8) == "new")
        let kind = try FileManager.default.attributesOfItem(atPath: dir + "/link.xml")[.type] as? FileAttributeType
        #expect(kind == .typeSymbolicLink)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(left == ["link.xml", "target.xml"], "temporary files left: \(left)")
    }
}

extension OutputError: Equatable {
    public static func == (a: OutputError, b: OutputError) -> Bool { a.path == b.path && a.reason == b.reason }
}
