import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Wrong verdicts the red team found after issue 15 (findings F2, F4, F13): a failure raised
/// inside a coroutine of the script's own and caught by `coroutine.resume`, NaN, infinite,
/// negative or non-number tolerances and durations, and file names that are not UTF-8. Each
/// must fail the test with a clear message, never pass.
@Suite struct ArgumentHardeningTests {
    typealias H = ScriptAPIHarness

    // MARK: F2: failures inside a coroutine of the script's own

    /// Bodies that fail inside a coroutine whose error `coroutine.resume` returns as a value.
    static let insideCoroutine: [String] = [
        #"expect.soft.scene("home")"#,
        #"expect.scene("home")"#,
        #"tap "No such label""#,
        #"wait(1)"#,
        #"expect(1).to_be(2)"#,
        #"expect(1).not_to_be_close_to(1, 0/0)"#,
    ]

    @Test(arguments: insideCoroutine)
    func aFailureCaughtByCoroutineResumeStillFailsTheTest(_ body: String) throws {
        let r = try H.one(
            """
            local co = coroutine.create(function() \(body) end)
            local ok = coroutine.resume(co)
            log.message("resume returned " .. tostring(ok))
            """)
        #expect(r.log.map(\.message) == ["resume returned false"], "the test goes on after resume")
        let failure = try #require(r.failure, "\(body) inside a resumed coroutine passed")
        #expect(failure.contains("raised inside a coroutine of the script's own"), "\(failure)")
    }

    @Test func aCoroutineThatDoesNotFailKeepsTheTestGreen() throws {
        let r = try H.one(
            """
            local co = coroutine.create(function() expect(1).to_be(1); coroutine.yield(2) end)
            local _, v = coroutine.resume(co)
            expect(v).to_be(2)
            """)
        #expect(r.failure == nil, "\(r.failure ?? "")")
    }

    @Test func aFailureInsideCoroutineWrapIsReportedOnce() throws {
        let r = try H.one(#"coroutine.wrap(function() expect(1).to_be(2) end)()"#)
        let failure = try #require(r.failure)
        #expect(failure.contains("expected 1 to be 2"), "\(failure)")
        #expect(!failure.contains("the test fails anyway"), "raised through: no second report: \(failure)")
    }

    // MARK: F4: every number argument of every matcher

    /// The matchers with number arguments, from the API reference (so a new one is covered).
    static var numberMatchers: [(name: String, arguments: [String])] {
        let entries = (try? ScriptAPIReference.entries().entries) ?? []
        return entries.filter { $0.name.hasPrefix("expect(x).") }.compactMap { entry in
            let numbers = entry.arguments.map(\.name).filter { entry.argumentTypes[$0] == "number" }
            return numbers.isEmpty ? nil : (String(entry.name.dropFirst("expect(x).".count)), numbers)
        }
    }

    @Test func everyNumberArgumentOfEveryMatcherRefusesNaNInfinityAndStrings() throws {
        let matchers = Self.numberMatchers
        #expect(matchers.map(\.name).contains("not_to_be_close_to"), "\(matchers)")
        #expect(matchers.count >= 6, "\(matchers)")
        var script = ""
        var cases: [(test: String, argument: String)] = []
        for (name, arguments) in matchers {
            for (position, argument) in arguments.enumerated() {
                let bad = ["0/0", "1/0", "-1/0", "\"x\""] + (argument == "tolerance" ? ["-1"] : [])
                for value in bad {
                    // Valid numbers for the other arguments: 1 for y, 0.5 for a tolerance.
                    let args = arguments.enumerated().map {
                        $0.offset == position ? value : ($0.offset == 0 ? "1" : "0.5")
                    }
                    for soft in ["", ".soft"] {
                        let test = "\(name) \(argument)=\(value)\(soft)"
                        script +=
                            "test(\(luaString(test)), function() expect\(soft)(1).\(name)(\(args.joined(separator: ", "))) end)\n"
                        cases.append((test, argument))
                    }
                }
            }
        }
        let results = try H.run(script)
        for (test, argument) in cases {
            let failure = results[test]?.failure
            #expect(failure?.contains("\(argument) must be a finite number") == true, "\(test): \(failure ?? "PASSED")")
        }
    }

    @Test func transitionDurationAndWithinMustBeFiniteAndNotNegative() throws {
        var script = ""
        var names: [String] = []
        for key in ["duration", "within"] {
            for value in ["0/0", "1/0", "-1"] {
                let name = "\(key)=\(value)"
                names.append(name)
                script += """
                    test(\(luaString(name)), function()
                      tap "Continue"
                      expect.transition{to = "home", duration = 5, \(key) = \(value)}
                    end)

                    """
            }
        }
        let results = try H.run(script)
        for name in names {
            let key = String(name.prefix { $0 != "=" })
            let failure = results[name]?.failure
            #expect(
                failure?.contains("\(key) must be a finite number of seconds >= 0") == true,
                "\(name): \(failure ?? "PASSED")")
        }
    }

    @Test func countRefusesNumbersWithoutAnIntegerForm() throws {
        let r = try H.one(#"expect.count("Continue", 2^63)"#)
        #expect(
            r.failure?.contains("n must be a whole number from 0 to 1e9, got 9.2233720368548e+18") == true,
            "\(r.failure ?? "")")
    }

    // MARK: F13: file names that are not UTF-8

    @Test(arguments: [#"capture "c\xff""#, #"expect.screenshot "shot\xfe""#, #"expect.tree "t\xc3""#])
    func aFileNameThatIsNotUTF8IsRefusedAtItsLine(_ body: String) throws {
        let r = try H.one(body)
        let failure = try #require(r.failure, "\(body) passed")
        #expect(failure.contains("(not valid UTF-8)"), "\(failure)")
        #expect(failure.contains(#"\x"#), "the bytes are shown as written, not as U+FFFD: \(failure)")
        #expect(!failure.contains("\u{FFFD}"), "\(failure)")
        #expect(r.line == 3)
    }

    @Test func aFileNameLongerThanTheFileSystemTakesIsRefusedUpFront() throws {
        let r = try H.one(#"capture(string.rep("x", 300))"#)
        #expect(r.failure?.contains("at most 200 bytes), got 300 bytes") == true, "\(r.failure ?? "")")
    }

    private func luaString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
