import Foundation
import Testing

/// `within` with a container locator that has an `index` narrows to the inside of that match
/// of the container, and fails every locator inside when there is no such match, as a container
/// that matches nothing does: a negative check (`expect.hidden`, `expect.count(…, 0)`) inside
/// it never passes for want of a container (red-team 20 F2: the index was ignored, so an index
/// past the matches narrowed to the first match's inside and those checks passed).
@Suite struct WithinIndexTests {
    /// Two "Row" containers, one holding "A", the other "B".
    static let scenes = """
            home = {
              image = "home.png",
              elements = {
                { label = "Row", frame = { 0, 0, 36, 40 } },
                { label = "A", frame = { 2, 10, 30, 20 } },
                { label = "Row", frame = { 0, 40, 36, 40 } },
                { label = "B", frame = { 2, 50, 30, 20 } },
              },
            },
        """

    /// The body inside `within`, the container's index, and whether the test passes.
    static let cases: [(index: Int, body: String, passes: Bool)] = [
        (1, #"expect.visible "A"; expect.hidden "B""#, true),
        (2, #"expect.visible "B"; expect.hidden "A""#, true),
        (3, #"expect.hidden "A""#, false),
        (3, #"expect.count("B", 0)"#, false),
        (7, #"expect.hidden "Row""#, false),
    ]

    /// A `within` inside another looks for its container inside the outer one's, as every
    /// locator there does (red-team 21 F1: it looked in the whole scene, so "inside row 1's B,
    /// A is hidden" passed although row 1 holds no B).
    static let nested: [(outer: Int, inner: String, body: String, passes: Bool)] = [
        (1, "A", #"expect.count("B", 0)"#, true),
        (1, "B", #"expect.hidden "A""#, false),
        (2, "A", #"expect.count("A", 0)"#, false),
        (2, "B", #"expect.hidden "A""#, true),
    ]

    @Test(arguments: nested.indices)
    func aNestedContainerIsLookedForInsideTheOuterOne(_ number: Int) throws {
        let c = Self.nested[number]
        let tmp = try TempFolder()
        try tmp.prototype(scenes: Self.scenes, images: ["home.png"])
        try tmp.write(
            "n.lua",
            """
            prototype "Proto"
            test("nested", function()
              within({ label = "Row", index = \(c.outer) }, function()
                within("\(c.inner)", function() \(c.body) end)
              end)
            end)

            """)
        let r = try Sceneflow.run(["test", "n.lua", "--timeout", "5"], in: tmp.url, timeout: 60)
        #expect(r.status == (c.passes ? 0 : 1), "\(c): \(r)")
        if !c.passes {
            #expect(r.stdout.contains("0 elements match the container inside the within() around it"), "\(r)")
        }
    }

    /// `with_timeout` runs only in the test's own thread, as `within` does: in a coroutine of the
    /// script's own, fn yielding left its timeout set for the rest of the test (red-team 21 F3).
    @Test func withTimeoutInAScriptCoroutineIsRefused() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "c.lua",
            """
            prototype "Proto"
            test("leak", function()
              local co = coroutine.create(function() with_timeout(0, function() coroutine.yield() end) end)
              coroutine.resume(co)
              tap "Open"; expect.scene "detail"
            end)

            """)
        let r = try Sceneflow.run(["test", "c.lua", "--timeout", "5"], in: tmp.url, timeout: 60)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("with_timeout: gestures, waits and expectations run inside test"), "\(r)")
        #expect(!r.stdout.contains("did not settle within 0 s"), "\(r)")
    }

    @Test(arguments: cases.indices)
    func theIndexPicksTheContainerOrFails(_ number: Int) throws {
        let c = Self.cases[number]
        let tmp = try TempFolder()
        try tmp.prototype(scenes: Self.scenes, images: ["home.png"])
        try tmp.write(
            "w.lua",
            """
            prototype "Proto"
            test("inside", function()
              within({ label = "Row", index = \(c.index) }, function() \(c.body) end)
            end)

            """)
        let r = try Sceneflow.run(["test", "w.lua", "--timeout", "5"], in: tmp.url, timeout: 60)
        #expect(r.status == (c.passes ? 0 : 1), "\(c): \(r)")
        if !c.passes {
            #expect(r.stdout.contains("2 elements match the container"), "\(r)")
            #expect(r.stdout.contains("so there is no match number \(c.index)"), "\(r)")
        }
    }
}
