import SceneflowCore
import Testing

@testable import SceneflowLua

/// `before_all(fn)` and `after_all(fn)` per file (issue 20, as Playwright's `beforeAll` and
/// `afterAll`): before_all runs once, before the first test that runs; a failure in it fails
/// every test of the file with the reason; after_all runs once after the last test, also
/// after failures.
@Suite struct BeforeAllTests {
    typealias H = ScriptAPIHarness

    @Test func beforeAllRunsOnceFirstAndAfterAllOnceLast() throws {
        let results = try H.run(
            """
            local runs = 0
            before_all(function() runs = runs + 1; log.message("before_all", runs); token = "abc" end)
            after_all(function() log.message("after_all") end)
            before_each(function() log.message("before_each") end)
            test("one", function() expect(runs).to_be(1); expect(token).to_be("abc") end)
            test("two", function() expect(runs).to_be(1); expect(token).to_be("abc"); error("boom") end)
            skip("three", function() end)
            """)
        let one = try #require(results["one"])
        let two = try #require(results["two"])
        #expect(one.failure == nil, "\(one.failure ?? "")")
        #expect(one.log.map(\.message) == ["before_all 1", "before_each"])
        #expect(two.failure == "boom" && two.line == 7, "\(two.failure ?? "passed")")
        #expect(two.log.map(\.message) == ["before_each", "after_all"], "after_all runs after a failure")
    }

    @Test func aBeforeAllFailureFailsEveryTestWithTheReason() throws {
        let results = try H.run(
            """
            before_all(function() error("no server") end)
            after_all(function() log.message("after_all") end)
            test("one", function() log.message("ran") end)
            test("two", function() log.message("ran") end)
            """)
        for name in ["one", "two"] {
            let r = try #require(results[name])
            #expect(r.failure == "in before_all: walk.lua:2: no server", "\(name): \(r.failure ?? "passed")")
            #expect(!r.log.map(\.message).contains("ran"))
        }
        #expect(results["two"]?.log.map(\.message) == ["after_all"])
    }

    /// An after_all failure is the file's, reported on its own (the runner's `(after_all)`
    /// entry), never the failure of the test that happened to run last.
    @Test func anAfterAllFailureIsTheFilesNotTheLastTests() throws {
        let results = try H.run(
            """
            after_all(function() expect.scene("home", {timeout = 0}) end)
            after_all(function() error("second hook") end)
            test("one", function() end)
            test("two", function() error("own failure") end)
            """)
        #expect(results["one"]?.failure == nil && results["one"]?.afterAll == nil)
        #expect(results["two"]?.failure == "own failure", "\(results["two"]?.failure ?? "passed")")
        let afterAll = try #require(results["two"]?.afterAll)
        #expect(afterAll.line == 2, "\(afterAll)")
        #expect(
            afterAll.message.hasPrefix("in after_all: expect.scene(\"home\"): expected scene"), "\(afterAll.message)")
        #expect(afterAll.message.contains("; then, in after_all: walk.lua:3: second hook"), "\(afterAll.message)")
    }

    @Test func hooksTakeAFunction() throws {
        for hook in ["before_all", "after_all"] {
            do {
                _ = try H.run("\(hook)(1)\ntest(\"t\", function() end)")
                Issue.record("\(hook)(1) loaded")
            } catch let error as DiagnosticList {
                #expect(error.diagnostics.first?.message == "\(hook): expected a function, got number")
                #expect(error.diagnostics.first?.line == 2)
            }
        }
    }
}

/// Hooks are declared at the top level: one added inside a test fails it at its line.
@Suite struct HookPlacementTests {
    @Test func aHookDeclaredInsideATestFailsIt() throws {
        for hook in ["before_all", "after_all", "before_each", "after_each"] {
            let r = try ScriptAPIHarness.one("\(hook)(function() end)")
            #expect(r.failure == "\(hook): hooks are declared at the top level of the script, not inside a test")
            #expect(r.line == 3)
        }
    }
}
