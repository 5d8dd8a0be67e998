import Foundation
import SceneflowRunner
import Testing

/// What the runner counts and names around the tests themselves: the `[n/N]` counter when a
/// worker is killed and its file resumes, a run that selects no test, a script folder whose
/// name is not UTF-8, a shard report that lists one file twice and `only()` declared by a
/// required module.
@Suite struct RunBookkeepingTests {
    /// Every `[n/N]` counter on the console, as (n, N).
    static func counters(_ text: String) -> [(Int, Int)] {
        let pattern = try! NSRegularExpression(pattern: "\\[([0-9]+)/([0-9]+)\\+?\\]")
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            guard let n = Range(match.range(at: 1), in: text), let total = Range(match.range(at: 2), in: text) else {
                return nil
            }
            return (Int(text[n]) ?? 0, Int(text[total]) ?? 0)
        }
    }

    @Test func aFileResumedAfterItsWorkerWasKilledIsCountedOnce() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "a.lua",
            """
            prototype "Proto"
            test("spins", function() while true do end end)
            test("after", function() tap "Open" end)

            """)
        try tmp.write("b.lua", "prototype \"Proto\"\ntest(\"b\", function() tap \"Open\" end)\n")
        let process = try WorkerProcesses.start(
            ["test", "a.lua", "b.lua", "--timeout", "60"], in: tmp, environment: ["XDG_CACHE_HOME": tmp.file("cache")])
        let busy = WorkerProcesses.waitUntilBusy(process.processIdentifier, cpu: 0.2) ?? []
        #expect(busy.count == 1, "no worker got busy")
        for pid in busy { kill(pid, SIGKILL) }
        process.waitUntilExit()
        let stdout = try String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)
        #expect(process.terminationStatus == 1, "\(stdout)")
        let counters = Self.counters(stdout)
        #expect(counters.count == 3 && counters.allSatisfy { $0.1 <= 3 }, "\(stdout)")
        #expect(counters.last.map { $0 == (3, 3) } ?? false, "\(stdout)")
    }

    /// Two scripts; the selections below pick none of their tests.
    static func twoScripts() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("a.lua", "prototype \"Proto\"\ntest(\"a\", function() tap \"Open\" end)\n")
        try tmp.write("b.lua", "prototype \"Proto\"\ntest(\"b\", function() tap \"Open\" end)\n")
        return tmp
    }

    /// Every way a run can select no test: it fails (1) saying why, with its reports written,
    /// unless `--pass-with-no-tests`.
    @Test(arguments: [
        (["--shard", "3/3"], "shard 3/3 holds none of the 2 script files"),
        (["--shard", "10000/10000"], "shard 10000/10000 holds none of the 2 script files"),
        (["--filter", "nothing"], "no test matches --filter nothing"),
        (["--tag", "nothing"], "no test matches --tag nothing"),
    ])
    func aRunThatSelectsNoTestFailsUnlessAllowed(options: [String], message: String) throws {
        let tmp = try Self.twoScripts()
        let r = try Sceneflow.run(["test", "a.lua", "b.lua", "--json", "r.json"] + options, in: tmp.url)
        #expect(r.status == 1, "\(r)")
        #expect(r.stderr.contains(message) && r.stderr.contains("nothing was checked"), "\(r)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("r.json")), "\(r)")
        let allowed = try Sceneflow.run(
            ["test", "a.lua", "b.lua", "--pass-with-no-tests"] + options, in: tmp.url)
        #expect(allowed.status == 0, "\(allowed)")
    }

    /// Red-team m9: a folder that holds no script is a run that selects no test too: 65 saying
    /// so, or 0 with its (empty) reports under `--pass-with-no-tests`; a path that does not
    /// exist stays bad input (65) either way.
    @Test func anEmptyFolderPassesWhenAllowed() throws {
        let tmp = try TempFolder()
        try FileManager.default.createDirectory(atPath: tmp.file("empty"), withIntermediateDirectories: true)
        let refused = try Sceneflow.run(["test", "empty"], in: tmp.url)
        #expect(refused.status == 65 && refused.stderr.contains("no *.lua scripts found in empty"), "\(refused)")
        let allowed = try Sceneflow.run(
            ["test", "empty", "--pass-with-no-tests", "--json", "r.json", "--junit", "r.xml"], in: tmp.url)
        #expect(allowed.status == 0 && allowed.stdout.contains("0 passed, 0 failed"), "\(allowed)")
        let report = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json"))))
        #expect(report.files.isEmpty)
        #expect(FileManager.default.fileExists(atPath: tmp.file("r.xml")))
        let missing = try Sceneflow.run(["test", "nothere", "--pass-with-no-tests"], in: tmp.url)
        #expect(missing.status == 65, "\(missing)")
    }

    @Test func aScriptFolderWhoseNameIsNotUTF8IsNamedSo() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        // "T/S\xFF": a folder name no UTF-8 string can hold, made with the C calls.
        let folder = Array(tmp.file("T/S").utf8) + [0xFF]
        try FileManager.default.createDirectory(atPath: tmp.file("T"), withIntermediateDirectories: true)
        #expect(mkdir(folder.map { CChar(bitPattern: $0) } + [0], 0o755) == 0)
        let script = folder + Array("/g.lua".utf8)
        let fd = open(script.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT, 0o644)
        #expect(fd >= 0)
        let text = Array("prototype \"../../Proto\"\ntest(\"g\", function() end)\n".utf8)
        _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let r = try Sceneflow.run(["test", "T"], in: tmp.url)
        #expect(r.status == 65, "\(r)")
        #expect(r.stdout.contains("is not valid UTF-8") && !r.stdout.contains("no script at"), "\(r)")
    }

    @Test func aShardReportListingAFileTwiceIsRefused() throws {
        let tmp = try Self.twoScripts()
        let run = try Sceneflow.run(["test", "a.lua", "b.lua", "--shard", "1/1", "--json", "r.json"], in: tmp.url)
        #expect(run.status == 0, "\(run)")
        let data = try Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json")))
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var files = try #require(json["files"] as? [[String: Any]])
        files.append(files[0])
        json["files"] = files
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: tmp.file("twice.json")))
        let r = try Sceneflow.run(["merge-reports", "twice.json", "--json", "m.json"], in: tmp.url)
        #expect(r.status == 65, "\(r)")
        #expect(r.stderr.contains("twice.json lists a.lua twice"), "\(r)")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("m.json")), "\(r)")
    }

    @Test func onlyInARequiredModuleIsReportedAtTheModulesLine() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("mod.lua", "only(\"focused\", function() end)\nreturn {}\n")
        try tmp.write("o1.lua", "prototype \"Proto\"\nrequire \"mod\"\ntest(\"other\", function() end)\n")
        let r = try Sceneflow.run(["test", "o1.lua"], in: tmp.url, environment: ["CI": "1"])
        #expect(r.status == 65, "\(r)")
        #expect(r.stdout.contains("mod.lua:1: only(\"focused\")"), "\(r)")
        #expect(!r.stdout.contains("o1.lua:2: only("), "\(r)")
    }

    /// A screenshot region or mask at the documented edge (±1e9 pt) is accepted, and every
    /// refusal names the user's line, never a line of Sceneflow's own Lua (`[sceneflow visual]:132:`).
    @Test func screenshotRectanglesAtTheLimitAndTheirErrorsNameTheUsersLine() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "vis.lua",
            """
            prototype "Proto"
            test("edge region", function() expect.screenshot("a", { region = { 0, 0, 1e9, 10 } }) end)
            test("edge mask", function() expect.screenshot("b", { mask = { -1e9, 0, 5, 5 } }) end)
            test("over", function() expect.screenshot("c", { mask = { 0, 0, 2e9, 5 } }) end)

            """)
        let r = try Sceneflow.run(["test", "vis.lua", "--update-baselines", "missing"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("0 passed, 1 failed, 2 recorded"), "\(r)")
        #expect(r.stdout.contains("vis.lua:4: expect.screenshot"), "\(r)")
        #expect(!r.stdout.contains("[sceneflow"), "\(r)")
    }
}
