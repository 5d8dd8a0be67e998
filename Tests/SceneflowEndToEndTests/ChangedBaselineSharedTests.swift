import Foundation
import SceneflowRunner
import Testing

/// Red-team 43 B G1: with `--update-baselines changed`, a test passed against a baseline and a
/// later check of another screen, with the same name (in the same script, or another script
/// reaching the file through a link), rewrote it: the run was green and the next run failed
/// the test that had passed. The passed baseline is now only compared with for the rest of
/// the run, and the later check fails naming the test that passed against it.
@Suite struct ChangedBaselineSharedTests {
    /// `Proto` with distinct home and detail screens; `home`'s screenshot recorded as `x` for
    /// `a.lua` (and, with `linked`, `b.lua`'s `x` a link to it).
    static func suite(_ a: String, b: String? = nil) throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("Proto/detail.png", PNGWriter.solid(width: 36, height: 80, rgb: (200, 30, 30)))
        try tmp.write("a.lua", a)
        try tmp.write(
            "seed.lua",
            "prototype \"Proto\"\ntest(\"seed\", function() expect.screenshot(\"x\") expect.tree(\"x\") end)\n")
        #expect(try Sceneflow.run(["test", "seed.lua", "--update-baselines", "all"], in: tmp.url).status == 0)
        for name in ["x.png", "x.tree.txt"] {
            try FileManager.default.createDirectory(
                atPath: tmp.file("__screenshots__/a"), withIntermediateDirectories: true)
            try FileManager.default.moveItem(
                atPath: tmp.file("__screenshots__/seed/" + name), toPath: tmp.file("__screenshots__/a/" + name))
        }
        if let b {
            try tmp.write("b.lua", b)
            try FileManager.default.createSymbolicLink(atPath: tmp.file("__screenshots__/b"), withDestinationPath: "a")
        }
        return tmp
    }

    static func check(_ kind: String) -> String {
        kind == "tree" ? "expect.tree(\"x\")" : "expect.screenshot(\"x\", { timeout = 0 })"
    }

    @Test(arguments: ["screenshot", "tree"])
    func withinOneScript(_ kind: String) throws {
        let tmp = try Self.suite(
            "prototype \"Proto\"\ntest(\"home\", function() \(Self.check(kind)) end)\ntest(\"other\", function() tap \"Open\"; \(Self.check(kind)) end)\n"
        )
        let before = try Data(contentsOf: URL(fileURLWithPath: tmp.file("__screenshots__/a/x.png")))
        let r = try Sceneflow.run(["test", "a.lua", "--update-baselines", "changed"], in: tmp.url)
        #expect(r.status == 1, "\(kind): \(r)")
        #expect(r.stdout.contains("was passed in this run, unchanged, by the test \"home\""), "\(kind): \(r)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: tmp.file("__screenshots__/a/x.png"))) == before)
        #expect(try Sceneflow.run(["test", "a.lua", "--filter", "home"], in: tmp.url).status == 0)
    }

    /// With two workers the scripts run at once: a check that passed against the old file while
    /// the other script's check was rewriting it was claimed after its comparison, and the run
    /// could end green (6 runs in 20). A pass whose claim finds another check's write is
    /// compared again with the file as it is now. Repeated, as it is a race.
    @Test(arguments: ["screenshot", "tree"], ["1", "2"])
    func acrossScriptsThroughALink(_ kind: String, _ jobs: String) throws {
        for round in 1...(jobs == "1" ? 1 : 6) {
            let tmp = try Self.suite(
                "prototype \"Proto\"\ntest(\"home\", function() \(Self.check(kind)) end)\n",
                b: "prototype \"Proto\"\ntest(\"other\", function() tap \"Open\"; \(Self.check(kind)) end)\n")
            let r = try Sceneflow.run(
                ["test", "a.lua", "b.lua", "--update-baselines", "changed", "--jobs", jobs, "--json", "r.json"],
                in: tmp.url)
            #expect(r.status == 1, "\(kind), --jobs \(jobs), round \(round): \(r)")
            // Whichever ran first holds the baseline; the run is red and the next plain run
            // agrees with the test that passed.
            let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
            let passed = report.files.flatMap(\.outcomes).filter { $0.verdict != .failed }.map(\.file)
            #expect(passed.count == 1, "\(kind), --jobs \(jobs), round \(round): \(r)")
            let again = try Sceneflow.run(["test"] + passed, in: tmp.url)
            #expect(again.status == 0, "\(kind), --jobs \(jobs), round \(round): \(again)")
            if r.status != 1 || again.status != 0 { break }
        }
    }
    /// Red-team 44 B H1: the same within one test (or its before_each and the test): the first
    /// check of `x` passed, the second, of another screen, rewrote it, and the run was green.
    @Test(arguments: ["screenshot", "tree"], [false, true])
    func withinOneTest(_ kind: String, _ firstInBeforeEach: Bool) throws {
        let first = firstInBeforeEach ? "before_each(function() \(Self.check(kind)) end)\n" : ""
        let body = (firstInBeforeEach ? "" : Self.check(kind) + "; ") + "tap \"Open\"; " + Self.check(kind)
        let tmp = try Self.suite("prototype \"Proto\"\n" + first + "test(\"both\", function() \(body) end)\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: tmp.file("__screenshots__/a/x.png")))
        let r = try Sceneflow.run(["test", "a.lua", "--update-baselines", "changed"], in: tmp.url)
        #expect(r.status == 1, "\(kind), before_each \(firstInBeforeEach): \(r)")
        #expect(r.stdout.contains("was passed in this run, unchanged, by an earlier check of this test"), "\(r)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: tmp.file("__screenshots__/a/x.png"))) == before)
    }
}
