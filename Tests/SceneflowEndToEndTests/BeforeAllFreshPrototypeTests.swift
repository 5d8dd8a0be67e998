import Foundation
import Testing

/// Red-team 33 G1: a gesture in `before_all` reached every test through the prototype's own Lua
/// state (an upvalue or global of `prototype.lua`, a value set on `app`, `_G`'s metatable):
/// one tap in `before_all` made a test's one tap count 2, so a wrong expectation passed. The
/// prototype's Lua is loaded afresh after `before_all`, so its gestures never reach a test or
/// `after_all`, whole, with `--jobs 2`, and alone with `--filter`.
@Suite struct BeforeAllFreshPrototypeTests {
    static func prototype(_ tmp: TempFolder) throws {
        try tmp.prototype(
            scenes: """
                    home = { image = "home.png", elements = {
                      { label = "Inc", frame = { 2, 10, 30, 20 }, on_tap = function(app)
                          counter = counter + 1; GLOBAL_COUNT = (GLOBAL_COUNT or 0) + 1
                          rawset(app, "custom", (rawget(app, "custom") or 0) + 1)
                          app.state.n = counter + GLOBAL_COUNT - 1 + (rawget(app, "custom") - 1)
                      end },
                      { label = "Meta", frame = { 2, 40, 30, 20 }, on_tap = function(app)
                          setmetatable(_G, { __index = function() return 9 end })
                      end },
                      { label = "Read", frame = { 2, 60, 30, 10 }, on_tap = function(app)
                          app.state.m = UNSET_NAME or 0
                      end },
                    } },
                    detail = { image = "detail.png" },
                """)
        // `counter` is an upvalue of the prototype's chunk.
        let file = tmp.file("Proto/prototype.lua")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try
            ("local counter = 0\n"
            + text.replacingOccurrences(of: "start = \"home\",", with: "start = \"home\", state = { n = 0, m = 0 },"))
            .write(toFile: file, atomically: true, encoding: .utf8)
    }

    @Test(arguments: [[], ["--jobs", "2"], ["--filter", "second"]])
    func beforeAllsGesturesNeverReachATest(_ extra: [String]) throws {
        let tmp = try TempFolder()
        try Self.prototype(tmp)
        try tmp.write(
            "t.lua",
            """
            prototype "Proto"
            before_all(function() tap "Inc"; tap "Meta" end)
            test("first", function() expect.state("n", 0); tap "Inc"; expect.state("n", 1) end)
            test("second", function() tap "Inc"; expect.state("n", 1); tap "Read"; expect.state("m", 0) end)
            after_all(function() expect.state("n", 0); tap "Inc"; expect.state("n", 1) end)

            """)
        let r = try Sceneflow.run(["test", "t.lua", "--json", "r.json"] + extra, in: tmp.url)
        #expect(r.status == 0, "\(r)")
        #expect(!r.stdout.contains("FAIL"), "\(r)")
    }

    /// The wrong expectation fails, as without `before_all`.
    @Test func aWrongCountStillFails() throws {
        let tmp = try TempFolder()
        try Self.prototype(tmp)
        try tmp.write(
            "t.lua",
            """
            prototype "Proto"
            before_all(function() tap "Inc" end)
            test("two", function() tap "Inc"; expect.state("n", 2) end)

            """)
        let r = try Sceneflow.run(["test", "t.lua"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("expected state.n to be 2, got 1"), "\(r)")
    }
}
