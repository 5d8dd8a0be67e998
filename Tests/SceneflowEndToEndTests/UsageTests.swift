import Foundation
import Testing

/// Bad usage exits 64 with a message and the usage line; help exits 0.
@Suite struct UsageTests {
    static let renderUsage = "USAGE: sceneflow render "

    @Test func mainHelp() throws {
        let r = try Sceneflow.run(["--help"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("USAGE: sceneflow <subcommand>"), "\(r)")
        for name in ["play", "test", "check", "render", "bench"] {
            #expect(r.stdout.contains("\n  \(name) "), "subcommand \(name) listed")
        }
        #expect(
            r.stdout.contains(
                "Exit codes: 0 pass, 1 test failure, 64 bad usage, 65 bad prototype or script, 70 system failure."))
    }

    @Test func subcommandHelp() throws {
        for arguments in [["test", "--help"], ["help", "test"]] {
            let r = try Sceneflow.run(arguments)
            #expect(r.status == 0, "\(r)")
            #expect(
                r.stdout.contains(
                    "USAGE: sceneflow test [--prototype DIR] [--junit FILE] [--junit-extras] [--tap] [--json FILE]"),
                "\(r)")
            #expect(r.stdout.contains("--frames <dir>"), "\(r)")
        }
    }

    @Test func noArgumentsPrintsHelpAndExits64() throws {
        let r = try Sceneflow.run([])
        #expect(r.status == 64, "\(r)")
        #expect(r.stdout.contains("USAGE: sceneflow <subcommand>"), "\(r)")
    }

    @Test func unknownSubcommandSuggestsTheNearest() throws {
        let r = try Sceneflow.run(["tset", "Scripts"])
        #expect(r.status == 64, "\(r)")
        #expect(r.errorLines.first == "sceneflow: unknown subcommand \"tset\"; did you mean test?", "\(r)")
    }

    @Test func unknownOptionSuggestsTheNearest() throws {
        let r = try Sceneflow.run(["render", "Prototypes/Notes", "--scen", "note", "--out", "/tmp/never.png"])
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("sceneflow render: unknown option --scen; did you mean --scene?"), "\(r)")
        #expect(r.stderr.contains(Self.renderUsage), "\(r)")
    }

    @Test func renderWithoutOut() throws {
        let r = try Sceneflow.run(["render", "Prototypes/Notes"])
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("--out FILE is required"), "\(r)")
        #expect(r.stderr.contains(Self.renderUsage), "\(r)")
    }

    @Test func renderWithUnknownTransition() throws {
        let tmp = try TempFolder()
        let out = tmp.file("x.png")
        let r = try Sceneflow.run([
            "render", "Prototypes/Notes", "--to", "settings", "--transition", "bogus", "--out", out,
        ])
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("unknown transition \"bogus\""), "\(r)")
        #expect(r.stderr.contains("push_left"), "the valid kinds are listed: \(r)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func renderWithMisspeltTransitionSuggestsTheNearest() throws {
        let r = try Sceneflow.run([
            "render", "Prototypes/Notes", "--to", "settings", "--transition", "push_lft", "--out", "/tmp/never.png",
        ])
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("did you mean \"push_left\"?"), "\(r)")
    }

    @Test func renderTransitionOptionsNeedTo() throws {
        let r = try Sceneflow.run(["render", "Prototypes/Notes", "--at", "0.1", "--out", "/tmp/never.png"])
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("--at needs --to NAME"), "\(r)")
    }

    @Test func renderUnknownSceneSuggestsTheNearest() throws {
        let tmp = try TempFolder()
        let out = tmp.file("x.png")
        let r = try Sceneflow.run(["render", "Prototypes/Notes", "--scene", "setings", "--out", out])
        #expect(r.status == 64, "\(r)")
        #expect(
            r.stderr.contains(
                "--scene: no scene \"setings\" in Prototypes/Notes/prototype.lua; did you mean \"settings\"?"), "\(r)")
        #expect(r.stderr.contains("scenes: note, "), "\(r)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let nosuch = try Sceneflow.run(["render", "Prototypes/Notes", "--scene", "nosuch", "--out", out])
        #expect(nosuch.status == 64, "\(nosuch)")
        #expect(nosuch.stderr.contains("no scene \"nosuch\""), "\(nosuch)")
    }

    @Test func testOnAMissingPath() throws {
        let tmp = try TempFolder()
        let missing = tmp.file("nothing-here.lua")
        let r = try Sceneflow.run(["test", missing])
        // A missing input path is bad input (65) in every command (the Limits and exit codes article in Sceneflow.docc).
        #expect(r.status == 65, "\(r)")
        #expect(r.stderr.contains("sceneflow test: no script or folder at \(missing)"), "\(r)")
        #expect(!r.stderr.contains("USAGE: sceneflow test "), "\(r)")
    }

    @Test func missingArgumentAndBadNumbers() throws {
        let check = try Sceneflow.run(["check"])
        #expect(check.status == 64, "\(check)")
        #expect(check.stderr.contains("missing argument PROTOTYPE"), "\(check)")
        let play = try Sceneflow.run(["play", "Prototypes/Notes", "--quit-after", "soon"])
        #expect(play.status == 64, "\(play)")
        #expect(play.stderr.contains("--quit-after needs a positive number of seconds, not \"soon\""), "\(play)")
        let bench = try Sceneflow.run(["bench", "--frames", "0"])
        #expect(bench.status == 64, "\(bench)")
        #expect(bench.stderr.contains("--frames needs a whole number"), "\(bench)")
    }
}

