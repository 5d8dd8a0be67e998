import Foundation
import Testing

/// Each test loads its script afresh; the runner checks that the load declared the same tests
/// (one digest, whatever the number of tests) and fails a test whose load did not, never
/// running another test's function under its name.
@Suite struct ReloadDigestTests {
    @Test func aLoadThatDeclaresOtherTestsFailsTheTest() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        // Table addresses differ between the first load and the next one.
        try tmp.write(
            "moving.lua",
            """
            prototype "Proto"
            test("first", function() end)
            test("second " .. tostring({}), function() end)

            """)
        let run = try Sceneflow.run(["test", "moving.lua", "--json", "r.json"], in: tmp.url)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("gave a different result when loaded again for this test"), "\(run)")
        let verdicts = try VerdictIsolationTests.verdicts(tmp.file("r.json")).tests
        #expect(verdicts["moving.lua: first"] == "passed", "\(verdicts)")
        #expect(verdicts.filter { $0.key.hasPrefix("moving.lua: second") }.values.first == "failed", "\(verdicts)")
    }

    @Test func manyDataDrivenTestsEachRunTheirOwnFunction() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        // 300 vectors: each test checks that it is the one named (a reused declaration list
        // must never hand test i the function of test j).
        try tmp.write(
            "vectors.lua",
            """
            prototype "Proto"
            for i = 1, 300 do
              test("vector " .. i, function() if i % 100 == 0 then error("vector " .. i .. " fails") end end)
            end

            """)
        let run = try Sceneflow.run(["test", "vectors.lua", "--json", "r.json", "--quiet"], in: tmp.url)
        #expect(run.status == 1, "\(run)")
        let verdicts = try VerdictIsolationTests.verdicts(tmp.file("r.json")).tests
        #expect(verdicts.count == 300)
        for i in 1...300 {
            #expect(verdicts["vectors.lua: vector \(i)"] == (i % 100 == 0 ? "failed" : "passed"), "vector \(i)")
        }
        #expect(run.stdout.contains("vectors.lua:3: vector 200 fails"), "\(run)")
    }
}
