import Foundation
import Testing

/// A limit set in the project config `sceneflow.lua` is named as such in every report
/// (`test.clock_limit in sceneflow.lua`, not `--clock-limit`); a duration never reads "0 s";
/// a real-time limit under 1 ms is refused alike from the command line (exit 64) and from the
/// config (exit 65, as every other bad config value); and a `sceneflow.lua` that is a symbolic
/// link leading nowhere is refused as a FIFO or a folder of that name is, never taken for no
/// config.
@Suite struct ConfigLimitOriginTests {
    /// A repository root (`.git`) with the fixture prototype, `t.lua` and `config` as
    /// `sceneflow.lua` (none when nil).
    static func project(_ config: String?, script: String) throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try FileManager.default.createDirectory(atPath: tmp.file(".git"), withIntermediateDirectories: true)
        try tmp.write("t.lua", "prototype \"Proto\"\n" + script)
        if let config { try tmp.write("sceneflow.lua", config) }
        return tmp
    }

    /// The console, JSON, JUnit, TAP and HTML of running `t.lua` with `arguments`.
    static func everyReport(_ tmp: TempFolder, _ arguments: [String] = []) throws -> (RunResult, String) {
        let run = try Sceneflow.run(
            ["test", "t.lua", "--json", "r.json", "--junit", "r.xml", "--report", "rep"] + arguments, in: tmp.url)
        let tap = try Sceneflow.run(["test", "t.lua", "--tap"] + arguments, in: tmp.url)
        var text = run.output + tap.output
        for name in ["r.json", "r.xml", "rep/index.html"] {
            text += (try? String(contentsOfFile: tmp.file(name), encoding: .utf8)) ?? ""
        }
        return (run, text)
    }

    @Test func aClockLimitFromTheConfigIsNamedThere() throws {
        let tmp = try Self.project(
            "return { test = { clock_limit = 0.5 } }\n", script: "test(\"waits\", function() wait(1) end)\n")
        let (run, text) = try Self.everyReport(tmp)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("within 0.5 s of clock time (test.clock_limit in sceneflow.lua)"), "\(run)")
        #expect(!text.contains("(--clock-limit)"), "\(text)")
        for name in ["r.json", "r.xml", "rep/index.html"] {
            let file = try String(contentsOfFile: tmp.file(name), encoding: .utf8)
            #expect(file.contains("test.clock_limit in sceneflow.lua"), "\(name): \(file)")
        }
        // The command line wins, and is named.
        let (given, _) = try Self.everyReport(tmp, ["--clock-limit", "0.25"])
        #expect(given.stdout.contains("within 0.25 s of clock time (--clock-limit)"), "\(given)")
    }

    @Test func aTimeoutFromTheConfigIsNamedThere() throws {
        let tmp = try Self.project(
            "return { test = { timeout = 0.5 } }\n", script: "test(\"spins\", function() while true do end end)\n")
        let (run, text) = try Self.everyReport(tmp)
        #expect(run.status == 1, "\(run)")
        #expect(
            run.stdout.contains("for more than 0.5 s of real time (the watchdog, test.timeout in sceneflow.lua)"),
            "\(run)")
        #expect(run.stdout.contains("change the limit with --timeout or test.timeout in sceneflow.lua"), "\(run)")
        #expect(!text.contains(" 0 s of real time"), "\(text)")
    }

    /// The smallest timeout, 1 ms, reads "0.001 s", never "0 s".
    @Test func aOneMillisecondTimeoutReadsSo() throws {
        let tmp = try Self.project(
            "return { test = { timeout = 0.001 } }\n", script: "test(\"spins\", function() while true do end end)\n")
        let (run, text) = try Self.everyReport(tmp)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("more than 0.001 s of real time"), "\(run)")
        #expect(!text.contains(" 0 s of real time"), "\(text)")
    }

    /// A tiny clock limit reads with its digits ("1e-09 s"), never "0 s".
    @Test func aTinyClockLimitNeverReadsZero() throws {
        let tmp = try Self.project(
            "return { test = { clock_limit = 1e-9 } }\n", script: "test(\"waits\", function() wait(1) end)\n")
        let (run, text) = try Self.everyReport(tmp)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("within 1e-09 s of clock time (test.clock_limit in sceneflow.lua)"), "\(run)")
        #expect(!text.contains("within 0 s"), "\(text)")
    }

    /// Under 1 ms: refused from the command line (64) and from the config (65), same rule.
    @Test(arguments: ["1e-9", "0.0005", "0"])
    func aTimeoutUnderOneMillisecondIsRefusedEverywhere(_ value: String) throws {
        let tmp = try Self.project(nil, script: "test(\"t\", function() end)\n")
        let given = try Sceneflow.run(["test", "t.lua", "--timeout", value], in: tmp.url)
        #expect(given.status == 64, "\(given)")
        #expect(
            given.stderr.contains("--timeout expects a number of seconds >= 0.001 (1 ms), got \"\(value)\""), "\(given)"
        )
        try tmp.write("sceneflow.lua", "return { test = { timeout = \(value) } }\n")
        let config = try Sceneflow.run(["test", "t.lua"], in: tmp.url)
        #expect(config.status == 65, "\(config)")
        #expect(
            config.stderr.contains("test.timeout: expected a number of seconds >= 0.001 (as --timeout)"), "\(config)")
        #expect(!config.stderr.contains("got 0\n") || value == "0", "\(config)")
        let listed = try Sceneflow.run(["test", "t.lua", "--list"], in: tmp.url)
        #expect(listed.status == 65, "--list reads the same config: \(listed)")
    }

    /// A `sceneflow.lua` that is a link to nothing, or a loop of links, is refused with exit 65
    /// as a FIFO or a folder of that name is; a link to a real config is followed.
    @Test func aDanglingConfigLinkIsRefused() throws {
        let tmp = try Self.project(nil, script: "test(\"t\", function() end)\n")
        try FileManager.default.createSymbolicLink(atPath: tmp.file("sceneflow.lua"), withDestinationPath: "gone.lua")
        for arguments in [["test", "t.lua"], ["test", "t.lua", "--list"], ["test", "."]] {
            let run = try Sceneflow.run(arguments, in: tmp.url)
            #expect(run.didNotCrash, "\(arguments): \(run)")
            #expect(run.status == 65, "\(arguments): \(run)")
            #expect(
                run.stderr.contains(
                    "sceneflow.lua: cannot read the project config: it is a symbolic link to \"gone.lua\", which leads to nothing (a dangling link), not a regular file"
                ), "\(arguments): \(run)")
        }
        try FileManager.default.removeItem(atPath: tmp.file("sceneflow.lua"))
        try FileManager.default.createSymbolicLink(
            atPath: tmp.file("sceneflow.lua"), withDestinationPath: "sceneflow.lua")
        let loop = try Sceneflow.run(["test", "t.lua"], in: tmp.url)
        #expect(loop.status == 65, "\(loop)")
        #expect(loop.stderr.contains("which leads to a loop of symbolic links"), "\(loop)")
        try FileManager.default.removeItem(atPath: tmp.file("sceneflow.lua"))
        try tmp.write("real.lua", "return { test = { clock_limit = 0.5 } }\n")
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"waits\", function() wait(1) end)\n")
        try FileManager.default.createSymbolicLink(atPath: tmp.file("sceneflow.lua"), withDestinationPath: "real.lua")
        let linked = try Sceneflow.run(["test", "t.lua"], in: tmp.url)
        #expect(linked.status == 1, "\(linked)")
        #expect(linked.stdout.contains("(test.clock_limit in sceneflow.lua)"), "\(linked)")
    }
}
