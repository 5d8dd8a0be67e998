import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Two test names of one file that a report shows alike are refused, as names in two Unicode
/// forms are: names that differ only in white space (`"x"` and `"x "`, a no-break space for a
/// space, two spaces for one, a tab), in invisible characters (a zero-width space, a
/// byte-order mark) made a PASS and a FAIL no reader of the console, TAP or JUnit could tell
/// apart (red-team 15 A3). Generated: each way of spelling a name alike, both orders.
@Suite struct LookAlikeTestNameTests {
    /// Ways to write "sign in" that look the same in a report.
    static let variants = [
        "sign in ", " sign in", "sign\u{A0}in", "sign  in", "sign\tin", "sign\u{2003}in", "sign in\u{200B}",
        "si\u{200B}gn in", "\u{FEFF}sign in", "sign \u{2060}in ", "sign\u{2800}in", "sign \u{3164}in",
    ]

    static func load(_ first: String, _ second: String) -> Result<ScriptRuntime, Error> {
        func lua(_ text: String) -> String {
            text.unicodeScalars.map {
                $0 == "\\" || $0 == "\""
                    ? "\\" + String($0)
                    : $0.isASCII && $0.value >= 0x20 && $0 != "\u{7F}"
                        ? String($0) : "\\u{\(String($0.value, radix: 16))}"
            }
            .joined()
        }
        let path = ScriptAPIHarness.write(
            "test(\"\(lua(first))\", function() end)\ntest(\"other\", function() end)\ntest(\"\(lua(second))\", function() error(\"boom\") end)\n"
        )
        return Result { try ScriptRuntime(scriptPath: path) }
    }

    @Test(arguments: variants, [false, true])
    func namesThatLookAlikeAreRefusedAtTheSecondsLine(_ variant: String, _ variantFirst: Bool) throws {
        let (first, second) = variantFirst ? (variant, "sign in") : ("sign in", variant)
        guard case .failure(let error) = Self.load(first, second), let list = error as? DiagnosticList,
            let problem = list.diagnostics.first
        else {
            Issue.record("\(variant.debugDescription) loaded")
            return
        }
        #expect(problem.line == 4, "\(problem)")
        // A tab is written `\t` on the console; TAP, JUnit and HTML show it as white space.
        let whereAlike =
            variant.contains("\t")
            ? "in TAP, which shows both as \"sign in\""
            : "in a report (they differ only in white space, invisible or control characters"
        #expect(problem.message.contains("looks the same as the test at line 2 \(whereAlike)"), "\(problem.message)")
        #expect(problem.message.hasSuffix("a report cannot tell them apart; rename one"), "\(problem.message)")
    }

    /// Names that read differently still load: a space is not nothing, case counts.
    @Test(arguments: [
        ("sign in", "signin"), ("sign in", "Sign in"), ("a b", "a-b"), ("sign in", "sign in 2"),
        ("Area m\u{B2}", "Area m2"),
    ])
    func namesThatReadDifferentlyLoad(_ pair: (String, String)) throws {
        let loaded = try Self.load(pair.0, pair.1).get()
        #expect(loaded.tests.map(\.name) == [pair.0, "other", pair.1])
    }

    /// Control characters: JUnit (XML 1.0) can hold none but tab and line breaks and writes
    /// U+FFFD, TAP a space, so `"x\u{1}"` and `"x\u{2}"` were one name there, a PASS and a
    /// FAIL (red-team 16 A-F1). Two names that differ only in which control character (or
    /// U+FFFD) stands at a place are refused; one name with a control character still loads.
    @Test(arguments: [
        ("x\u{1}", "x\u{2}"), ("x\u{1}", "x\u{FFFD}"), ("a\u{7F}b", "a\u{8}b"), ("x\u{1B}[2J", "x\u{7}[2J"),
    ])
    func namesThatDifferOnlyInControlCharactersAreRefused(_ pair: (String, String)) throws {
        guard case .failure(let error) = Self.load(pair.0, pair.1), let list = error as? DiagnosticList,
            let problem = list.diagnostics.first
        else {
            Issue.record("\(pair) loaded")
            return
        }
        #expect(problem.line == 4 && problem.message.contains("looks the same as the test at line 2"), "\(problem)")
    }

    @Test func oneNameWithAControlCharacterLoads() throws {
        let loaded = try Self.load("x\u{1}", "y\u{1}").get()
        #expect(loaded.tests.map(\.name) == ["x\u{1}", "other", "y\u{1}"])
    }

    /// Each report writes some characters as others: TAP a `#` as `＃` (U+FF03) and a control
    /// character or bidirectional control as a space, the console a control character as the
    /// text `\u{1B}`, the HTML report one as its control picture (`␛`), JUnit as U+FFFD. A
    /// name with the character and one with what it is written as are one name in that report,
    /// a PASS and a FAIL no reader could tell apart (red-team 17 F1, F2). Refused, naming the
    /// report and what it shows.
    @Test(arguments: [
        ("a # b", "a \u{FF03} b", "TAP"), ("x\u{1B}", "x\\u{1B}", "the console"),
        ("x\u{202E}y", "x\\u{202E}y", "the console"), ("x\u{1B}", "x\u{241B}", "the HTML report"),
        ("a\u{1}b", "a b", "TAP"), ("a\u{2066}b", "a b", "TAP"), ("a\tb", "a\\tb", "the console"),
        ("x\u{FFFE}", "x\u{FFFD}", "JUnit"),
    ])
    func namesOneReportWritesAlikeAreRefused(_ pair: (String, String, String)) throws {
        for (first, second) in [(pair.0, pair.1), (pair.1, pair.0)] {
            guard case .failure(let error) = Self.load(first, second), let list = error as? DiagnosticList,
                let problem = list.diagnostics.first
            else {
                Issue.record("\(first.debugDescription) and \(second.debugDescription) loaded")
                continue
            }
            #expect(problem.line == 4, "\(problem)")
            #expect(problem.message.contains("looks the same as the test at line 2 in \(pair.2)"), "\(problem.message)")
            #expect(!problem.message.unicodeScalars.contains { $0.value < 0x20 }, "\(problem.message.debugDescription)")
        }
    }
}