/// `sceneflow help api` and unknown help topics.
@Suite struct HelpAPITests {
    @Test func helpAPIPrintsTheScriptReference() throws {
        let r = try Sceneflow.run(["help", "api"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("\nGESTURES\n"), "\(r)")
        #expect(r.stdout.contains("  expect.screenshot(name [, {threshold =,"), "\(r)")
        #expect(r.stdout.contains("  rate("), "the star-rating functions are listed too")
    }

    /// Each `--format` prints what the repository ships (the files Scripts/make-reference.sh
    /// writes), and text stays the default.
    @Test func helpAPIFormatsPrintTheShippedFiles() throws {
        let root = Sceneflow.packageRoot
        let luals = try Sceneflow.run(["help", "api", "--format", "luals"])
        #expect(luals.status == 0, "\(luals)")
        #expect(
            luals.stdout
                == (try String(contentsOf: root.appendingPathComponent("types/sceneflow.lua"), encoding: .utf8)))
        let markdown = try Sceneflow.run(["help", "api", "--format=markdown"])
        #expect(markdown.status == 0, "\(markdown)")
        let page = root.appendingPathComponent("Sources/SceneflowCLI/Sceneflow.docc/ScriptAPI.md")
        #expect(markdown.stdout == (try String(contentsOf: page, encoding: .utf8)))
        let luacheck = try Sceneflow.run(["help", "api", "--format", "luacheck"])
        #expect(luacheck.status == 0, "\(luacheck)")
        let rc = try String(contentsOf: root.appendingPathComponent(".luacheckrc"), encoding: .utf8)
        #expect(rc.contains(luacheck.stdout), "\(luacheck)")
        #expect(luacheck.stdout.contains("  log = { fields = {\n    \"debug\", \"message\", \"warn\",\n  } },\n"))
        let text = try Sceneflow.run(["help", "api", "--format", "text"])
        #expect(text.stdout == (try Sceneflow.run(["help", "api"])).stdout)
    }

    /// A generated file redirected to a full disk is not reported as written.
    @Test func helpAPIOnAFullDiskFails() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"), "no /dev/full")
        let process = Process()
        process.executableURL = try #require(Sceneflow.binary)
        process.arguments = ["help", "api", "--format", "luals"]
        process.standardOutput = full
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 70, "\(message)")
        #expect(
            message.contains("sceneflow help api: could not write standard output: No space left on device"),
            "\(message)")
    }

    @Test func unknownHelpAPIFormatIsBadUsage() throws {
        let r = try Sceneflow.run(["help", "api", "--format", "lua-ls"])
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("sceneflow help api: unknown format \"lua-ls\"; did you mean luals?"), "\(r)")
        #expect(r.stderr.contains("usage: sceneflow help api [--format text|markdown|luals|luacheck]"), "\(r)")
        #expect(r.stdout.isEmpty)
        let missing = try Sceneflow.run(["help", "api", "--format"])
        #expect(missing.status == 64 && missing.stderr.contains("--format needs a value"), "\(missing)")
        let stray = try Sceneflow.run(["help", "api", "--fromat", "luals"])
        #expect(
            stray.status == 64 && stray.stderr.contains("unexpected argument \"--fromat\"; did you mean --format?"),
            "\(stray)")
    }

    @Test func unknownHelpTopicIsBadUsage() throws {
        let r = try Sceneflow.run(["help", "apii"])
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("sceneflow help: no help on \"apii\"; did you mean api?"), "\(r)")
    }
}
