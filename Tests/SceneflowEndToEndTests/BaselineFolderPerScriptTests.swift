import Foundation
import SceneflowRunner
import Testing

/// Red-team 49 B L1: scripts whose names differ only in the extension (`s.lua`, `s.bak`,
/// `s.Lua`) shared `__screenshots__/s/`: whichever recorded first made the other fail, in
/// that run ("through a link to the same file", with no link anywhere) and in every later run,
/// alone too. A script whose name does not end in `.lua` keeps its whole name as its baseline
/// folder (`__screenshots__/s.bak/`); one whose folder would still be a `.lua` script's
/// (`s` beside `s.lua`) is refused with a message that says so, never compared with the
/// other's baselines.
@Suite struct BaselineFolderPerScriptTests {
    /// `s.lua` checks the home screen, `other` the detail screen (after a tap), both under the
    /// baseline name `x`, as a screenshot or an outline.
    static func folder(other: String, check: String) throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("Proto/detail.png", PNGWriter.solid(width: 36, height: 80, rgb: (200, 40, 40)))
        let expectation = check == "screenshot" ? "expect.screenshot(\"x\")" : "expect.tree(\"x\")"
        try tmp.write("s.lua", "prototype \"Proto\"\ntest(\"t\", function() \(expectation) end)\n")
        try tmp.write(other, "prototype \"Proto\"\ntest(\"t\", function() tap \"Open\"; \(expectation) end)\n")
        return tmp
    }

    @Test(arguments: ["s.bak", "s.Lua", "s.lua.txt"], ["screenshot", "tree"])
    func scriptsDifferingInTheExtensionKeepTheirOwnBaselines(other: String, check: String) throws {
        for jobs in ["1", "2"] {
            let tmp = try Self.folder(other: other, check: check)
            let both = try Sceneflow.run(["test", "s.lua", other, "--jobs", jobs], in: tmp.url, timeout: 120)
            #expect(both.status == 0, "\(other) \(check) jobs \(jobs): \(both)")
            #expect(!both.output.contains("link"), "\(both)")
            let file = check == "screenshot" ? "x.png" : "x.tree.txt"
            #expect(FileManager.default.fileExists(atPath: tmp.file("__screenshots__/s/\(file)")), "\(both)")
            #expect(FileManager.default.fileExists(atPath: tmp.file("__screenshots__/\(other)/\(file)")), "\(both)")
            // Later runs, each alone and together, compare each with its own.
            for scripts in [[other], ["s.lua"], [other, "s.lua"]] {
                let again = try Sceneflow.run(["test"] + scripts + ["--jobs", jobs], in: tmp.url, timeout: 120)
                #expect(again.status == 0, "\(scripts) \(check) jobs \(jobs): \(again)")
            }
        }
    }

    /// `s` (no extension) would have `__screenshots__/s/`, `s.lua`'s: its checks are refused,
    /// naming both, and `s.lua`'s baseline is left as it was. Alone in its folder, `s` records
    /// into `__screenshots__/s/` and passes.
    @Test(arguments: ["screenshot", "tree"])
    func aScriptWhoseFolderIsADotLuaScriptsIsRefused(check: String) throws {
        let tmp = try Self.folder(other: "s", check: check)
        let first = try Sceneflow.run(["test", "s.lua"], in: tmp.url, timeout: 120)
        #expect(first.status == 0, "\(first)")
        let file = tmp.file("__screenshots__/s/" + (check == "screenshot" ? "x.png" : "x.tree.txt"))
        let recorded = try Data(contentsOf: URL(fileURLWithPath: file))
        for mode in ["missing", "all"] {
            let r = try Sceneflow.run(["test", "s", "--update-baselines", mode], in: tmp.url, timeout: 120)
            #expect(r.status == 1, "\(mode): \(r)")
            #expect(
                r.stdout.contains("is also the script s.lua's baseline folder"), "\(mode): \(r.stdout)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == recorded, "s.lua's baseline was replaced")
        }
        try FileManager.default.removeItem(atPath: tmp.file("s.lua"))
        try FileManager.default.removeItem(atPath: tmp.file("__screenshots__"))
        let alone = try Sceneflow.run(["test", "s"], in: tmp.url, timeout: 120)
        #expect(alone.status == 0, "\(alone)")
        #expect(FileManager.default.fileExists(atPath: file), "\(alone)")
    }
}
