import Foundation
import SceneflowLua
import Testing

/// The watchdog's message names what was running when the time ran out: the script's line
/// and whether it was a Sceneflow call (named), a Lua library call (named) or the script's
/// own Lua code; a backtracking pattern is suggested only when a string pattern function
/// was running.
@Suite struct WatchdogPlaceTests {
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let code: String
        /// What the failure must say after `the time ran out ` / `was stuck `.
        let says: String
        let pattern: Bool
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "pattern", code: #"string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")"#,
            says: "inside the Lua library call string.find at w.lua:3", pattern: true),
        Case(
            name: "method pattern", code: #"local s = string.rep("a", 40); s:match(string.rep("a-", 20) .. "b")"#,
            says: "inside the Lua library call match at w.lua:3", pattern: true),
        Case(
            name: "gmatch", code: #"for w in string.rep("a", 40):gmatch(string.rep("a-", 20) .. "b") do end"#,
            says: "inside the iterator of a for loop at w.lua:3", pattern: true),
        Case(
            name: "sort", code: #"local t = {} for i = 1, 3e6 do t[i] = -i end while true do table.sort(t) end"#,
            says: "w.lua:3", pattern: false),
        Case(
            name: "type_text", code: #"type_text("Field", string.rep("x", 30 * 1024 * 1024))"#,
            says: "inside the Sceneflow call type_text", pattern: false),
        Case(name: "loop", code: "while true do end", says: "in the script's own Lua code at w.lua:3", pattern: false),
        // A script's pattern that Sceneflow runs (a `pattern` locator, `to_match`): the call is
        // named and the pattern suggested (red-team 21 F4: "inside the Sceneflow call at",
        // no name, no hint, for within and element).
        Case(
            name: "element pattern", code: #"element({pattern = string.rep("a-", 20) .. "b"})"#,
            says: "inside the Sceneflow call element at w.lua:3", pattern: true),
        Case(
            name: "within pattern", code: #"within({pattern = string.rep("a-", 20) .. "b"}, function() end)"#,
            says: "inside the Sceneflow call within at w.lua:3", pattern: true),
        Case(
            name: "count pattern", code: #"expect.count({pattern = string.rep("a-", 20) .. "b"}, 1)"#,
            says: "inside the Sceneflow call expect.count", pattern: true),
        Case(
            name: "to_match", code: #"expect(string.rep("a", 40)).to_match(string.rep("a-", 20) .. "b")"#,
            says: "inside the Sceneflow call", pattern: true),
        Case(
            name: "tap pattern", code: #"tap {pattern = string.rep("a-", 20) .. "b"}"#,
            says: "inside the Sceneflow call tap", pattern: true),
        // A Sceneflow call in tail position (`return element(…)`): Lua drops the script's frame,
        // so no line is known, but the call is named and the pattern suggested (red-team 28 F2:
        // "inside one library call or error handler that never returned to Lua").
        Case(
            name: "tail element", code: #"return element({pattern = string.rep("a-", 20) .. "b"})"#,
            says: "inside the Sceneflow call element, called by a return statement", pattern: true),
        Case(
            name: "tail tap", code: #"return tap {pattern = string.rep("a-", 20) .. "b"}"#,
            says: "inside the Sceneflow call tap, called by a return statement", pattern: true),
        Case(
            name: "tail to_match", code: #"return expect(string.rep("a", 40)).to_match(string.rep("a-", 20) .. "b")"#,
            says: "inside the Sceneflow call expect(x).to_match, called by a return statement", pattern: true),
        Case(
            name: "tail in coroutine",
            code:
                #"coroutine.resume(coroutine.create(function() return element({pattern = string.rep("a-", 20) .. "b"}) end))"#,
            says: "inside the Sceneflow call element, called by a return statement", pattern: true),
        // In tail position inside a function Sceneflow runs (a step, within, wait_for) and for
        // a soft expectation, the call in tail position is named, not the one around it
        // (red-team 30 F8: `step` for `return element(…)`, `expect.visible` for `return
        // expect.soft.visible(…)`).
        Case(
            name: "tail element in step",
            code: #"step("s", function() return element({pattern = string.rep("a-", 20) .. "b"}) end)"#,
            says: "inside the Sceneflow call element, called by a return statement", pattern: true),
        Case(
            name: "tail element in within",
            code: #"within("Field", function() return element({pattern = string.rep("a-", 20) .. "b"}) end)"#,
            says: "inside the Sceneflow call element, called by a return statement", pattern: true),
        Case(
            name: "tail count in wait_for",
            code: #"wait_for(function() return expect.count({pattern = string.rep("a-", 20) .. "b"}, 1) end)"#,
            says: "inside the Sceneflow call expect.count, called by a return statement", pattern: true),
        Case(
            name: "tail soft visible", code: #"return expect.soft.visible {pattern = string.rep("a-", 20) .. "b"}"#,
            says: "inside the Sceneflow call expect.soft.visible, called by a return statement", pattern: true),
        Case(
            name: "tail soft visible in step",
            code: #"step("s", function() return expect.soft.visible {pattern = string.rep("a-", 20) .. "b"} end)"#,
            says: "inside the Sceneflow call expect.soft.visible, called by a return statement", pattern: true),
        Case(
            name: "tail soft to_match in step",
            code:
                #"step("s", function() return expect.soft(string.rep("a", 40)).to_match(string.rep("a-", 20) .. "b") end)"#,
            says: "inside the Sceneflow call expect.soft(x).to_match, called by a return statement", pattern: true),
        // Soft expectations too (red-team 22 F1: "inside the Sceneflow call at").
        Case(
            name: "soft visible", code: #"expect.soft.visible {pattern = string.rep("a-", 20) .. "b"}"#,
            says: "inside the Sceneflow call expect.soft.visible at w.lua:3", pattern: true),
        Case(
            name: "soft to_match", code: #"expect.soft(string.rep("a", 40)).to_match(string.rep("a-", 20) .. "b")"#,
            says: "inside the Sceneflow call expect.soft(x).to_match at w.lua:3", pattern: true),
        // Called through pcall or xpcall, the Sceneflow function is named, never pcall
        // (red-team 24 F2: "inside the Sceneflow call pcall").
        Case(
            name: "pcall tap", code: #"pcall(tap, {pattern = string.rep("a-", 20) .. "b"})"#,
            says: "inside the Sceneflow call tap at w.lua:3", pattern: true),
        Case(
            name: "xpcall element", code: #"xpcall(element, print, {pattern = string.rep("a-", 20) .. "b"})"#,
            says: "inside the Sceneflow call element at w.lua:3", pattern: true),
        Case(
            name: "pcall within", code: #"pcall(within, {pattern = string.rep("a-", 20) .. "b"}, function() end)"#,
            says: "inside the Sceneflow call within at w.lua:3", pattern: true),
        // expect.visible and expect.hidden share one body (made by one function): each is
        // named all the same.
        Case(
            name: "pcall visible", code: #"pcall(expect.visible, {pattern = string.rep("a-", 20) .. "b"})"#,
            says: "inside the Sceneflow call expect.visible at w.lua:3", pattern: true),
        Case(
            name: "pcall hidden", code: #"pcall(expect.hidden, {pattern = string.rep("a-", 20) .. "b"})"#,
            says: "inside the Sceneflow call expect.hidden at w.lua:3", pattern: true),
        // The matchers of expect(x) and expect.soft(x), made per call, share one body too
        // (red-team 25 F2: "inside the Sceneflow call at", no name).
        Case(
            name: "pcall to_match",
            code: #"pcall(expect(string.rep("a", 40)).to_match, string.rep("a-", 20) .. "b")"#,
            says: "inside the Sceneflow call expect(x).to_match at w.lua:3", pattern: true),
        Case(
            name: "pcall soft not_to_match",
            code: #"pcall(expect.soft(string.rep("a", 40)).not_to_match, string.rep("a-", 20) .. "b")"#,
            says: "inside the Sceneflow call expect.soft(x).not_to_match at w.lua:3", pattern: true),
        // In a coroutine of the script's own, the coroutine's stack is read, not the one that
        // resumed it (red-team 25 F2: "inside the Lua library call coroutine.resume", no hint).
        Case(
            name: "wrapped element",
            code: #"coroutine.wrap(function() element({pattern = string.rep("a-", 20) .. "b"}) end)()"#,
            says: "inside the Sceneflow call element at w.lua:3", pattern: true),
        Case(
            name: "resumed element",
            code:
                #"coroutine.resume(coroutine.create(function() element({pattern = string.rep("a-", 20) .. "b"}) end))"#,
            says: "inside the Sceneflow call element at w.lua:3", pattern: true),
        Case(
            name: "resumed loop", code: "coroutine.resume(coroutine.create(function() while true do end end))",
            says: "in the script's own Lua code at w.lua:3", pattern: false),
        // A library function given to pcall or xpcall, or a coroutine made of one, has no name
        // on the stack: how it was called is said, the line, and the library calls that run
        // long in one call as a question (red-team 32 A2: no name, "inside the Sceneflow call"
        // for xpcall, no line for wrap; 62 A W1: a pattern only, for `pcall(table.move, …)`).
        Case(
            name: "pcall find", code: #"pcall(string.find, string.rep("a", 40), string.rep("a-", 20) .. "b")"#,
            says: "inside a Lua library call made through pcall at w.lua:3 (\(Self.unnamedHint))", pattern: false),
        Case(
            name: "xpcall find",
            code: #"xpcall(string.find, print, string.rep("a", 40), string.rep("a-", 20) .. "b")"#,
            says: "inside a Lua library call made through xpcall at w.lua:3 (\(Self.unnamedHint))", pattern: false),
        Case(
            name: "wrapped find",
            code: #"coroutine.wrap(string.find)(string.rep("a", 40), string.rep("a-", 20) .. "b")"#,
            says: "inside a Lua library call made through a coroutine at w.lua:3 (\(Self.unnamedHint))",
            pattern: false),
        Case(
            name: "pcall move", code: "local t = {} pcall(table.move, t, 1, 1 << 40, 1, t)",
            says: "inside a Lua library call made through pcall at w.lua:3 (\(Self.unnamedHint))", pattern: false),
    ]

    /// The question asked of a library call Lua keeps no name for.
    static let unnamedHint =
        "string.find, match, gmatch or gsub with a string pattern that backtracks, or a count far too large for string.rep or table.move?"

    @Test(arguments: cases)
    func theMessageNamesWhatRan(_ c: Case) throws {
        let tmp = try TempFolder()
        try tmp.prototype(
            scenes: """
                    home = { image = "home.png", elements = {
                      { label = "Field", control = "text_field", frame = { 0, 10, 36, 20 } },
                      { label = "\(String(repeating: "a", count: 40))", frame = { 0, 40, 36, 20 } },
                    } },
                    detail = { image = "detail.png" },
                """)
        try tmp.write(
            "w.lua",
            """
            prototype "Proto"
            test("next", function() expect.scene "home" end)
            test("\(c.name)", function() \(c.code) end)
            test("after", function() expect.scene "home" end)

            """)
        let r = try Sceneflow.run(["test", "w.lua", "--timeout", "1"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let line = try #require(r.outputLines.first { $0.contains("test \"\(c.name)\" ran its Lua code") }, "\(r)")
        #expect(line.contains(c.says), "\(line)")
        #expect(line.contains("a string pattern that backtracks?") == c.pattern, "\(line)")
        #expect(r.stdout.contains("PASS  after"), "\(r)")
    }

    @Test func theSourceLineGivesTheDottedName() {
        #expect(LuaWatchdog.Place.qualified("tree", in: #"  expect.tree "scene""#) == "expect.tree")
        #expect(LuaWatchdog.Place.qualified("find", in: "x = string.find(s, p)") == "string.find")
        #expect(LuaWatchdog.Place.qualified("match", in: "s:match(p)") == "match")
        #expect(LuaWatchdog.Place.qualified("tap", in: "tapping() tap 'x'") == "tap")
        #expect(LuaWatchdog.Place.qualified("tree", in: "nothing here") == nil)
        #expect(
            LuaWatchdog.Place.qualified("tree", in: #"test("tree", function() expect.tree "x" end)"#) == "expect.tree")
    }

    /// Red-team N3: Sceneflow's own work for one call (an element tree of 3 000 labels of
    /// 1 000 characters, dumped and compared on every retry frame of `expect.tree`) cannot
    /// outrun `--timeout`: the test fails naming the call, and the next test runs.
    @Test func sceneflowsOwnWorkIsBoundedToo() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "Proto/prototype.lua",
            """
            local els = {}
            for i = 1, 3000 do
              els[i] = { label = string.rep("L", 1000) .. i, frame = { i % 30, i % 70, 5, 5 }, on_tap = go("detail") }
            end
            return { device = { width = 36, height = 80, scale = 1 }, start = "home",
              scenes = { home = { image = "home.png", elements = els }, detail = { image = "detail.png" } } }

            """)
        try tmp.write(
            "tree.lua",
            """
            prototype "Proto"
            test("tree", function() expect.tree "scene \\"home\\"\\n" end)
            test("after", function() expect.scene "home" end)

            """)
        let r = try Sceneflow.run(["test", "tree.lua", "--timeout", "2"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let line = try #require(r.outputLines.first { $0.contains("test \"tree\" ran its Lua code") }, "\(r)")
        #expect(line.contains("more than 2 s of real time (the watchdog)"), "\(line)")
        #expect(line.contains("inside the Sceneflow call expect.tree"), "\(line)")
        #expect(!line.contains("backtracks"), "\(line)")
        #expect(r.stdout.contains("PASS  after"), "\(r)")
    }
}
