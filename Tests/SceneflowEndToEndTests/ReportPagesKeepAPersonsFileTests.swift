import Foundation
import Testing

/// Red-team 53 B F1 and F3: the pages at the top of a report folder (`results.json`,
/// `junit.xml`, `index.html`) were written through a symbolic link left there, into a person's
/// file outside the folder, and over a person's own page that no run wrote, without a word.
/// They follow the artifacts' rule (52 B F1, F2): a page is written only where nothing is, or
/// over the last run's own unchanged page, never through a link. As the pages are known before
/// the run, a folder holding such a page is refused then (exit 64), naming it, and nothing
/// runs or is written. F2: a default `sceneflow-report` that is a link into `__screenshots__`
/// is refused as `--report` there is, with nothing made among the baselines.
@Suite struct ReportPagesKeepAPersonsFileTests {
    static let pages = ["results.json", "junit.xml", "index.html"]

    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "t.lua", "prototype \"Proto\"\ntest(\"f\", function() expect.scene(\"detail\", {timeout = 0}) end)\n")
        return tmp
    }

    /// The person's files under `U/`, by name → contents.
    static func personsFiles(_ tmp: TempFolder) throws -> [String: String] {
        var found: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: tmp.file("U")) {
            found[name] = try String(contentsOfFile: tmp.file("U/\(name)"), encoding: .utf8)
        }
        return found
    }

    @Test(arguments: pages, [true, false])
    func aPageThatIsALinkIsRefusedBeforeTheRun(page: String, absolute: Bool) throws {
        let tmp = try Self.suite()
        try tmp.write("U/mine", "MINE\n")
        try FileManager.default.createDirectory(atPath: tmp.file("R"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: tmp.file("R/\(page)"), withDestinationPath: absolute ? tmp.file("U/mine") : "../U/mine")
        let r = try Sceneflow.run(["test", "t.lua", "--report", "R"], in: tmp.url, timeout: 120)
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("R/\(page) is a symbolic link"), "\(r.stderr)")
        #expect(!r.stdout.contains("FAIL"), "nothing ran: \(r.stdout)")
        #expect(try Self.personsFiles(tmp) == ["mine": "MINE\n"], "\(r)")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("R/.sceneflow-files")))
    }

    @Test(arguments: pages)
    func aPersonsPageNoRunWroteIsRefusedBeforeTheRun(page: String) throws {
        let tmp = try Self.suite()
        try tmp.write("R/\(page)", "my site\n")
        let r = try Sceneflow.run(["test", "t.lua", "--report", "R"], in: tmp.url, timeout: 120)
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("R/\(page) is a file no run wrote"), "\(r.stderr)")
        #expect(try String(contentsOfFile: tmp.file("R/\(page)"), encoding: .utf8) == "my site\n")
    }

    @Test func theLastRunsOwnPagesAreWrittenAgainAndAnEditedOneIsRefused() throws {
        let tmp = try Self.suite()
        let first = try Sceneflow.run(["test", "t.lua", "--report", "R"], in: tmp.url, timeout: 120)
        #expect(first.status == 1, "\(first)")
        let again = try Sceneflow.run(["test", "t.lua", "--report", "R"], in: tmp.url, timeout: 120)
        #expect(again.status == 1, "the last run's own pages are its to replace: \(again)")
        for page in Self.pages {
            let text = try String(contentsOfFile: tmp.file("R/\(page)"), encoding: .utf8)
            #expect(text.contains("f"), "\(page) is the run's")
        }
        try tmp.write("R/index.html", "edited\n")
        let third = try Sceneflow.run(["test", "t.lua", "--report", "R"], in: tmp.url, timeout: 120)
        #expect(third.status == 64, "\(third)")
        #expect(third.stderr.contains("R/index.html is a file no run wrote, or one changed since its run"), "\(third)")
        #expect(try String(contentsOfFile: tmp.file("R/index.html"), encoding: .utf8) == "edited\n")
    }

    @Test func mergeReportsKeepsAPersonsPageAndALinkToo() throws {
        let tmp = try Self.suite()
        let shard = try Sceneflow.run(["test", "t.lua", "--json", "shard.json"], in: tmp.url, timeout: 120)
        #expect(shard.status == 1, "\(shard)")
        try tmp.write("M/index.html", "my site\n")
        let kept = try Sceneflow.run(["merge-reports", "shard.json", "--report", "M"], in: tmp.url, timeout: 120)
        #expect(kept.status == 64 && kept.stderr.contains("M/index.html is a file no run wrote"), "\(kept)")
        #expect(try String(contentsOfFile: tmp.file("M/index.html"), encoding: .utf8) == "my site\n")
        try tmp.write("U/mine", "MINE\n")
        try FileManager.default.createDirectory(atPath: tmp.file("L"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tmp.file("L/junit.xml"), withDestinationPath: "../U/mine")
        let linked = try Sceneflow.run(["merge-reports", "shard.json", "--report", "L"], in: tmp.url, timeout: 120)
        #expect(linked.status == 64 && linked.stderr.contains("L/junit.xml is a symbolic link"), "\(linked)")
        #expect(try Self.personsFiles(tmp) == ["mine": "MINE\n"])
        // The merge's own pages are its to write again.
        let merged = try Sceneflow.run(["merge-reports", "shard.json", "--report", "N"], in: tmp.url, timeout: 120)
        let again = try Sceneflow.run(["merge-reports", "shard.json", "--report", "N"], in: tmp.url, timeout: 120)
        #expect(merged.status == 1 && again.status == 1, "\(merged)\n\(again)")
    }

    @Test func aConfigsReportFolderIsCheckedToo() throws {
        let tmp = try Self.suite()
        try tmp.write("sceneflow.lua", "return { test = { reporters = { report = \"C\" } } }\n")
        try tmp.write("C/junit.xml", "<mine/>\n")
        let r = try Sceneflow.run(["test", "t.lua"], in: tmp.url, timeout: 120)
        #expect(r.status == 64 && r.stderr.contains("C/junit.xml is a file no run wrote"), "\(r)")
        #expect(try String(contentsOfFile: tmp.file("C/junit.xml"), encoding: .utf8) == "<mine/>\n")
    }

    @Test(arguments: [false, true])
    func aDefaultReportFolderLinkedIntoTheBaselinesIsRefused(withAnotherOutput: Bool) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua", "prototype \"Proto\"\ntest(\"shot\", function() expect.screenshot(\"x\") end)\n")
        let record = try Sceneflow.run(["test", "s.lua"], in: tmp.url, timeout: 120)
        #expect(record.status == 0, "\(record)")
        try? FileManager.default.removeItem(atPath: tmp.file("sceneflow-report"))
        try FileManager.default.createSymbolicLink(
            atPath: tmp.file("sceneflow-report"), withDestinationPath: "__screenshots__/s")
        let before = try FileManager.default.subpathsOfDirectory(atPath: tmp.file("__screenshots__")).sorted()
        let r = try Sceneflow.run(
            ["test", "s.lua"] + (withAnotherOutput ? ["--json", "out.json"] : []), in: tmp.url, timeout: 120)
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("__screenshots__"), "\(r.stderr)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: tmp.file("__screenshots__")).sorted() == before)
    }

    /// 54 B N2: the same for a script named like a page (`results.json.lua`): its frames folder
    /// took the page's name, and no page was written.
    @Test(arguments: ["results.json", "junit.xml", "index.html"])
    func framesOfAScriptNamedLikeAPageAreRefused(name: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("\(name).lua", "prototype \"Proto\"\ntest(\"f\", function() tap \"Open\" end)\n")
        let r = try Sceneflow.run(
            ["test", "\(name).lua", "--frames", "R", "--report", "R"], in: tmp.url, timeout: 120)
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("where the report folder keeps its file \(name)"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("R/\(name)")))
    }

    @Test(arguments: ["artifacts", "captures", "screenshots", "videos"], [true, false])
    func framesOfAScriptNamedLikeAReportSubfolderAreRefused(name: String, givenReport: Bool) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("\(name).lua", "prototype \"Proto\"\ntest(\"f\", function() tap \"Open\" end)\n")
        let report = givenReport ? "R" : "sceneflow-report"
        let r = try Sceneflow.run(
            ["test", "\(name).lua", "--frames", report] + (givenReport ? ["--report", "R"] : []), in: tmp.url,
            timeout: 120)
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("\(report)/\(name)/, which only Sceneflow writes into"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("\(report)/\(name)")))
    }
}

