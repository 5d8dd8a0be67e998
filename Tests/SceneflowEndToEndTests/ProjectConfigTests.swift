import Foundation
import Testing

/// The project config `sceneflow.lua` (issue 20): found by walking up from the scripts to the
/// repository root, defaults for `sceneflow test` that the command line overrides, loaded in the
/// sandbox, and every mistake named with its file, line and key (exit 65).
@Suite struct ProjectConfigTests {
    /// A repository (`.git`) with a prototype outside the scripts' folder and a failing test.
    static func repository(config: String) throws -> TempFolder {
        let tmp = try TempFolder()
        try FileManager.default.createDirectory(atPath: tmp.file("repo/.git"), withIntermediateDirectories: true)
        try tmp.prototype("repo/Prototypes/Tiny")
        try tmp.write(
            "repo/Scripts/app/a.lua",
            """
            test("opens", function() tap "Open" expect.scene "detail" end)
            test("fails", function() expect.scene "detail" end)

            """)
        try tmp.write("repo/sceneflow.lua", config)
        return tmp
    }

    @Test func defaultsApplyAndTheCommandLineWins() throws {
        let tmp = try Self.repository(
            config: """
                -- the project's defaults
                return {
                  test = {
                    prototype = "Prototypes/Tiny",
                    jobs = 2,
                    clock_limit = 600,
                    reporters = { junit = "out/junit.xml", json = "out/results.json" },
                    update_baselines = "missing",
                  },
                }

                """)
        try FileManager.default.createDirectory(atPath: tmp.file("repo/out"), withIntermediateDirectories: true)
        // From a sub-folder of the scripts: the config at the repository root is found, and its
        // paths are relative to it.
        let r = try Sceneflow.run(["test", "app"], in: URL(fileURLWithPath: tmp.file("repo/Scripts")))
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("1 passed, 1 failed"), "\(r)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("repo/out/junit.xml")), "\(r)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("repo/out/results.json")), "\(r)")
        // The command line wins: its own JSON path, and --filter as usual.
        let own = try Sceneflow.run(
            ["test", tmp.file("repo/Scripts"), "--json", tmp.file("mine.json"), "--filter", "opens"])
        #expect(own.status == 0, "\(own)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("mine.json")))
        let json = try String(contentsOfFile: tmp.file("mine.json"), encoding: .utf8)
        #expect(json.contains("\"opens\"") && !json.contains("\"fails\""))
        // --list takes no reporters from the config.
        let list = try Sceneflow.run(["test", tmp.file("repo/Scripts"), "--list"])
        #expect(list.status == 0 && list.stdout.contains("Total: 2 tests in 1 file"), "\(list)")
    }

    /// Red-team finding: a committed `update_baselines = "changed"` rewrote a differing
    /// baseline on CI and the screenshot regression passed. Under CI the config's mode is
    /// ignored with a notice; only the command line writes baselines there.
    @Test func aConfiguredBaselineUpdateNeverTurnsCIGreen() throws {
        for mode in ["changed", "all", "missing"] {
            let tmp = try Self.repository(
                config: "return { test = { prototype = \"Prototypes/Tiny\", update_baselines = \"\(mode)\" } }\n")
            try tmp.write("repo/Scripts/shot.lua", "test(\"shot\", function() expect.screenshot \"home\" end)\n")
            let baseline = tmp.file("repo/Scripts/__screenshots__/shot/home.png")
            let different = PNGWriter.solid(width: 36, height: 80, rgb: (200, 60, 40))
            try tmp.write("repo/Scripts/__screenshots__/shot/home.png", different)
            let r = try Sceneflow.run(
                ["test", tmp.file("repo/Scripts/shot.lua"), "--junit", tmp.file("j.xml")], environment: ["CI": "1"])
            #expect(r.status == 1, "\(mode): \(r)")
            #expect(
                r.stderr.contains("test.update_baselines = \"\(mode)\" is ignored because CI is set"), "\(mode): \(r)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: baseline)) == different, "\(mode): the baseline is kept")
            let junit = try String(contentsOfFile: tmp.file("j.xml"), encoding: .utf8)
            #expect(junit.contains("failures=\"1\""), "\(mode): \(junit)")
            // Without CI the project's default applies.
            if mode != "missing" {
                let local = try Sceneflow.run(
                    ["test", tmp.file("repo/Scripts/shot.lua")], environment: ["CI": "false"])
                #expect(local.status == 0, "\(mode): \(local)")
                #expect(try Data(contentsOf: URL(fileURLWithPath: baseline)) != different, "\(mode): rewritten")
            }
        }
    }

    @Test func theSearchStopsAtTheRepositoryRoot() throws {
        let tmp = try Self.repository(config: "return { test = { jobs = 1 } }\n")
        // A config above the repository root does not count.
        try tmp.write("sceneflow.lua", "return { nonsense = true }\n")
        let r = try Sceneflow.run(["test", tmp.file("repo/Scripts"), "--prototype", tmp.file("repo/Prototypes/Tiny")])
        #expect(r.status == 1 && r.stdout.contains("1 passed, 1 failed"), "\(r)")
        try FileManager.default.removeItem(atPath: tmp.file("repo/sceneflow.lua"))
        try FileManager.default.removeItem(atPath: tmp.file("repo/.git"))
        // Without .git the walk goes on up and finds the outer one.
        let outer = try Sceneflow.run(["test", tmp.file("repo/Scripts")])
        #expect(outer.status == 65 && outer.stderr.contains("sceneflow.lua:1: unknown key \"nonsense\""), "\(outer)")
    }

    @Test func mistakesNameFileLineAndKey() throws {
        let cases: [(String, String)] = [
            (
                "return {\n  test = {\n    jobz = 2,\n  },\n}\n",
                "sceneflow.lua:3: test: unknown key \"jobz\"; did you mean \"jobs\"?"
            ),
            (
                "return { test = { jobs = 0 } }\n",
                "sceneflow.lua:1: test.jobs: expected a whole number from 1 to 64, got 0"
            ),
            (
                "return {\n  test = { timeout = \"soon\" },\n}\n",
                "sceneflow.lua:2: test.timeout: expected a number of seconds >= 0.001 (as --timeout), got string"
            ),
            (
                "return { test = { update_baselines = \"sometimes\" } }\n",
                "test.update_baselines: expected \"changed\", \"all\" or \"missing\", got \"sometimes\""
            ),
            ("return { test = { reporters = { xml = \"x\" } } }\n", "test.reporters: unknown key \"xml\""),
            ("return 42\n", "the project config must return a table"),
            ("return {\n  test = {,\n}\n", "sceneflow.lua:2:"),
            // The sandbox: no io, os or require.
            ("return { test = { prototype = io.read() } }\n", "io"),
            ("os.execute('touch pwned')\nreturn {}\n", "os"),
            ("while true do end\n", "sceneflow.lua"),
        ]
        for (text, message) in cases {
            let tmp = try Self.repository(config: text)
            let r = try Sceneflow.run(["test", tmp.file("repo/Scripts")], timeout: 120)
            #expect(r.status == 65, "\(text): \(r)")
            #expect(r.stderr.contains(message), "\(text): \(r)")
            #expect(r.stderr.contains(tmp.file("repo/sceneflow.lua")), "\(text): \(r)")
            #expect(!FileManager.default.fileExists(atPath: tmp.file("repo/pwned")))
        }
    }
}
