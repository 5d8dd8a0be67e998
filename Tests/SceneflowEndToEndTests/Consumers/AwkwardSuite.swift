import Foundation
import Testing

/// A generated suite whose test names, warnings, failure messages and skip reasons are built
/// from the characters that TAP, YAML and XML give a meaning to (`#`, `\`, `# TODO`,
/// `# SKIP`, line breaks, quotes, `:` and `- `, `<&>`, control characters, non-ASCII), one
/// test per fragment and kind of result, plus a script in an awkwardly named folder and two
/// that cannot load. Sceneflow's own verdicts (its JSON report) are the reference every
/// consumer's reading is compared with.
struct AwkwardSuite {
    /// What a generated test does.
    enum Kind: String, CaseIterable {
        /// Returns.
        case pass
        /// `log.warn(fragment)`, then returns: passed with warnings.
        case warn
        /// `expect(fragment).to_be("x")`: an expectation fails.
        case expectation
        /// `error(fragment)`: a Lua runtime error.
        case error
        /// `skip(name, fn, fragment)`.
        case skip
    }

    /// The awkward pieces; each test name ends with one (so a trailing `\` meets the `#` of a
    /// directive Sceneflow appends).
    static let fragments: [String] = [
        "#", "# TODO later", "# todo", "#TODO", "# SKIP", "# skip now", "\\# TODO escaped", "C:\\tmp\\# TODO later",
        "\\", "back\\slash", "\\\\server\\share", "\\n not a newline", "line\nbreak # TODO", "carriage\rreturn",
        "crlf\r\nend", "tab\there", "form\u{0C}feed\u{0B}vtab", "bell\u{07}esc\u{1B}", "del\u{7F}x",
        "nel\u{85}x", "line\u{2028}sep\u{2029}par", "nbsp\u{A0}x", "bom\u{FEFF}x", "nonchar\u{FFFE}x",
        "quote \"x\"", "apos 'x'", "colon: value", "key: \"v\" # c", "- dash item", "? question", "&anchor *alias !tag",
        "{flow: [x, y]}", "%percent @at `tick`", "| pipe >", "<tag attr=\"1\"> &amp; ]]>", "ok 1 - fake", "not ok 2",
        "Bail out! stop", "1..3", "TAP version 13", "...", "---", "  leading and trailing  ",
        "Café naïve ✓ 日本語 🙂", "e\u{301} decomposed", "rtl \u{202E}gnp.exe", "[[ATTACHMENT|x.png]]",
    ]

    /// The test folder: `Proto/`, `suite/a.lua` (every fragment × kind), `suite/dir #2/é b.lua`
    /// and two scripts that cannot load.
    let tmp: TempFolder

    /// Writes the suite into a new temporary folder.
    init() throws {
        tmp = try TempFolder()
        try tmp.prototype()
        var script = "prototype \"../Proto\"\n"
        for (index, fragment) in Self.fragments.enumerated() {
            for kind in Kind.allCases {
                let name = Self.lua("\(kind.rawValue) \(index) \(fragment)")
                let text = Self.lua(fragment)
                switch kind {
                case .pass: script += "test(\(name), function() end)\n"
                case .warn: script += "test(\(name), function() log.warn(\(text)) end)\n"
                case .expectation: script += "test(\(name), function() expect(\(text)).to_be(\"x\") end)\n"
                case .error: script += "test(\(name), function() error(\(text)) end)\n"
                case .skip: script += "skip(\(name), function() end, \(text))\n"
                }
            }
        }
        try tmp.write("suite/a.lua", script)
        try tmp.write(
            "suite/dir #2/é b.lua",
            """
            prototype "../../Proto"
            test("opens # TODO", function() tap "Open" end)
            test("fails \\\\# SKIP", function() expect.scene "detail" end)

            """)
        try tmp.write("suite/broken # TODO.lua", "prototype \"../Proto\"\ntest(\"x # TODO\", function()\n")
        try tmp.write("suite/z_missing.lua", "prototype \"../Nowhere # TODO\"\ntest(\"y\", function() end)\n")
    }

    /// `text` as a Lua string literal: printable ASCII as is, every other byte as `\ddd`.
    static func lua(_ text: String) -> String {
        var out = "\""
        for byte in text.utf8 {
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "\\" + String(format: "%03d", byte)
            }
        }
        return out + "\""
    }

    /// One test point as Sceneflow reports it (its JSON report), in report order.
    struct Point {
        /// The script file as the run named it.
        let file: String
        /// The test's name, or nil for a file that could not load.
        let name: String?
        /// Sceneflow's verdict: `passed`, `passed with warnings`, `failed`, `skipped`, … or
        /// `could not load`.
        let verdict: String
        /// The line of the `test(...)` call (0 for a file that could not load).
        let line: Int
        /// The failure's message (the load problem's for a file that could not load).
        let message: String?
        /// The `log.warn` texts.
        let warnings: [String]
        /// The skip reason.
        let skipReason: String?
        /// The outcome as JSON.
        let json: [String: Any]

        /// What a TAP consumer should read: `pass`, `fail` or `skip`.
        var tapVerdict: String {
            switch verdict {
            case "passed", "passed with warnings", "recorded": return "pass"
            case "skipped": return "skip"
            default: return "fail"
            }
        }

        /// A readable name for messages.
        var label: String { "\(file): \(name.map { String(reflecting: $0) } ?? "(could not load)")" }
    }

    /// Runs `sceneflow test suite` with `extra` arguments in the suite's folder (relative
    /// paths), writing the JSON report; returns the run and Sceneflow's points in order.
    func run(_ extra: [String]) throws -> (RunResult, [Point]) {
        let r = try Sceneflow.run(["test", "suite", "--json", "sceneflow.json"] + extra, in: tmp.url)
        #expect(r.status == 65, "a script cannot load: \(r)")
        #expect(r.didNotCrash, "\(r)")
        let data = try Data(contentsOf: URL(fileURLWithPath: tmp.file("sceneflow.json")))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        var points: [Point] = []
        for file in files {
            let path = try #require(file["file"] as? String)
            if let problems = file["loadProblems"] as? [[String: Any]], !problems.isEmpty {
                points.append(
                    Point(
                        file: path, name: nil, verdict: "could not load", line: 0,
                        message: problems[0]["message"] as? String, warnings: [], skipReason: nil, json: problems[0]))
            }
            for outcome in file["outcomes"] as? [[String: Any]] ?? [] {
                let log = outcome["log"] as? [[String: Any]] ?? []
                points.append(
                    Point(
                        file: path, name: outcome["name"] as? String, verdict: outcome["verdict"] as? String ?? "?",
                        line: outcome["line"] as? Int ?? 0,
                        message: (outcome["failure"] as? [String: Any])?["message"] as? String,
                        warnings: log.filter { $0["level"] as? String == "warning" }.compactMap {
                            $0["message"] as? String
                        },
                        skipReason: outcome["skipReason"] as? String, json: outcome))
            }
        }
        #expect(points.count == Self.fragments.count * Kind.allCases.count + 4, "every generated test ran")
        return (r, points)
    }
}
