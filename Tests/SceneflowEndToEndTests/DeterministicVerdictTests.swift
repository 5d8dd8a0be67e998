import Foundation
import Testing

/// One file gets one verdict per test however it is run (whole, one test alone, reversed, in
/// runs one after another): `pairs` walks a table in one fixed order in every Lua state, a
/// declaration error is a load error even when the script's `pcall` caught it, and options
/// after a test's function are refused (red-team 22 F2, F3, F5).
@Suite struct DeterministicVerdictTests {
    /// Five overlapping hotspots built in a `pairs` loop: the last one declared is on top, so
    /// the scene a tap reaches depends on the loop's order. With string keys in byte order,
    /// "omega" comes last and goes to "f". A script declaring its tests in a `pairs` loop runs
    /// them in the same order in every load (it failed "did it change during the run?").
    static func pairsPrototype(_ tmp: TempFolder) throws {
        for name in ["a", "b", "c", "d", "e", "f"] { try tmp.image("P/\(name).png") }
        try tmp.write(
            "P/prototype.lua",
            """
            local targets = { alpha = "b", beta = "c", gamma = "d", delta = "e", omega = "f" }
            local els = {}
            for label, scene in pairs(targets) do
              els[#els + 1] = { label = label, frame = { 0, 0, 30, 30 }, on_tap = go(scene) }
            end
            local scenes = { a = { image = "a.png", elements = els } }
            for _, n in ipairs({ "b", "c", "d", "e", "f" }) do scenes[n] = { image = n .. ".png" } end
            return { device = { width = 36, height = 80, scale = 1 }, start = "a", scenes = scenes }

            """)
        var script = "prototype \"P\"\nlocal cases = {"
        for k in 1...12 { script += " case\(k) = \(k)," }
        script += " }\nfor name, n in pairs(cases) do\n"
        script += "  test(name, function() tap_at(15, 15); expect.scene \"f\"; expect(n).to_be(cases[name]) end)\nend\n"
        try tmp.write("t.lua", script)
    }

    @Test func pairsWalksOneOrderInEveryState() throws {
        let tmp = try TempFolder()
        try Self.pairsPrototype(tmp)
        var orders: Set<String> = []
        for run in 0..<4 {
            let r = try Sceneflow.run(
                ["test", "t.lua", "--tap"] + (run % 2 == 1 ? ["--jobs", "2"] : []), in: tmp.url)
            #expect(r.status == 0, "run \(run): \(r)")
            #expect(!r.stdout.contains("not ok"), "run \(run): \(r)")
            orders.insert(r.stdout.split(separator: "\n").filter { $0.hasPrefix("ok ") }.joined(separator: "\n"))
        }
        // The tests are declared, so listed, in the keys' byte order every time.
        #expect(orders.count == 1, "\(orders)")
        #expect(orders.first?.contains("ok 1 - t.lua: case1\nok 2 - t.lua: case10") == true, "\(orders)")
    }

