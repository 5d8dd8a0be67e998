import Foundation
import Testing

/// Every link of the HTML report leads to its file as a browser reads it: path segments are
/// percent-encoded, so captures and screenshots named with `#`, `?`, `%`, spaces or non-ASCII
/// letters show (red-team finding M13: `capture "step #2"` linked to "step " with the fragment
/// "2.png", and 30 of 120 images showed nothing).
@Suite struct HTMLReportLinkTests {
    static let names = ["step #2", "50% off", "a?b", "%41", "a%20b", "café", "x&y", "#"]

    @Test func everyImageAndVideoLinkLeadsToItsFile() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let captures = Self.names.map { "capture \"\($0)\"" }.joined(separator: " ")
        try tmp.write(
            "s.lua",
            "prototype \"Proto\"\ntest(\"caps\", function() \(captures) end)\n"
                + "test(\"fails\", function() tap \"Open\" expect.scene \"home\" end)\n")
        let r = try Sceneflow.run(["test", "s.lua", "--report", "rep"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let html = try String(contentsOfFile: tmp.file("rep/index.html"), encoding: .utf8)
        let links = html.matches(of: /(?:src|href)="([^"#][^"]*)"/).map { String($0.output.1) }
        #expect(links.count >= Self.names.count, "\(links)")
        for link in links where !link.hasPrefix("http") {
            // What a browser asks for: the query and fragment are not part of the file's path.
            let unescaped = link.replacingOccurrences(of: "&amp;", with: "&")
            let path = try #require(URL(string: unescaped, relativeTo: URL(fileURLWithPath: tmp.file("rep/"))))
            #expect(path.query == nil && path.fragment == nil, "\(link) has a query or fragment")
            #expect(
                FileManager.default.fileExists(atPath: path.path), "\(link) leads to \(path.path), which is not there")
        }
    }
}
