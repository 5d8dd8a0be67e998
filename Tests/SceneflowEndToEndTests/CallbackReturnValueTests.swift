import Foundation
import Testing

/// A Lua-function action that returns something other than an action (or nothing) fails the
/// step that triggered it, naming where the function is written and what it returned: a table
/// that is not an action (even one whose `__index` raises: it is read raw), a scene name as a
/// string, a number. It was ignored silently, so `return { go = "detail" }` passed. The same
/// for every callback kind: `on_tap`, `on_double_tap`, `on_long_press`, `on_swipe` and a
/// scene's `on_after` timer.
@Suite struct CallbackReturnValueTests {
    /// What the functions return, and how the message names it.
    static let returns: [(lua: String, named: String)] = [
        ("{ go = \"detail\" }", "a table"),
        ("setmetatable({}, { __index = function() error(\"index boom\") end })", "a table"),
        ("\"detail\"", "the string \"detail\""),
        ("42", "the number 42"),
    ]

    /// The callback kinds: the element's (or scene's) key and the script line that triggers it.
    static let kinds: [(key: String, trigger: String)] = [
        ("on_tap", "tap \"Open\""),
        ("on_double_tap", "double_tap \"Open\""),
        ("on_long_press", "long_press \"Open\""),
        ("on_swipe", "swipe(\"left\", { on = \"Open\" })"),
        ("on_after", "wait(2)"),
    ]

    @Test func aReturnThatIsNotAnActionFailsNamingTheFunction() throws {
        for (lua, named) in Self.returns {
            for (key, trigger) in Self.kinds {
                let tmp = try TempFolder()
                let function = "function(app) return \(lua) end"
                let action = key == "on_swipe" ? "{ left = \(function) }" : function
                let home =
                    key == "on_after"
                    ? "home = { image = \"home.png\", after = 1,\n      elements = { { label = \"Open\", frame = { 2, 10, 30, 20 } } },\n      on_after = \(action) },"
                    : "home = { image = \"home.png\", elements = {\n      { label = \"Open\", frame = { 2, 10, 30, 20 },\n        \(key) = \(action) } } },"
                try tmp.prototype(scenes: home + "\ndetail = { image = \"detail.png\" },")
                try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"t\", function() \(trigger) end)\n")
                let r = try Sceneflow.run(["test", "t.lua"], in: tmp.url)
                let what = "\(key) returning \(lua)"
                #expect(r.status == 1, "\(what): \(r)")
                // The function is written on the prototype's line 8 (its scene table's second line).
                #expect(r.stdout.contains("prototype.lua:8"), "\(what): \(r)")
                #expect(r.stdout.contains("returned \(named), which is not an action"), "\(what): \(r)")
                #expect(!r.stdout.contains("index boom"), "\(what): the table is read raw: \(r)")
            }
        }
    }

    @Test func returningNothingOrAnActionStillWorks() throws {
        for (lua, passes) in [("nil", true), ("go(\"detail\")", true)] {
            let tmp = try TempFolder()
            try tmp.prototype(
                scenes:
                    "home = { image = \"home.png\", elements = {\n      { label = \"Open\", frame = { 2, 10, 30, 20 },\n        on_tap = function(app) return \(lua) end } } },\ndetail = { image = \"detail.png\" },"
            )
            let scene = lua == "nil" ? "home" : "detail"
            try tmp.write(
                "t.lua", "prototype \"Proto\"\ntest(\"t\", function() tap \"Open\" expect.scene \"\(scene)\" end)\n")
            let r = try Sceneflow.run(["test", "t.lua"], in: tmp.url)
            #expect((r.status == 0) == passes, "\(lua): \(r)")
        }
    }
}