    /// `pairs` in a script: fixed order for string, number and mixed keys, a key removed
    /// during the loop is not given, `__pairs` is honoured, a non-table is refused at the
    /// script's line, and `next` is still there.
    @Test func pairsOrderIsNumbersThenStringsThenBooleans() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "p.lua",
            #"""
            prototype "Proto"
            local function walk(t) local out = {} for k in pairs(t) do out[#out + 1] = tostring(k) end return table.concat(out, " ") end
            test("order", function()
              expect(walk({ z = 1, a = 2, [3] = 3, [1.5] = 4, [true] = 5, [false] = 6, m = 7 })).to_be("1.5 3 a m z false true")
              expect(walk({ "x", "y", "z" })).to_be("1 2 3")
              local t = { a = 1, b = 2, c = 3 }
              local seen = {}
              for k in pairs(t) do seen[#seen + 1] = k; t.b = nil end
              expect(table.concat(seen, " ")).to_be("a c")
              local proxied = setmetatable({}, { __pairs = function() return function(_, k) if not k then return 1, "one" end end, nil, nil end })
              expect(walk(proxied)).to_be("1")
              expect(next({ a = 1 })).to_be("a")
            end)
            test("bad argument", function() for _ in pairs(nil) do end end)

            """#)
        let r = try Sceneflow.run(["test", "p.lua"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("PASS  order"), "\(r)")
        // As stock Lua: pairs(nil) itself is accepted, the loop's first step is refused.
        #expect(r.stdout.contains("p.lua:14:") && r.stdout.contains("bad argument #1 to 'for iterator'"), "\(r)")
        #expect(!r.stdout.contains("[sceneflow"), "\(r)")
    }

    /// A declaration the script's pcall caught: the file does not load (exit 65) at the
    /// declaration's line, whichever tests are run and in whatever order.
    static let caught: [(call: String, says: String)] = [
        (#"pcall(test, "c1", {clock_limit = -1}, function() end)"#, "clock_limit must be a finite number"),
        (#"pcall(test, "c1", {clock_limit = 0/0}, function() end)"#, "clock_limit must be a finite number"),
        (#"pcall(test, "c1", {tags = {"a b"}}, function() end)"#, "must be a word"),
        (#"pcall(test, "c1", {clock_lim = 5}, function() end)"#, "unknown option"),
        (#"pcall(test, "a", function() end)"#, "already declared at line 2"),
        (#"pcall(test, "c1")"#, "expected options"),
        (#"pcall(test, 0/0, function() end)"#, "expected a name"),
        (#"pcall(test, string.rep("n", 1025), function() end)"#, "bytes long; at most 1024"),
        (#"pcall(only, "a", function() end)"#, "already declared at line 2"),
        (#"pcall(skip, "a", function() end)"#, "already declared at line 2"),
        (#"pcall(skip, "c1", function() end, 5)"#, "the reason must be a string"),
        (#"pcall(before_each, 5)"#, "expected a function"),
    ]

    @Test(arguments: caught.indices)
    func aCaughtDeclarationErrorIsALoadError(_ index: Int) throws {
        let (call, says) = Self.caught[index]
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "t.lua",
            """
            prototype "Proto"
            test("a", function() end)
            test("b", function() end)
            \(call)
            test("c2", function() end)

            """)
        for extra in [[], ["--filter", "b"], ["--reverse"], ["--jobs", "2"]] {
            let r = try Sceneflow.run(["test", "t.lua"] + extra, in: tmp.url)
            #expect(r.status == 65, "\(call) \(extra): \(r)")
            #expect(r.output.contains("t.lua:4: ") && r.output.contains(says), "\(call) \(extra): \(r)")
            #expect(!r.output.contains("[sceneflow") && !r.output.contains("did it change"), "\(call): \(r)")
        }
    }

    /// Options (or a Jest-style timeout) after the test function are refused at their line,
    /// never dropped: a tagged failing test was left out of a green `--tag` run.
    @Test(arguments: [
        #"test("x", function() error("RED") end, {tags = {"smoke"}})"#,
        #"test("x", function() error("RED") end, 5)"#,
        #"only("x", function() error("RED") end, {tags = {"smoke"}})"#,
        #"test("x", function() error("RED") end, {})"#,
    ])
    func optionsAfterTheFunctionAreRefused(_ call: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "t.lua", "prototype \"Proto\"\n\(call)\ntest(\"y\", {tags = {\"smoke\"}}, function() end)\n")
        let r = try Sceneflow.run(["test", "t.lua", "--tag", "smoke"], in: tmp.url)
        #expect(r.status == 65, "\(r)")
        #expect(r.output.contains("t.lua:2: ") && r.output.contains("the options go before the function"), "\(r)")
        let tap = try Sceneflow.run(["test", "t.lua", "--tag", "smoke", "--tap"], in: tmp.url)
        #expect(tap.status == 65 && tap.stdout.contains("not ok"), "TAP must not read as a pass: \(tap)")
    }
}
