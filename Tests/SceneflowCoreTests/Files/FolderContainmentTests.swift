import Foundation
import Testing

@testable import SceneflowCore

/// `FolderContainment.writeEscape`: a path that is read or written (a baseline, recorded or
/// rewritten) stays inside its folder after every symbolic link on the way is followed, for
/// links to files and folders, dangling links and links of the folder itself, whether the
/// file exists yet or not.
@Suite struct FolderContainmentTests {
    /// A scratch tree: `root/inside/` (the folder), `root/outside.txt`, `root/elsewhere/`.
    func tree() throws -> String {
        let root = NSTemporaryDirectory() + "sceneflow-contain-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/inside/sub", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: URL(fileURLWithPath: root + "/outside.txt"))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: root + "/inside/sub/kept.txt"))
        return root
    }

    func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    @Test func plainFilesAndMissingFilesStayInside() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/inside"
        for path in ["sub/kept.txt", "sub/new.png", "new/deeper/x.txt", "x.tree.txt"] {
            #expect(FolderContainment.writeEscape(of: folder + "/" + path, from: folder) == nil, "\(path)")
        }
        // The folder itself need not exist yet (no __screenshots__ before the first baseline).
        #expect(FolderContainment.writeEscape(of: root + "/inside/none/a/b.png", from: root + "/inside/none") == nil)
    }

    @Test func everyKindOfLinkOutsideIsCaught() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/inside"
        let real = FolderContainment.resolved(root)!
        try link(folder + "/file.txt", to: "../outside.txt")  // to a file outside
        try link(folder + "/abs.txt", to: real + "/outside.txt")  // absolute
        try link(folder + "/dir", to: "../elsewhere")  // a folder outside
        try link(folder + "/dangling.png", to: "../gone.png")  // dangling, outside
        try link(folder + "/dangling-dir", to: "../gone")  // a dangling folder link
        try link(folder + "/chain.txt", to: "file.txt")  // a link to a link outside
        let cases: [(String, String)] = [
            ("file.txt", real + "/outside.txt"),
            ("abs.txt", real + "/outside.txt"),
            ("dir/new.png", real + "/elsewhere/new.png"),
            ("dir/deeper/new.png", real + "/elsewhere/deeper/new.png"),
            ("dangling.png", "../gone.png"),
            ("dangling-dir/new.png", "../gone"),
            ("chain.txt", real + "/outside.txt"),
        ]
        for (path, target) in cases {
            #expect(FolderContainment.writeEscape(of: folder + "/" + path, from: folder) == target, "\(path)")
        }
    }

    @Test func theFolderItselfLinkedElsewhereIsCaughtAgainstItsParent() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let real = FolderContainment.resolved(root)!
        try link(root + "/inside/__screenshots__", to: "../elsewhere")
        #expect(
            FolderContainment.writeEscape(of: root + "/inside/__screenshots__", from: root + "/inside")
                == real + "/elsewhere")
    }

    @Test func linksThatStayInsideAreFollowed() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/inside"
        let real = FolderContainment.resolved(root)!
        try link(folder + "/alias", to: "sub")
        try link(folder + "/alias.txt", to: "sub/kept.txt")
        for path in ["alias/kept.txt", "alias/new.png", "alias.txt"] {
            #expect(FolderContainment.writeEscape(of: folder + "/" + path, from: folder) == nil, "\(path)")
        }
        // `.` and `..` parts of the path as written are resolved like any other.
        #expect(FolderContainment.writeEscape(of: folder + "/./alias/../sub/x.png", from: folder) == nil)
        #expect(FolderContainment.writeEscape(of: folder + "/sub/../../x.png", from: folder) != nil)
        #expect(FolderContainment.writeEscape(of: folder + "/new/../../x.png", from: folder) == real + "/x.png")
    }
}
