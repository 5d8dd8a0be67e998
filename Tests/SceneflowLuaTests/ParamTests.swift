import SceneflowCore
import Testing

@testable import SceneflowLua

/// `param(key [, default])` (issue 20): the run's `--param` values, converted to the default's
/// type, nil or the default when absent.
@Suite struct ParamTests {
    typealias H = ScriptAPIHarness

    static func run(_ body: String, _ parameters: [String: String]) throws -> ScriptAPIHarness.Result {
        try #require(try H.run("test(\"t\", function()\n\(body)\nend)\n", parameters: parameters)["t"])
    }

    @Test func valuesConvertToTheDefaultsType() throws {
        let r = try Self.run(
            """
            expect(param("s")).to_be("x")
            expect(param("n", 1)).to_be(2.5)
            expect(param("yes", false)).to_be(true)
            expect(param("off", true)).to_be(false)
            expect(param("absent")).to_be_nil()
            expect(param("absent", false)).to_be(false)
            expect(param("s", "d")).to_be("x")
            """, ["s": "x", "n": "2.5", "yes": "YES", "off": "off"])
        #expect(r.failure == nil, "\(r.failure ?? "")")
    }

    @Test func badKeysAndValuesNameTheProblem() throws {
        #expect(
            try Self.run("param(1)", [:]).failure == "param: expected a parameter name (a string), got 1")
        #expect(
            try Self.run("param(\"b\", true)", ["b": "maybe"]).failure
                == "param(\"b\", true): --param b=maybe is not true or false (the default is a boolean)")
    }
}
