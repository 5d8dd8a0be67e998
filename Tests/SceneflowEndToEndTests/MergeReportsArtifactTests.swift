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
        #expect(html.contains(" merge-reports --report. "), "the footer names the command that wrote the page")
        #expect(!html.contains(" test --report. "), "\(html.suffix(300))")
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

    /// Red-team finding: a stale `rep/artifacts/…/frame.png` in the merging folder (an older
    /// run's) was shown as the shard's failure frame, beside the shard's own timeline.txt.
    /// Every artifact path the shard's JSON names (failure frames, element trees, timelines,
    /// captures) is planted as a stale file in the merging folder: every merged report (HTML,
    /// JSON, JUnit) links only the shard's own files, and one test's files come from one place.
    @Test func staleFilesInTheMergingFolderNeverStandInForTheShards() throws {
        let tmp = try TempFolder()
        try tmp.prototype("shard1/Proto")
        try tmp.write(
            "shard1/T/t.lua",
            "prototype \"../Proto\"\ntest(\"f\", function() tap \"Open\"; capture(\"cap\"); expect.scene \"home\" end)\n"
        )
        let run = try Sceneflow.run(
            ["test", "T", "--report", "rep", "--json", "s1.json"], in: tmp.url.appendingPathComponent("shard1"))
        #expect(run.status == 1, "\(run)")
        let json = try String(contentsOfFile: tmp.file("shard1/s1.json"), encoding: .utf8)
        let named = Set(json.matches(of: /"((?:rep|captures)\/[^"]+\.(?:png|txt))"/).map { String($0.output.1) })
        #expect(named.count >= 4, "frame, elements, timeline and a capture: \(named)")
        for path in named { try tmp.write("merge/\(path)", "stale file of another run\n") }
        let merge = tmp.url.appendingPathComponent("merge")
        let r = try Sceneflow.run(
            ["merge-reports", "../shard1/s1.json", "--report", "out", "--json", "out.json", "--junit", "out.xml"],
            in: merge)
        #expect(r.status == 1, "\(r)")
        var mentioned: Set<String> = []
        for report in ["out/index.html", "out.json", "out.xml"] {
            let text = try String(contentsOfFile: tmp.file("merge/\(report)"), encoding: .utf8)
            for path in named {
                let name = (path as NSString).lastPathComponent
                // Every mention of this artifact goes through the shard's folder.
                let mentions = text.components(separatedBy: path).count - 1
                let own = text.components(separatedBy: "shard1/" + path).count - 1
                if mentions > 0 { mentioned.insert(path) }
                #expect(mentions == own, "\(report) links the stale \(name) of the merging folder: \(path)")
            }
        }
        #expect(mentioned == named, "the merged reports name every artifact")
    }
}
