import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Mistakes that used to run into the watchdog or cost time out of proportion (red-team
/// findings F3, F5, F17) fail at once with a message that names them: a `require` cycle, tables
/// nested deeper than `to_equal` compares, a `drag` longer than a minute.
@Suite struct PromptLimitTests {
    typealias H = ScriptAPIHarness

    @Test func aRequireCycleIsNamedAtOnce() throws {
        let modules = [
            "moda.lua": "return { b = require \"modb\" }\n",
            "modb.lua": "return { a = require \"moda\" }\n",
            "selfmod.lua": "return require \"selfmod\"\n",
        ]
        let results = try H.run(
            """
            test("cycle", function() require "moda" end)
            test("self", function() require "selfmod" end)
            test("after a cycle, a module loads", function() expect(require("ok").v).to_be(1) end)
            """, extra: modules.merging(["ok.lua": "return { v = 1 }\n"]) { a, _ in a })
        let cycle = try #require(results["cycle"]?.failure)
        #expect(
            cycle.contains(#"require("moda"): moda is still loading (require cycle: moda -> modb -> moda)"#), "\(cycle)"
        )
        let single = try #require(results["self"]?.failure)
        #expect(single.contains("require cycle: selfmod -> selfmod"), "\(single)")
        #expect(results["after a cycle, a module loads"]?.failure == nil)
    }

    @Test func aRequireCycleAtTheTopLevelIsALoadError() throws {
        let path = H.write(
            "local a = require \"moda\"\ntest(\"x\", function() end)\n",
            extra: ["moda.lua": "return require \"modb\"\n", "modb.lua": "return require \"moda\"\n"])
        #expect {
            try ScriptRuntime(scriptPath: path, limits: .standard, parameters: [:])
        } throws: { error in
            "\(error)".contains("require cycle: moda -> modb -> moda")
        }
    }

    @Test func deepTablesFailToEqualAtOnceWithAClearMessage() throws {
        let started = Date()
        let r = try H.one(
            """
            local a, b = {}, {}
            local c, d = a, b
            for _ = 1, 100000 do c[1] = {}; c = c[1]; d[1] = {}; d = d[1] end
            expect(a).to_equal(b)
            """)
        #expect(
            r.failure?.contains("cannot compare tables nested deeper than 200 levels") == true,
            "\(r.failure ?? "passed")")
        #expect(r.line == 6)
        #expect(Date().timeIntervalSince(started) < 20, "a bounded compare, not a stack overflow")
    }

    @Test func tablesWithinTheDepthStillCompare() throws {
        let r = try H.one(
            """
            local a, b = {}, {}
            local c, d = a, b
            for _ = 1, 150 do c[1] = {}; c = c[1]; d[1] = {}; d = d[1] end
            expect(a).to_equal(b)
            d.x = 1
            expect(a).not_to_equal(b)
            """)
        #expect(r.failure == nil, "\(r.failure ?? "")")
    }

    @Test(arguments: ["61", "3000", "1e308", "2^63"])
    func aDragLongerThanAMinuteIsRefused(_ seconds: String) throws {
        let r = try H.one("drag(\"Continue\", {10, 400}, \(seconds))")
        #expect(r.failure?.contains("seconds must be a number from 0.0166667 to 60, got") == true, "\(r.failure ?? "")")
    }

    @Test func aMinuteLongDragStillRuns() throws {
        let r = try H.one("drag({10, 10}, {10, 400}, 60)")
        #expect(r.failure == nil, "\(r.failure ?? "")")
    }
}
