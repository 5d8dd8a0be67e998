import Foundation
import SceneflowRunner
import Testing

/// Two scripts whose names differ only in Unicode normalisation (`é.lua` as U+00E9 and as
/// `e` + U+0301) are two files on disk, and the console keeps them apart as the reports do:
/// each gets its own header line (red-team finding o14: Swift's string equality took them for
/// one file, so the second header was missing and its tests read as the first file's).
@Suite struct NormalisationFileHeaderTests {
    static let composed = "s/caf\u{E9}.lua"
    static let decomposed = "s/cafe\u{301}.lua"

    static func folder() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(composed, "prototype \"../Proto\"\ntest(\"composed\", function() error(\"one\") end)\n")
        try tmp.write(decomposed, "prototype \"../Proto\"\ntest(\"decomposed\", function() error(\"two\") end)\n")
        return tmp
    }

    /// The console's lines that are file headers (they start with the folder).
    static func headers(_ stdout: String) -> [[UInt8]] {
        stdout.split(separator: "\n").filter { $0.hasPrefix("s/") }.map { Array($0.utf8) }
    }

    @Test(arguments: [[], ["--quiet"], ["--verbose"], ["--jobs", "2"]])
    func eachFileHasItsOwnHeader(_ mode: [String]) throws {
        let tmp = try Self.folder()
        let r = try Sceneflow.run(["test", "s", "--json", "r.json"] + mode, in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let headers = Self.headers(r.stdout)
        #expect(
            Set(headers) == [Array(Self.composed.utf8), Array(Self.decomposed.utf8)] && headers.count == 2,
            "\(mode): \(r.stdout)")
        // Each test under its own file's header.
        let lines = r.stdout.split(separator: "\n").map { Array($0.utf8) }
        for (file, test) in [(Self.composed, "composed"), (Self.decomposed, "decomposed")] {
            let header = try #require(lines.firstIndex(of: Array(file.utf8)), "\(r.stdout)")
            #expect(
                header + 1 < lines.count && String(decoding: lines[header + 1], as: UTF8.self).contains(test),
                "\(mode): \(r.stdout)")
        }
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        #expect(report.files.count == 2)
    }
}
