import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// A text field holds at most 10 000 characters (the largest `max_length`) also when it
/// declares none: `type_text` of 64 Ki characters took 23 s and 739 MB outside the Lua memory
/// cap, and 1 MiB grew past 1.1 GB until the watchdog (red-team 15 F2). A text longer than a
/// field can hold fails the step at once; typing past the limit in several steps is cut to it,
/// as `max_length` cuts.
@Suite struct TextFieldLengthTests {
    static func run(_ body: String) throws -> ScriptAPIHarness.Result? {
        try TextFieldScriptTests.run("test(\"t\", function()\n\(body)\nend)")["t"]
    }

    @Test(arguments: [10_001, 65_536, 1 << 20])
    func aTextLongerThanAFieldHoldsFailsAtOnce(_ length: Int) throws {
        let r = try Self.run("type_text(\"Email\", string.rep(\"y\", \(length)))")
        let failure = r?.failure ?? "passed"
        #expect(
            failure.contains(
                "the text is \(length) characters long; a text field holds at most 10000 (the largest max_length)"),
            "\(failure.prefix(300))")
    }

    @Test func typingPastTheLimitInStepsIsCutToIt() throws {
        let r = try Self.run(
            """
            type_text("Email", string.rep("a", 6000))
            type_text("Email", string.rep("b", 6000))
            expect(#element("Email").value).to_be(10000)
            expect(element("Email").value:sub(-1)).to_be("b")
            """)
        #expect(r?.failure == nil, "\(r?.failure ?? "")")
    }
}
