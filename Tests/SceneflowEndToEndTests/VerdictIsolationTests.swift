import Foundation
import Testing

/// No wrong verdict (issue 15.1): results belong to their tests by identity, no state leaks from
/// one test of a file into the next (the script's and the prototype's Lua state is loaded
/// afresh for each test), `test` loads prototypes through the same validation as `check`, and a
/// screenshot region with nothing in it is an error.
@Suite struct VerdictIsolationTests {
    /// Verdicts by test name from a JSON report (`files[].outcomes[]`), and the file-level load
    /// problems.
    static func verdicts(_ path: String) throws -> (tests: [String: String], loadProblems: [String]) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var tests: [String: String] = [:]
        var problems: [String] = []
        for file in root["files"] as? [[String: Any]] ?? [] {
            for outcome in file["outcomes"] as? [[String: Any]] ?? [] {
                let name = outcome["name"] as? String ?? "?"
                tests["\(file["file"] as? String ?? "?"): \(name)"] = outcome["verdict"] as? String ?? "?"
            }
            for problem in file["loadProblems"] as? [[String: Any]] ?? [] {
                problems.append(problem["message"] as? String ?? "?")
            }
        }
        return (tests, problems)
    }

    // MARK: identity

    /// A test whose name is not valid UTF-8 is a load error naming its line, as an empty name is;
    /// it never shifts the verdicts of the tests after it (console, JSON, JUnit, --jobs).
    @Test(arguments: ["\u{FF}", "\u{C3}", "\u{ED}\u{A0}\u{80}", "\u{F4}\u{90}\u{80}\u{80}", "\u{C0}\u{80}"])
    func aTestNameThatIsNotUTF8IsALoadErrorWithItsLine(_ latin1Bytes: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        var script = Data("prototype \"Proto\"\ntest(\"bad".utf8)
        script.append(contentsOf: latin1Bytes.unicodeScalars.map { UInt8($0.value) })
        script.append(
            contentsOf: Data(" name\", function() end)\ntest(\"fails\", function() error(\"boom\") end)\n".utf8))
        try tmp.write("bad.lua", script)
        // The same bytes written as Lua escapes in an otherwise plain file.
        let escaped = latin1Bytes.unicodeScalars.map { String(format: "\\x%02X", $0.value) }.joined()
        try tmp.write(
            "escaped.lua",
            "prototype \"Proto\"\ntest(\"bad\(escaped) name\", function() end)\ntest(\"fails\", function() error(\"boom\") end)\n"
        )
        try tmp.write("good.lua", "prototype \"Proto\"\ntest(\"opens\", function() tap \"Open\" end)\n")
        for jobs in ["1", "2"] {
            let r = try Sceneflow.run(
                ["test", "bad.lua", "escaped.lua", "good.lua", "--json", "r.json", "--junit", "j.xml", "--jobs", jobs],
                in: tmp.url)
            #expect(r.status == 65, "\(r)")
            #expect(!r.stdout.contains("PASS  bad"), "\(r)")
            for file in ["bad.lua", "escaped.lua"] {
                #expect(
                    r.stdout.contains(
                        "ERROR \(file):2: test: the name must be valid UTF-8 text (byte 4 is not part of a UTF-8 character)"
                    ), "\(r)")
            }
            let report = try Self.verdicts(tmp.file("r.json"))
            #expect(report.tests == ["good.lua: opens": "passed"], "\(report)")
            let junit = try String(contentsOfFile: tmp.file("j.xml"), encoding: .utf8)
            #expect(!junit.contains("name=\"fails\""), "\(junit)")
        }
    }

    // MARK: isolation

    /// A prototype whose Lua action counts its calls in an upvalue and in a global, and an
    /// action that removes `app.go` for whoever calls next.
    func leakyPrototype(_ tmp: TempFolder) throws {
        try tmp.prototype(
            scenes: """
                    home = {
                      image = "home.png",
                      elements = {
                        { label = "Open", frame = { 2, 10, 30, 20 }, on_tap = (function()
                            local calls = 0
                            return function(app)
                              calls = calls + 1
                              taps = (taps or 0) + 1
                              if calls > 1 then error("upvalue carried over: " .. calls) end
                              if taps > 1 then error("global carried over: " .. taps) end
                              app:go("detail")
                            end
                          end)() },
                        { label = "Break", frame = { 2, 40, 30, 20 }, on_tap = function(app) rawset(app, "go", nil); app.state.broken = true end },
                      },
                    },
                    detail = {
                      image = "detail.png",
                      elements = { { label = "Back", frame = { 2, 10, 30, 20 }, on_tap = back() } },
                    },
                """)
    }

    static let leakyScript = """
        prototype "Proto"
        test("opens once", function() tap "Open"; expect.scene "detail" end)
        test("opens again", function() tap "Open"; expect.scene "detail" end)
        test("breaks app", function() tap "Break" end)
        test("opens after break", function() tap "Open"; expect.scene "detail" end)
        test("sets a _G metatable", function() setmetatable(_G, { __index = function() return function() end end }) end)
        test("a typo fails", function() tapp "Open" end)
        test("stops the collector", function() collectgarbage("stop") end)
        test("the collector runs", function() assert(collectgarbage("isrunning"), "the collector is stopped") end)
        test("counts in a global", function() counter = (counter or 0) + 1; assert(counter == 1, "counter " .. counter) end)
        test("counts again", function() counter = (counter or 0) + 1; assert(counter == 1, "counter " .. counter) end)

        """

    static let leakyExpected: [String: String] = [
        "leaky.lua: opens once": "passed", "leaky.lua: opens again": "passed", "leaky.lua: breaks app": "passed",
        "leaky.lua: opens after break": "passed", "leaky.lua: sets a _G metatable": "passed",
        "leaky.lua: a typo fails": "failed", "leaky.lua: stops the collector": "passed",
        "leaky.lua: the collector runs": "passed", "leaky.lua: counts in a global": "passed",
        "leaky.lua: counts again": "passed",
    ]

    /// The memory a script's top level finds in use, `collectgarbage("count")`, is the same
    /// in every test's fresh load, whatever ran before in the file (red-team 61 A G1: the
    /// first load compiled the text in the test's own state and left the compiler's garbage,
    /// so a test comparing it passed alone with `--filter` and failed in the whole run).
    @Test func aScriptsTopLevelFindsTheSameStateInEveryTest() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "g.lua",
            """
            prototype "Proto"
            local c0 = collectgarbage("count")
            for i = 1, 3 do test("t" .. i, function() log.message(string.format("top %.4f", c0)) end) end

            """)
        func counts(_ options: [String]) throws -> [String] {
            let r = try Sceneflow.run(["test", "g.lua", "--json", "r.json"] + options, in: tmp.url)
            #expect(r.status == 0, "\(r)")
            let text = try String(contentsOfFile: tmp.file("r.json"), encoding: .utf8)
            let pattern = try NSRegularExpression(pattern: "top [0-9.]+")
            return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
                Range($0.range, in: text).map { String(text[$0]) }
            }
        }
        let whole = try counts([])
        #expect(whole.count == 3 && Set(whole).count == 1, "\(whole)")
        let alone = try counts(["--filter", "t3"])
        #expect(alone.count == 1 && alone.first == whole.last, "alone \(alone), in the whole run \(whole)")
    }

    @Test func noStateLeaksFromOneTestIntoTheNext() throws {
        let tmp = try TempFolder()
        try leakyPrototype(tmp)
        try tmp.write("leaky.lua", Self.leakyScript)
        for order in [[], ["--reverse"]] {
            let r = try Sceneflow.run(["test", "leaky.lua", "--json", "r.json"] + order, in: tmp.url)
            #expect(r.status == 1, "\(r)")
            let report = try Self.verdicts(tmp.file("r.json"))
            #expect(report.tests == Self.leakyExpected, "\(order): \(r)")
        }
    }

    /// Every sample suite gives the same verdicts run whole, run test by test with `--filter`,
    /// and run in reverse order.
    @Test func sampleSuitesGiveTheSameVerdictsInAnyOrder() throws {
        let scripts = try FileManager.default.subpathsOfDirectory(atPath: Sceneflow.packageRoot.path + "/Scripts")
            .filter { $0.hasSuffix(".lua") && !$0.contains("/lib/") && !$0.hasPrefix("tools/") }.sorted()
        #expect(scripts.count >= 5, "\(scripts)")
        let scratch = try TempFolder()
        for script in scripts {
            let path = "Scripts/" + script
            let whole = try Sceneflow.run(["test", path, "--json", scratch.file("whole.json")])
            let wholeVerdicts = try Self.verdicts(scratch.file("whole.json")).tests
            #expect(!wholeVerdicts.isEmpty, "\(path): \(whole)")
            let reversed = try Sceneflow.run(["test", path, "--reverse", "--json", scratch.file("reverse.json")])
            #expect(reversed.status == whole.status, "\(path) reversed: \(reversed)")
            #expect(try Self.verdicts(scratch.file("reverse.json")).tests == wholeVerdicts, "\(path) reversed")
            for (qualified, verdict) in wholeVerdicts where verdict != "skipped" {
                let alone = try Sceneflow.run(["test", path, "--filter", qualified, "--json", scratch.file("one.json")])
                let got = try Self.verdicts(scratch.file("one.json")).tests[qualified]
                #expect(got == verdict, "\(qualified) alone: \(alone)")
            }
        }
    }

    // MARK: same validation as check

    @Test(arguments: ["0.01", "1000"])
    func testRefusesTheDeviceCheckRefuses(_ scale: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let file = tmp.file("Proto/prototype.lua")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try tmp.write("Proto/prototype.lua", text.replacingOccurrences(of: "scale = 1 }", with: "scale = \(scale) }"))
        try tmp.write("flow.lua", "prototype \"Proto\"\ntest(\"opens\", function() tap \"Open\" end)\n")
        let check = try Sceneflow.run(["check", "Proto"], in: tmp.url)
        #expect(check.status == 65, "\(check)")
        let test = try Sceneflow.run(["test", "flow.lua"], in: tmp.url)
        #expect(test.status == 65, "\(test)")
        let message = try #require(check.errorLines.first)
        #expect(test.stdout.contains(message.replacingOccurrences(of: "Proto/prototype.lua", with: "")), "\(test)")
        #expect(!test.stdout.contains("PASS"), "\(test)")
    }

    // MARK: empty comparisons

    @Test(arguments: ["{ 40, 0, 10, 10 }", "{ -20, -20, 10, 10 }", "{ 0, 80, 36, 5 }"])
    func aScreenshotRegionOffTheScreenIsAnError(_ region: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "shot.lua",
            """
            prototype "Proto"
            test("records", function() expect.screenshot("home") end)
            test("off screen", function() expect.screenshot("home", { region = \(region) }) end)

            """)
        let r = try Sceneflow.run(["test", "shot.lua", "--report", "rep"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("FAIL  off screen"), "\(r)")
        #expect(
            r.stdout.contains(": region lies entirely outside the screen (36x80 pt): nothing would be compared"), "\(r)"
        )
    }

    /// A region on screen whose width or height rounds to no whole pixel compares nothing too:
    /// an error, not a pass (red-team 59 A R1: `{10, 10, 1e-16, 1e-16}` passed with every pixel
    /// changed), at every size too small for its place.
    @Test(arguments: [
        "{ 10, 10, 1e-16, 1e-16 }", "{ 10, 10, 1e-300, 1e-300 }", "{ 10, 10, 20, 1e-300 }", "{ 10, 10, 1e-300, 20 }",
        "{ 20, 30, 5e-324, 5e-324 }",
    ])
    func aScreenshotRegionOfNoPixelIsAnError(_ region: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try FileManager.default.createDirectory(
            atPath: tmp.file("__screenshots__/shot"), withIntermediateDirectories: true)
        // A baseline unlike the screen in every pixel: any compared pixel fails.
        try tmp.write("__screenshots__/shot/home.png", PNGWriter.solid(width: 36, height: 80, rgb: (1, 2, 3)))
        try tmp.write(
            "shot.lua",
            """
            prototype "Proto"
            test("no pixel", function() expect.screenshot("home", { region = \(region) }) end)

            """)
        let r = try Sceneflow.run(["test", "shot.lua", "--report", "rep"], in: tmp.url, environment: ["CI": "1"])
        #expect(r.status == 1, "\(region): \(r)")
        #expect(r.stdout.contains("FAIL  no pixel"), "\(region): \(r)")
        #expect(r.stdout.contains("covers no whole pixel"), "\(region): \(r)")
    }

    /// An element on screen too small for a press to land in fails a tap with that reason and
    /// its exact frame, not "outside the screen" with its size shown as 0 (red-team 60 A W1).
    @Test func anElementTooSmallToPressSaysSo() throws {
        let tmp = try TempFolder()
        try tmp.prototype(
            scenes: """
                home = { image = "home.png", elements = {
                  { label = "Tiny", frame = { 10, 10, 1e-16, 1e-16 }, on_tap = go("detail") },
                } },
                detail = { image = "detail.png" },
                """)
        // Every call that needs it on screen says so, in words that fit a call pressing nothing.
        try tmp.write(
            "t.lua",
            """
            prototype "Proto"
            test("tap", function() tap "Tiny" end)
            test("visible", function() expect.visible("Tiny", {timeout = 0}) end)

            """)
        let r = try Sceneflow.run(["test", "t.lua"], in: tmp.url, environment: ["CI": "1"])
        #expect(r.status == 1 && r.stdout.contains("0 passed, 2 failed"), "\(r)")
        let said = r.stdout.components(
            separatedBy: "too small to cover a point on screen (frame {10, 10, 1e-16, 1e-16} pt")
        #expect(said.count == 3, "\(r)")
        #expect(!r.stdout.contains("lies outside"), "\(r)")
    }
}
