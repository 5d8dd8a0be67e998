import Foundation
import Testing

/// A failed test's verdict on the console shows its last 10 log messages, and says how many
/// came before: lines 5–14 of 14 were shown with no mark that 1–4 were left out (red-team 23,
/// noticed). `--verbose` shows every one.
@Suite struct FailureLogLinesTests {
    @Test(arguments: [14, 10, 11])
    func earlierMessagesAreNamed(count: Int) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "t.lua",
            """
            prototype "Proto"
            test("logs", function()
              for i = 1, \(count) do log.message("line " .. i); log.warn("w" .. i) end
              error("boom")
            end)

            """)
        let r = try Sceneflow.run(["test", "t.lua"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        let shown = (1...count).filter { r.stdout.contains("line \($0)\n") }
        #expect(shown == Array(max(1, count - 9)...count), "\(r.stdout)")
        let earlier = count - 10
        if earlier > 0 {
            let word = earlier == 1 ? "message" : "messages"
            #expect(
                r.stdout.contains(
                    "(\(earlier) earlier log \(word) not shown: --verbose, the JSON and JUnit reports have every one)"),
                "\(r.stdout)")
        } else {
            #expect(!r.stdout.contains("not shown"), "\(r.stdout)")
        }
        let verbose = try Sceneflow.run(["test", "t.lua", "--verbose"], in: tmp.url)
        #expect((1...count).allSatisfy { verbose.stdout.contains("line \($0)\n") }, "\(verbose.stdout)")
    }
}
