import Foundation
import SceneflowRunner
import Testing

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
    @Test func generatedPathsNeverShareAnID() {
        let names = ["a", "b", "a-b", "b-a", "c", "a-b-c"]
        var paths: Set<String> = []
        for first in names {
            paths.insert("\(first).lua")
            for second in names {
                paths.insert("\(first)/\(second).lua")
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
}
