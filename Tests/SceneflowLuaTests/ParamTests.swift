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

    /// Lua reads a hexadecimal integer modulo 2^64 (`0xffffffffffffffff` is -1), so a
    /// `--param` whose hexadecimal value does not fit a 64-bit integer would reach the script
    /// as another number: it is refused, naming the value. Those that fit read as written.
    @Test(arguments: ["0xffffffffffffffff", "0x8000000000000000", "-0x8000000000000001", "0X10000000000000000"])
    func hexadecimalValuesThatWrapAreRefused(_ value: String) throws {
        #expect(
            try Self.run("param(\"n\", 1)", ["n": value]).failure
                == "param(\"n\", 1): --param n=\(value) does not fit a 64-bit integer (the default is a number)")
    }

    @Test func hexadecimalValuesThatFitReadAsWritten() throws {
        let r = try Self.run(
            """
            expect(param("max", 1)).to_be(math.maxinteger)
            expect(param("small", 1)).to_be(16)
            expect(param("neg", 1)).to_be(-16)
            expect(param("lead", 1)).to_be(255)
            expect(param("float", 1)).to_be(1.5)
            expect(param("min", 1)).to_be(math.mininteger)
            """,
            [
                "max": "0x7fffffffffffffff", "small": " 0x10 ", "neg": "-0x10", "lead": "0x00000000000000000ff",
                "float": "0x1.8",
                "min": "-0x8000000000000000",
            ])
        #expect(r.failure == nil, "\(r.failure ?? "")")
    }
}
