import Foundation
import Testing

/// A prototype's `state` is copied whole for every test, however deep it is nested (a
/// red-team finding: a state 100 000 tables deep overflowed the recursive copy and
/// `state.deep` silently vanished, so an `expect(state.deep).to_be_nil()` passed), and
/// read-only at every depth.
@Suite struct DeepStateTests {
    @Test(arguments: [10, 1_000, 100_000])
    func deeplyNestedStateIsCopiedWhole(_ depth: Int) throws {
        let tmp = try TempFolder()
        let proto = try tmp.prototype()
        let file = (proto as NSString).appendingPathComponent("prototype.lua")
        var text = try String(contentsOfFile: file, encoding: .utf8)
        text =
            "local s = {} local cur = s for i = 1, \(depth) do local n = {} cur[1] = n cur = n end cur.leaf = \"here\"\n"
            + text.replacingOccurrences(of: "  start = \"home\",", with: "  start = \"home\",\n  state = { deep = s },")
        try tmp.write("Proto/prototype.lua", text)
        try tmp.write(
            "d.lua",
            """
            prototype "Proto"
            local function leaf()
              local t = state.deep
              while t[1] do t = t[1] end
              return t.leaf
            end
            test("the state is there", function() expect(type(state.deep)).to_be("table") expect(leaf()).to_be("here") end)
            test("and again in the next test", function() expect(leaf()).to_be("here") end)
            test("the leaf is read-only", function()
              local t = state.deep
              while t[1] do t = t[1] end
              t.leaf = "changed"
            end)

            """)
        let r = try Sceneflow.run(["test", "d.lua"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "depth \(depth): \(r)")
        #expect(r.stdout.contains("2 passed, 1 failed"), "depth \(depth): \(r)")
        // The write is named by its path, the middle of a deep one left out (red-team 25 F4).
        let path =
            depth <= 19
            ? "state.deep" + String(repeating: "[1]", count: depth) + ".leaf"
            : "state.deep" + String(repeating: "[1]", count: 9) + "…" + String(repeating: "[1]", count: 9) + ".leaf"
        #expect(
            r.stdout.contains("d.lua:12: \(path): the prototype's state is read-only in scripts"),
            "depth \(depth): \(r)")
    }
}
