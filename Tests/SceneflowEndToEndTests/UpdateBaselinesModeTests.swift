import Foundation
import Testing

/// `sceneflow test --update-baselines [changed|all|missing]` (issue 20, as Playwright's
/// `--update-snapshots`): `changed` (the flag alone) rewrites only the baselines that differ
/// and writes missing ones, naming each file written; `all` rewrites every baseline reached;
/// `missing` only writes absent ones, also under CI.
@Suite struct UpdateBaselinesModeTests {
    /// `s.lua` with a screenshot and a tree baseline of home, and a screenshot of detail.
    static func folder() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("home", function()
              expect.screenshot "home"
              expect.tree "home"
            end)
            test("detail", function()
              tap "Open"
              expect.screenshot "detail"
            end)

            """)
        return tmp
    }

    static let old = Date(timeIntervalSince1970: 946_684_800)

    /// Sets every baseline's modification time to 2000-01-01, so a rewrite shows.
    static func age(_ tmp: TempFolder) throws {
        for name in ["home.png", "home.tree.txt", "detail.png"] {
            try FileManager.default.setAttributes(
                [.modificationDate: old], ofItemAtPath: tmp.file("__screenshots__/s/\(name)"))
        }
    }

    /// The baselines written since `age`.
    static func rewritten(_ tmp: TempFolder) throws -> [String] {
        try ["home.png", "home.tree.txt", "detail.png"].filter { name in
            let path = tmp.file("__screenshots__/s/\(name)")
            guard FileManager.default.fileExists(atPath: path) else { return false }
            let date = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
            return date != old
        }
    }

    @Test func changedRewritesOnlyWhatDiffersAndSaysWhich() throws {
        let tmp = try Self.folder()
        #expect(try Sceneflow.run(["test", tmp.file("s.lua")]).status == 0)
        try Self.age(tmp)
        // The designer changes the home screenshot (each case again); detail stays as it was.
        for args in [["--update-baselines"], ["--update-baselines", "changed"], ["--update-baselines=changed"]] {
            try tmp.write("Proto/home.png", PNGWriter.solid(width: 36, height: 80, rgb: (200, 60, Self.blue(args))))
            try Self.age(tmp)
            let r = try Sceneflow.run(["test", tmp.file("s.lua")] + args, environment: ["CI": "1"])
            #expect(r.status == 0, "\(args): \(r)")
            #expect(try Self.rewritten(tmp) == ["home.png"], "\(args): \(r)")
            #expect(r.stdout.contains("  REC   home  (passed and recorded baselines;"), "\(r)")
            #expect(
                r.stdout.contains(
                    "baseline rewritten at \(tmp.file("__screenshots__/s/home.png")) (it differed: 2880 of 2880 pixels differ"
                ), "\(r)")
            #expect(r.stdout.contains("  PASS  detail"), "\(r)")
        }
        #expect(try Sceneflow.run(["test", tmp.file("s.lua")], environment: ["CI": "1"]).status == 0)
    }

    /// A colour per case, so each case has something to rewrite.
    static func blue(_ args: [String]) -> UInt8 { UInt8(40 + args.joined().count) }

    @Test func changedRewritesATreeThatDiffers() throws {
        let tmp = try Self.folder()
        #expect(try Sceneflow.run(["test", tmp.file("s.lua")]).status == 0)
        try tmp.write("__screenshots__/s/home.tree.txt", "scene \"home\"\n  hotspot \"Gone\"\n")
        try Self.age(tmp)
        let r = try Sceneflow.run(["test", tmp.file("s.lua"), "--update-baselines"], environment: ["CI": "1"])
        #expect(r.status == 0, "\(r)")
        #expect(try Self.rewritten(tmp) == ["home.tree.txt"], "\(r)")
        #expect(r.stdout.contains("(it differed: the tree differed)"), "\(r)")
        let tree = try String(contentsOfFile: tmp.file("__screenshots__/s/home.tree.txt"), encoding: .utf8)
        #expect(tree == "scene \"home\"\n  hotspot \"Open\"\n")
    }

    @Test func allRewritesEveryBaselineAndMissingOnlyAbsentOnes() throws {
        let tmp = try Self.folder()
        #expect(try Sceneflow.run(["test", tmp.file("s.lua")]).status == 0)
        try Self.age(tmp)
        let all = try Sceneflow.run(["test", tmp.file("s.lua"), "--update-baselines", "all"], environment: ["CI": "1"])
        #expect(all.status == 0, "\(all)")
        #expect(try Self.rewritten(tmp) == ["home.png", "home.tree.txt", "detail.png"], "\(all)")

        // missing: under CI too, writes the absent one and leaves a differing one failing.
        try Self.age(tmp)
        try FileManager.default.removeItem(atPath: tmp.file("__screenshots__/s/detail.png"))
        try tmp.write("Proto/home.png", PNGWriter.solid(width: 36, height: 80, rgb: (200, 60, 40)))
        let missing = try Sceneflow.run(
            ["test", tmp.file("s.lua"), "--update-baselines", "missing"], environment: ["CI": "1"])
        #expect(missing.status == 1, "\(missing)")
        #expect(try Self.rewritten(tmp) == ["detail.png"], "\(missing)")
        #expect(missing.stdout.contains("  FAIL  home"), "\(missing)")
        #expect(missing.stdout.contains("  REC   detail"), "\(missing)")
    }

    @Test func aModeThatIsNotOneIsBadUsage() throws {
        let tmp = try Self.folder()
        for args in [["--update-baselines", "sometimes"], ["--update-baselines=none"], ["--update-baselines="]] {
            let r = try Sceneflow.run(["test", tmp.file("s.lua")] + args)
            #expect(r.status == 64, "\(args): \(r)")
            #expect(r.stderr.contains("--update-baselines expects changed, all or missing"), "\(args): \(r)")
        }
        // A path after the bare flag stays a path.
        let path = try Sceneflow.run(["test", "--update-baselines", tmp.file("s.lua")])
        #expect(path.status == 0, "\(path)")
        let help = try Sceneflow.run(["test", "--help"])
        #expect(help.stdout.contains("[--update-baselines [changed|all|missing]]"), "\(help)")
    }
}
