import Foundation
import Testing

/// `merge-reports` run from another working directory than the shards (a CI merge job that
/// downloaded them into its own layout) still links every capture, failure image and video:
/// artifact paths are looked up from each shard report's own folder; an artifact found nowhere
/// is named in a warning (red-team finding P17: every link of the merged HTML was broken,
/// silently).
@Suite struct MergeReportsArtifactTests {
    /// Three failing files that capture, run as two shards with their report folders.
    static func shards() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        for i in 1...3 {
            try tmp.write(
                "MV/f\(i).lua",
                "prototype \"../Proto\"\ntest(\"f\(i)\", function() tap \"Open\"; capture(\"cap\(i)\"); expect.scene \"home\" end)\n"
            )
        }
        for i in 1...2 {
            let r = try Sceneflow.run(
                ["test", "MV", "--shard", "\(i)/2", "--report", "mv_s\(i)", "--json", "mv_s\(i).json"], in: tmp.url)
            #expect(r.status == 1, "\(r)")
        }
        return tmp
    }

    /// The local files (`src`/`href` values that are not URLs) the HTML links, resolved from
    /// its folder, and which of them are missing.
    static func links(_ html: String, folder: String) -> (all: [String], missing: [String]) {
        let values = html.matches(of: /(?:src|href)="([^"#:]+)"/).map { String($0.output.1) }
            .filter { $0.hasSuffix(".png") || $0.hasSuffix(".mp4") || $0.hasSuffix(".txt") }
        let all = values.map { ($0.removingPercentEncoding ?? $0) }
        let missing = all.filter {
            !FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent($0))
        }
        return (all, missing)
    }

    @Test(arguments: ["sub1", "/"])
    func linksHoldFromAnotherWorkingDirectory(_ place: String) throws {
        let tmp = try Self.shards()
        try FileManager.default.createDirectory(atPath: tmp.file("sub1"), withIntermediateDirectories: true)
        let directory = place == "/" ? URL(fileURLWithPath: "/") : tmp.url.appendingPathComponent(place)
        let out = tmp.file("out")
        let r = try Sceneflow.run(
            ["merge-reports", tmp.file("mv_s1.json"), tmp.file("mv_s2.json"), "--report", out], in: directory)
        #expect(r.status == 1, "\(r)")
        #expect(!r.stderr.contains("not found"), "every artifact exists: \(r.stderr)")
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        let links = Self.links(html, folder: out)
        #expect(links.all.count >= 6, "captures and failure frames: \(links.all)")
        #expect(links.missing.isEmpty, "broken links: \(links.missing)")
        // The same with the shards given by relative paths from the merging folder.
        if place == "sub1" {
            let relative = try Sceneflow.run(
                ["merge-reports", "../mv_s1.json", "../mv_s2.json", "--report", "../out2"], in: directory)
            #expect(relative.status == 1, "\(relative)")
            let html = try String(contentsOfFile: tmp.file("out2/index.html"), encoding: .utf8)
            #expect(Self.links(html, folder: tmp.file("out2")).missing.isEmpty, "\(html.prefix(300))")
        }
    }

    @Test func missingArtifactsAreNamedInAWarning() throws {
        let tmp = try Self.shards()
        try FileManager.default.removeItem(atPath: tmp.file("mv_s1"))
        let r = try Sceneflow.run(["merge-reports", "mv_s1.json", "mv_s2.json", "--report", "out"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        #expect(r.stderr.contains("sceneflow merge-reports: warning: "), "\(r.stderr)")
        #expect(r.stderr.contains("were not found") || r.stderr.contains("was not found"), "\(r.stderr)")
        #expect(r.stderr.contains("mv_s1/"), "names the missing files: \(r.stderr)")
        #expect(!r.stderr.contains("mv_s2/"), "\(r.stderr)")
    }
}
