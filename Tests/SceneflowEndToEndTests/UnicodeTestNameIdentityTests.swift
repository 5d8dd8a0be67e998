import Foundation
import Testing

/// A test's identity is its exact text. Two names of one file that are the same text in two
/// Unicode forms (`"caf\u{E9}"` precomposed, `"cafe\u{301}"` with a combining accent) were both
/// accepted, and `--last-failed`, comparing Swift strings canonically, took them for one test
/// and reran the passing one too. Such a file is refused (a report reader cannot tell the two
/// apart), naming both lines, in every command and report; and `--last-failed` matches names
/// by their exact text.
@Suite struct UnicodeTestNameIdentityTests {
    static let twins = """
        prototype "Proto"
        test("caf\u{E9}", function() error("boom") end)
        test("plain", function() end)
        test("cafe\u{301}", function() end)

        """

    @Test(arguments: [
        [], ["--jobs", "2"], ["--list"], ["--tap"], ["--json", "r.json", "--junit", "r.xml", "--report", "rep"],
    ])
    func namesInTwoUnicodeFormsAreRefusedAtTheirLines(_ options: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("u.lua", Self.twins)
        try tmp.write("ok.lua", "prototype \"Proto\"\ntest(\"fine\", function() end)\n")
        let run = try Sceneflow.run(["test", "u.lua", "ok.lua"] + options, in: tmp.url)
        #expect(run.didNotCrash, "\(options): \(run)")
        #expect(run.status == 65, "\(options): \(run)")
        let message =
            "test \"cafe\u{301}\" (line 4) has the name of the test at line 2 in another Unicode form (\"cafe\\u{301}\" and \"caf\\u{E9}\"): a report cannot tell them apart; rename one"
        var text = run.output
        for name in ["r.json", "r.xml", "rep/index.html"] {
            text += (try? String(contentsOfFile: tmp.file(name), encoding: .utf8)) ?? ""
        }
        // TAP's YAML escapes the quotes and backslashes, HTML the quotes: the words are in each.
        let words = options == ["--tap"] ? "has the name of the test at line 2 in another Unicode form" : message
        #expect(
            text.contains(words) || text.contains(words.replacingOccurrences(of: "\"", with: "&quot;")),
            "\(options): \(text)")
        #expect(text.contains("u.lua:4") || text.contains("line: 4") || options == ["--list"], "\(options): \(text)")
    }

    /// `--last-failed` reruns the test whose exact name failed: after a failing `"cafe\u{301}"`
    /// is renamed to `"caf\u{E9}"`, the renamed test is not taken for it (it is named as no
    /// longer declared).
    @Test func lastFailedMatchesTheExactName() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "n.lua",
            "prototype \"Proto\"\ntest(\"cafe\u{301}\", function() error(\"boom\") end)\ntest(\"other\", function() end)\n"
        )
        let cache: [String: String?] = ["XDG_CACHE_HOME": tmp.file("cache")]
        let first = try Sceneflow.run(["test", "n.lua"], in: tmp.url, environment: cache)
        #expect(first.status == 1, "\(first)")
        try tmp.write(
            "n.lua", "prototype \"Proto\"\ntest(\"caf\u{E9}\", function() end)\ntest(\"other\", function() end)\n")
        let again = try Sceneflow.run(["test", "n.lua", "--last-failed"], in: tmp.url, environment: cache)
        #expect(again.didNotCrash, "\(again)")
        #expect(!again.stdout.contains("PASS"), "the renamed test is another test: \(again)")
        #expect(again.stderr.contains("no longer declared"), "\(again)")
    }
}