/// Red-team 54 B N5: a dangling default `sceneflow-report` link made a green test's capture
/// fail with a bare "File exists"; N7: `--report .` beside a prototype folder named
/// `artifacts` put failure frames among its images. Both are refused before the run (64).
@Suite struct ReportFolderPlaceTests {
    @Test(arguments: ["dangling", "file"])
    func aDefaultReportFolderThatIsNoFolderIsRefused(kind: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("g.lua", "prototype \"Proto\"\ntest(\"g\", function() capture \"c\" end)\n")
        if kind == "dangling" {
            try FileManager.default.createSymbolicLink(
                atPath: tmp.file("sceneflow-report"), withDestinationPath: "gone/x")
        } else {
            try tmp.write("sceneflow-report", "mine\n")
        }
        let r = try Sceneflow.run(["test", "g.lua"], in: tmp.url, timeout: 120)
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("the report folder (where captures and failure images go without --report)"), "\(r)")
    }

    @Test(arguments: ["artifacts", "captures"])
    func aReportSubfolderThatIsAPrototypeIsRefused(name: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype(name)
        try tmp.write("d/f.lua", "prototype \"../\(name)\"\ntest(\"f\", function() expect(1).to_be(2) end)\n")
        let before = try FileManager.default.contentsOfDirectory(atPath: tmp.file(name)).sorted()
        let r = try Sceneflow.run(["test", "d/f.lua", "--report", "."], in: tmp.url, timeout: 120)
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("the folder of a prototype"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.file(name)).sorted() == before)
    }
}
