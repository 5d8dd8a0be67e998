import Foundation
import Testing

/// Scripts that fail (exit 1) and scripts that cannot run (exit 65).
@Suite struct BadScriptTests {
    /// A temp folder with the tiny prototype in `Proto/` and `script` in `s.lua` beside it.
    func folder(script: String) throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s.lua", script)
        return tmp
    }

    @Test func failingTestReportsFileLineAndCounts() throws {
        let tmp = try folder(
            script: """
                prototype "Proto"
                test("opens the detail", function()
                  tap "Open"
                  expect.scene "detail"
                end)
                test("expects the wrong scene", function()
                  tap "Open"
                  expect.scene "home"
                end)
                test("goes back", function()
                  tap "Open"
                  back()
                  expect.scene "home"
                end)

                """)
        let script = tmp.file("s.lua")
        let r = try Sceneflow.run(["test", script])
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("  PASS  opens the detail"), "\(r)")
        #expect(r.stdout.contains("  FAIL  expects the wrong scene"), "\(r)")
        #expect(r.stdout.contains("  PASS  goes back"), "\(r)")
        #expect(
            r.stdout.contains(
                "\(script):8: expect.scene(\"home\"): expected scene \"home\" but the current scene is \"detail\" (waited 5 s)"
            ),
            "\(r)")
        #expect(r.outputLines.last == "2 passed, 1 failed", "\(r)")
        #expect(r.didNotCrash)
    }

    @Test func misspeltTapLabelSuggestsTheNearest() throws {
        let tmp = try folder(script: "prototype \"Proto\"\ntest(\"typo\", function()\n  tap \"Opne\"\nend)\n")
        let r = try Sceneflow.run(["test", tmp.file("s.lua")])
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("  FAIL  typo"), "\(r)")
        #expect(r.stdout.contains("\(tmp.file("s.lua")):3: tap(\"Opne\"): no element labelled \"Opne\""), "\(r)")
        #expect(r.stdout.contains("did you mean \"Open\"?"), "\(r)")
        #expect(r.outputLines.last == "0 passed, 1 failed", "\(r)")
    }

    @Test func scriptNamingAMissingPrototype() throws {
        let tmp = try folder(script: "prototype \"Nowhere\"\ntest(\"t\", function() tap \"Open\" end)\n")
        let r = try Sceneflow.run(["test", tmp.file("s.lua")])
        #expect(r.status == 65, "\(r)")
        #expect(
            r.stdout.contains("ERROR \(tmp.file("Nowhere")): no prototype folder at \(tmp.file("Nowhere"))"), "\(r)")
        #expect(r.outputLines.last == "0 passed, 1 failed", "\(r)")
        #expect(r.didNotCrash)
    }

    @Test func scriptWithoutAPrototypeSaysHowToNameOne() throws {
        let tmp = try folder(script: "test(\"t\", function() tap \"Open\" end)\n")
        let r = try Sceneflow.run(["test", tmp.file("s.lua")])
        #expect(r.status == 65, "\(r)")
        #expect(r.stdout.contains("ERROR \(tmp.file("s.lua")): the script names no prototype"), "\(r)")
        // ... and --prototype supplies one.
        let ok = try Sceneflow.run(["test", "--prototype", tmp.file("Proto"), tmp.file("s.lua")])
        #expect(ok.status == 0, "\(ok)")
        #expect(ok.outputLines.last == "1 passed, 0 failed", "\(ok)")
    }

    @Test func scriptSyntaxErrorNamesTheLine() throws {
        let tmp = try folder(script: "prototype \"Proto\"\ntest(\"t\", function()\n  tap \"Open\"\n  if then\nend)\n")
        let r = try Sceneflow.run(["test", tmp.file("s.lua")])
        #expect(r.status == 65, "\(r)")
        #expect(r.stdout.contains("ERROR \(tmp.file("s.lua")):4: "), "\(r)")
        #expect(r.stdout.contains("near 'then'"), "\(r)")
        #expect(r.didNotCrash)
    }

    @Test func osExecuteInATestFailsWithTheSandboxMessage() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let marker = tmp.file("ran")
        try tmp.write(
            "s.lua", "prototype \"Proto\"\ntest(\"escape\", function()\n  os.execute(\"touch \(marker)\")\nend)\n")
        let r = try Sceneflow.run(["test", tmp.file("s.lua")])
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("  FAIL  escape"), "\(r)")
        #expect(r.stdout.contains("\(tmp.file("s.lua")):3: "), "\(r)")
        #expect(r.stdout.contains("os.execute is not available in scripts: only os.clock, os.time and os.date"), "\(r)")
        #expect(!FileManager.default.fileExists(atPath: marker), "os.execute must not run")
    }

    @Test func osExecuteAtScriptTopLevelIsBadInput() throws {
        let tmp = try folder(script: "prototype \"Proto\"\nos.execute(\"true\")\ntest(\"t\", function() end)\n")
        let r = try Sceneflow.run(["test", tmp.file("s.lua")])
        #expect(r.status == 65, "\(r)")
        #expect(r.stdout.contains("ERROR \(tmp.file("s.lua")):2: "), "\(r)")
        #expect(r.stdout.contains("sandbox"), "\(r)")
    }

    @Test func endlessLoopInATestFailsQuickly() throws {
        let tmp = try folder(
            script: """
                prototype "Proto"
                test("spins", function()
                  while true do end
                end)
                test("still runs", function()
                  expect.scene "home"
                end)

                """)
        let r = try Sceneflow.run(["test", tmp.file("s.lua"), "--timeout", "2"], timeout: 30)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("\(tmp.file("s.lua")):2: test \"spins\" ran its Lua code for more than 2 s"), "\(r)")
        #expect(r.stdout.contains("endless loop"), "\(r)")
        #expect(r.stdout.contains("  PASS  still runs"), "\(r)")
        #expect(r.outputLines.last == "1 passed, 1 failed", "\(r)")
        #expect(r.seconds < 10, "\(r)")
    }

    @Test func badScriptAmongGoodOnesStillRunsTheOthers() throws {
        let tmp = try folder(script: "prototype \"Proto\"\ntest(\"ok\", function() expect.scene \"home\" end)\n")
        try tmp.write("t_broken.lua", "prototype \"Proto\"\ntest(\"x\", function(\n")
        let r = try Sceneflow.run(["test", tmp.path])
        #expect(r.status == 65, "\(r)")
        #expect(r.stdout.contains("  PASS  ok"), "\(r)")
        #expect(r.stdout.contains("ERROR \(tmp.path)/t_broken.lua:"), "\(r)")
        #expect(r.outputLines.last == "1 passed, 1 failed", "\(r)")
        #expect(!r.stdout.contains("prototype.lua"), "a prototype.lua beside the scripts is not run as a script: \(r)")
    }
}
