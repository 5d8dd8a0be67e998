import Foundation
import Testing

/// The HTML report's anchors: every id is unique, and every `#link` of the failures list
/// leads to the test it names, however alike the names are ("a b", "a_b", "a-b", …) and
/// whatever characters they hold; the same for script files whose names differ only in
/// punctuation. (Two names one file declares in two Unicode forms of one text, `"é"` and
/// `"e\u{301}"`, or that differ only in white space, `"a b"` and `"a  b"`, which HTML shows
/// alike, are a load error: see UnicodeTestNameIdentityTests and LookAlikeTestNameTests.)
@Suite struct HTMLAnchorTests {
    @Test func anchorsAreUniqueAndLinksLeadToTheirTest() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let names = ["a b", "a_b", "a-b", "A B", "a.b", "a/b", "a#b", "\"a\" <b>", "é", "e\u{300}", "日本"]
        var script = "prototype \"../Proto\"\n"
        for name in names { script += "test(\(AwkwardSuite.lua(name)), function() expect.scene \"detail\" end)\n" }
        try tmp.write("s/x-y.lua", script)
        try tmp.write("s/x_y.lua", script)
        let r = try Sceneflow.run(["test", "s", "--report", "report"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        let html = try String(contentsOfFile: tmp.file("report/index.html"), encoding: .utf8)
        let ids = html.matches(of: /\sid="([^"]*)"/).map { String($0.output.1) }
        #expect(ids.count == names.count * 2 + 2, "one id per test and per file: \(ids)")
        let repeated = Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys
        #expect(repeated.isEmpty, "ids used more than once: \(repeated.sorted())")
        // Each link of the failures list jumps to the article of the test whose name it shows.
        let links = html.matches(of: /<li><a href="#([^"]*)">([^<]*)<\/a>/).map {
            (String($0.output.1), String($0.output.2))
        }
        #expect(links.count == names.count * 2, "\(links.count) links")
        for (target, shown) in links {
            let article = try #require(html.range(of: "id=\"\(target)\""), "no element with id \(target)")
            let rest = html[article.upperBound...]
            let heading = try #require(rest.firstMatch(of: /<h3>([^<]*)<\/h3>/)?.output.1)
            #expect(String(heading) == shown, "#\(target) leads to \(heading), the link says \(shown)")
        }
        // The two files' links are told apart too.
        let firstOfEach = links.filter { $0.1 == "a b" }.map(\.0)
        #expect(Set(firstOfEach).count == 2, "\(firstOfEach)")
    }
}
