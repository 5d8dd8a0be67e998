import Foundation
import Testing

/// Red-team 33 D1: the failure's step path joined every failed step group with `›`, the sign
/// of nesting, so two groups that failed side by side read as one inside the other, and 3 000
/// failed siblings made a 35 KB console line and a 65 KB JUnit message. Nested groups keep
/// `›`; side by side they are listed apart (`in steps "A", "B"`), at most 10 of them.
@Suite struct FailedStepPathTests {
    static let script = """
        prototype "Proto"
        test("nested", function() step("A", function() step("B", function() error("deep") end) end) end)
        test("siblings", function()
          step("A", function() expect.soft(1).to_be(2) end)
          step("B", function() expect.soft(3).to_be(4) end)
        end)
        test("two inside one", function()
          step("A", function()
            step("B", function() expect.soft(1).to_be(2) end)
            step("C", function() expect.soft(3).to_be(4) end)
          end)
        end)
        test("many", function()
          for i = 1, 3000 do step("s" .. i, function() expect.soft(i).to_be(0) end) end
        end)

        """

    @Test func nestedGroupsAreAPathAndSiblingsAreListedApart() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("r.lua", Self.script)
        let r = try Sceneflow.run(["test", "r.lua", "--junit", "r.xml"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let junit = try String(contentsOfFile: tmp.file("r.xml"), encoding: .utf8)
        for (text, format) in [(r.stdout, "console"), (junit.replacingOccurrences(of: "&quot;", with: "\""), "JUnit")] {
            #expect(text.contains("in step \"A\" › \"B\""), "\(format): \(text)")
            #expect(text.contains("in steps \"A\", \"B\""), "\(format): \(text)")
            #expect(text.contains("in steps \"A\" › \"B\", \"A\" › \"C\""), "\(format): \(text)")
            #expect(text.contains("\"s10\" and 2990 more failed steps"), "\(format): \(text)")
        }
        // The console names no more (JUnit's output lists every step the test took).
        #expect(!r.stdout.contains("\"s11\""), "\(r.stdout.count) characters")
    }
}
