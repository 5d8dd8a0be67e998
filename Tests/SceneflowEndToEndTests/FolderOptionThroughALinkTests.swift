import Foundation
import Testing

/// Red-team 51 B W1: `--report` or `--frames` given a link that leads nowhere (dangling, or a
/// loop) said "cannot be created: it cannot be created (is a part of the path an existing
/// file, or the folder read-only?)", words that repeat and guess wrong, while `--json` names
/// the cause. The folder options name it too: 64, before anything is written.
@Suite struct FolderOptionThroughALinkTests {
    @Test(arguments: ["--report", "--frames"], ["dang", "loopA"])
    func aLinkThatLeadsNowhereIsNamed(option: String, link: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"t\", function() end)\n")
        try FileManager.default.createSymbolicLink(atPath: tmp.file("dang"), withDestinationPath: "nowhere/x")
        try FileManager.default.createSymbolicLink(atPath: tmp.file("loopA"), withDestinationPath: "loopB")
        try FileManager.default.createSymbolicLink(atPath: tmp.file("loopB"), withDestinationPath: "loopA")
        let r = try Sceneflow.run(["test", "t.lua", option, link], in: tmp.url, timeout: 60)
        #expect(r.status == 64, "\(r)")
        let cause = link == "dang" ? "which leads to nothing there" : "which leads to a loop of symbolic links"
        #expect(r.stderr.contains("\(option) \(link) is a symbolic link to"), "\(r.stderr)")
        #expect(r.stderr.contains(cause), "\(r.stderr)")
        #expect(!r.stderr.contains("it cannot be created"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("nowhere")), "nothing made")
    }
}
