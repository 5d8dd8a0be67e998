import Foundation
import SceneflowRunner
import Testing

/// Two scripts whose names differ only in Unicode normalisation (`é.lua` as U+00E9 and as
/// `e` + U+0301) are two files on disk that no report tells apart (red-team finding o14 gave
/// each its own console header; red-team 15 A3 found JUnit and TAP still showed them as one,
/// a PASS and a FAIL): the run is refused before any test, in every console mode, naming both
/// with the decomposed one's accent escaped.
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

    @Test(arguments: [[], ["--quiet"], ["--verbose"], ["--jobs", "2"]])
    func twoFilesInTwoFormsAreRefused(_ mode: [String]) throws {
        let tmp = try Self.folder()
        let r = try Sceneflow.run(["test", "s", "--json", "r.json"] + mode, in: tmp.url, timeout: 120)
        #expect(r.status == 65, "\(r)")
        #expect(
            r.stderr.contains("\"s/cafe\\u{301}.lua\" and \"s/caf\u{E9}.lua\" look the same in a report: rename one"),
            "\(mode): \(r.stderr)")
        #expect(!r.stdout.contains("composed"), "\(mode): \(r.stdout)")
    }
}
