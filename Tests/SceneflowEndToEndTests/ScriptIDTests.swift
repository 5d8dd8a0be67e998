import Foundation
import Testing

@testable import SceneflowRunner

/// Every script of a run gets its own artifact folder and JUnit classname
/// (`HeadlessTestRunner.scriptID`): generated trees of paths that differ only in where a `/`,
/// a `-` or a folder sits never share an id, whether given relative, with `./` parts, or
/// absolute inside or outside the working directory.
@Suite struct ScriptIDTests {
    let cwd = "/work/project"

    @Test func theSamplePathsKeepReadableIDs() {
        #expect(
            HeadlessTestRunner.scriptID("Scripts/Notes/walk_flow.lua", workingDirectory: cwd)
                == "Scripts-Notes-walk_flow")
        #expect(
            HeadlessTestRunner.scriptID("./Scripts//Notes/walk_flow.lua", workingDirectory: cwd)
                == "Scripts-Notes-walk_flow")
        #expect(
            HeadlessTestRunner.scriptID("/work/project/Scripts/Notes/walk_flow.lua", workingDirectory: cwd)
                == "Scripts-Notes-walk_flow")
        #expect(HeadlessTestRunner.scriptID("login.lua", workingDirectory: cwd) == "login")
    }

    @Test func pathsOutsideTheWorkingDirectoryKeepTheirFolderAndAHash() {
        let id = HeadlessTestRunner.scriptID("/tmp/suite/login.lua", workingDirectory: cwd)
        #expect(id.hasPrefix("suite-login-") && id.count == "suite-login-".count + 6, "\(id)")
        let up = HeadlessTestRunner.scriptID("../other/login.lua", workingDirectory: cwd)
        #expect(up.hasPrefix("other-login-"), "\(up)")
    }

    /// Red-team finding: `c/a/b.lua` and `d/a/b.lua` shared `a-b`; `a/b.lua` and `a-b.lua` did before.
    /// Red-team 48 B K2: scripts whose names differ only in the extension (`s.lua`, `s.Lua`,
    /// `s.bak`, `s`) shared one id, so one's artifacts replaced the other's and a capture of
    /// the second was refused as the first's.
    @Test func generatedPathsNeverShareAnID() {
        let names = ["a", "b", "a-b", "b-a", "c", "a-b-c"]
        let extensions = [".lua", ".Lua", ".LUA", ".bak", "", ".lua.lua"]
        var paths: Set<String> = []
        for first in names {
            for ext in extensions { paths.insert("\(first)\(ext)") }
            for second in names {
                for ext in extensions { paths.insert("\(first)/\(second)\(ext)") }
                for third in names { paths.insert("\(first)/\(second)/\(third).lua") }
            }
        }
        for form in ["", "./", "/work/project/", "/elsewhere/x/", "../"] {
            let full = paths.map { form + $0 }
            var seen: [String: String] = [:]
            for path in full {
                let id = HeadlessTestRunner.scriptID(path, workingDirectory: cwd)
                #expect(seen[id] == nil, "\(path) and \(seen[id] ?? "") share \(id)")
                #expect(!id.contains("/") && !id.isEmpty, "\(path) → \(id)")
                seen[id] = path
            }
        }
    }

    /// Red-team finding: `AB/a-b.lua` (hashed to `AB-a-b-327ae5`) and `AB/a/b/327ae5.lua` shared
    /// a folder. Generated hostile trees: every path with a `-`, and for each, the path whose
    /// names spell its hashed id (its hash as a script name, its dashes as folders), plus
    /// hash-like names in upper case and of other lengths; no two share an id.
    @Test func scriptsNamedLikeAnotherScriptsHashNeverShareItsID() {
        let names = ["AB", "a", "b", "a-b", "x-y-z", "0", "feed"]
        var paths: Set<String> = []
        for first in names {
            for second in names {
                paths.insert("\(first)/\(second).lua")
                for third in names { paths.insert("\(first)/\(second)/\(third).lua") }
            }
        }
        for form in ["", "./", "/work/project/", "/elsewhere/x/", "../"] {
            var all: Set<String> = []
            for path in paths {
                let full = form + path
                all.insert(full)
                // The hostile twin: the hashed id's parts as folders and a script.
                let id = HeadlessTestRunner.scriptID(full, workingDirectory: cwd)
                let parts = id.split(separator: "-").map(String.init)
                all.insert(parts.joined(separator: "/") + ".lua")
                all.insert(form + parts.joined(separator: "/") + ".lua")
                let hash = parts.last ?? ""
                all.insert("AB/a/b/\(hash.uppercased()).lua")
                all.insert("AB/a/b/\(hash.prefix(5)).lua")
                all.insert("\(hash).lua")
            }
            var seen: [String: String] = [:]
            for path in all {
                let id = HeadlessTestRunner.scriptID(path, workingDirectory: cwd)
                let normal = path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
                let same = seen[id].map { $0.split(separator: "/").filter { $0 != "." }.joined(separator: "/") }
                let equivalent =
                    same == normal || (same.map { "/work/project/" + $0 == "/" + normal } ?? false)
                    || (same.map { "/" + $0 == "/work/project/" + normal } ?? false)
                #expect(seen[id] == nil || equivalent, "\(path) and \(seen[id] ?? "") share \(id)")
                seen[id] = path
            }
        }
        #expect(
            HeadlessTestRunner.scriptID("AB/a-b.lua", workingDirectory: cwd)
                != HeadlessTestRunner.scriptID("AB/a/b/327ae5.lua", workingDirectory: cwd))
    }

    /// Red-team finding: a script nine folders deep got an id of 327 bytes and every capture,
    /// failure artifact, video and frame write failed with ENAMETOOLONG. Generated paths whose
    /// joined form is around 255 bytes, with 1- to 4-byte characters, give ids that fit a file
    /// name, can be created as a folder, start as the path's plain form, stay unique, and
    /// keep the short form for paths that already fit.
    @Test func longPathsGiveIDsThatFitAFileName() throws {
        let scratch = NSTemporaryDirectory() + "sceneflow-ids-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var seen: [String: String] = [:]
        for letter in ["f", "é", "€", "😀"] {
            for length in stride(from: 1, through: 70, by: 3) {
                for depth in [3, 4, 5, 9] {
                    let name = String(repeating: letter, count: length)
                    let folders = (1...depth).map { "\(name)_\($0)" }
                    for form in ["", "/work/project/x/", "../x/"] {
                        let path = form + folders.joined(separator: "/") + "/script_\(letter).lua"
                        let id = HeadlessTestRunner.scriptID(path, workingDirectory: cwd)
                        #expect(id.utf8.count <= 255, "\(path) → \(id.utf8.count) bytes")
                        #expect(seen[id] == nil, "\(path) and \(seen[id] ?? "") share \(id)")
                        seen[id] = path
                        #expect(!id.contains("/") && !id.isEmpty)
                        let plain = folders.joined(separator: "-") + "-script_\(letter)"
                        if form.isEmpty && plain.utf8.count <= 255 {
                            #expect(id == plain, "a path that fits keeps its plain id")
                        } else if form.isEmpty {
                            #expect(
                                plain.utf8.starts(with: id.utf8.dropLast(7)), "\(id) starts as the path's plain form")
                            #expect(id.utf8.count >= 255 - 3, "\(id) keeps as much of the path as fits")
                        }
                        let made = scratch + "/" + id
                        if !FileManager.default.fileExists(atPath: made) {
                            #expect(mkdir(made, 0o755) == 0, "\(id): \(String(cString: strerror(errno)))")
                        }
                    }
                }
            }
        }
    }

    /// Test folders (`02-opens_settings`) and so video names stay within a file name whatever the
    /// test is called: 60 characters of a letter with 40 combining marks are 4 860 bytes.
    @Test func testFoldersFitAFileName() {
        let heavy = "e" + String(repeating: "\u{301}", count: 40)
        for name in [String(repeating: heavy, count: 60), String(repeating: "😀", count: 300), "Opens settings!", ""] {
            let folder = FailureArtifacts.folder(9_999, name)
            #expect((folder + ".mp4").utf8.count <= 255, "\(folder.utf8.count) bytes")
            #expect(!folder.isEmpty && !folder.contains("/"))
        }
        #expect(FailureArtifacts.folder(1, "Opens settings!") == "02-opens_settings")
    }
}
