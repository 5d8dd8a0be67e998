import Foundation
import Testing

@testable import SceneflowLua

/// `to_be_close_to` compares the mathematical difference |x − y| with the tolerance, whatever
/// the numbers: Lua's integer subtraction wraps around (red-team 11 R1:
/// `expect(math.mininteger).to_be_close_to(0)` passed, as mininteger − 0 is mininteger and its
/// absolute value is mininteger again, below any tolerance), and a float beside a large integer
/// rounds it (2^53 + 1 and 2^53.0 were "within 0"). Every pair of extreme numbers is checked
/// against the exact difference, negated too, as `expect.value` compares a number.
@Suite struct CloseToExactDifferenceTests {
    typealias H = ScriptAPIHarness

    /// Integers (as Lua source and as their exact value) from the ends of Lua's range, around
    /// 2^53 where doubles stop holding every integer, and small ones; and whole floats.
    static let numbers: [(lua: String, exact: Int128)] = [
        ("math.mininteger", Int128(Int64.min)), ("math.maxinteger", Int128(Int64.max)), ("0", 0), ("-1", -1),
        ("1", 1), ("9007199254740993", 9_007_199_254_740_993), ("-9007199254740993", -9_007_199_254_740_993),
        ("4611686018427387904", 4_611_686_018_427_387_904), ("9007199254740992.0", 9_007_199_254_740_992),
        ("-9223372036854775808.0", Int128(Int64.min)),
        // Floats just past the integer range (red-team 12 S3: 2^63 was taken as maxinteger).
        ("2^63", Int128(1) << 63), ("2^64", Int128(1) << 64), ("-(2^63 + 4096)", -(Int128(1) << 63) - 4096),
    ]
    /// Tolerances around the differences the numbers above can have (2^63 ≈ 9.2e18, 2^64 ≈ 1.8e19).
    static let tolerances: [(lua: String, value: Double)] = [
        ("0", 0), ("1", 1), ("0.5", 0.5), ("1e-9", 1e-9), ("1e19", 1e19), ("2e19", 2e19), ("1e300", 1e300),
    ]

    /// Whether |x − y| <= tolerance, exactly.
    static func close(_ x: Int128, _ y: Int128, _ tolerance: Double) -> Bool {
        let difference = x >= y ? x - y : y - x
        if tolerance >= 0x1p100 { return true }  // past any difference of the numbers above
        return difference <= Int128(tolerance.rounded(.down))
    }

    @Test(arguments: numbers.indices)
    func theDifferenceIsExactForEveryPair(_ first: Int) throws {
        let x = Self.numbers[first]
        var script = ""
        var expected: [String: Bool] = [:]
        for (j, y) in Self.numbers.enumerated() {
            for (k, tolerance) in Self.tolerances.enumerated() {
                let holds = Self.close(x.exact, y.exact, tolerance.value)
                for negated in [false, true] {
                    let name = "\(j) \(k) \(negated)"
                    let matcher = negated ? "not_to_be_close_to" : "to_be_close_to"
                    script +=
                        "test(\"\(name)\", function() expect(\(x.lua)).\(matcher)(\(y.lua), \(tolerance.lua)) end)\n"
                    expected[name] = negated ? !holds : holds
                }
            }
        }
        let results = try H.run(script)
        #expect(results.count == expected.count)
        for (name, passes) in expected {
            let failure = results[name]?.failure
            let parts = name.split(separator: " ").compactMap { Int($0) }
            #expect(
                (failure == nil) == passes,
                "expect(\(x.lua)).\(name.hasSuffix("true") ? "not_" : "")to_be_close_to(\(Self.numbers[parts[0]].lua), \(Self.tolerances[parts[1]].lua)): \(failure ?? "passed")"
            )
        }
    }

    /// `expect.value` compares a number with an element's value within 1e-9 by the same exact
    /// difference (a value written as text, "0", read as the integer 0).
    @Test func anElementsValueIsComparedByTheExactDifference() throws {
        let prototype = ScriptAPIHarness.prototype.replacingOccurrences(
            of: "value = 2, kind = \"stepper\"",
            with: "value = 2, kind = \"stepper\" },\n{ label = \"Zero\", frame = { 200, 780, 100, 10 }, value = \"0\"")
        let results = try H.run(
            """
            test("min", function() expect.value("Zero", math.mininteger, { timeout = 0 }) end)
            test("zero", function() expect.value("Zero", 0, { timeout = 0 }) end)
            test("not min", function() expect.not_value("Zero", math.mininteger, { timeout = 0 }) end)
            """, prototype: prototype)
        #expect(results["min"]?.failure != nil, "expect.value(0, mininteger) passed")
        #expect(results["zero"]?.failure == nil, "\(results["zero"]?.failure ?? "")")
        #expect(results["not min"]?.failure == nil, "\(results["not min"]?.failure ?? "")")
    }
}
