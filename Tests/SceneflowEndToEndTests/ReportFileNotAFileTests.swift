import Foundation
import Testing

/// A capture or failure artifact is written only as a file of its own in the report folder:
/// something else at its name (a symbolic link to `/dev/stdout`, a FIFO, a folder) is not
/// written through; the check or the artifact fails naming it. A link to `/dev/stdout` made
/// the capture's bytes go into a worker's private output while the reports listed it as
/// written (red-team 16 B-F3).
@Suite struct ReportFileNotAFileTests {
    @Test(arguments: ["link to /dev/stdout", "fifo", "folder"])
    func aCaptureOrArtifactPlaceThatIsNotAFileIsNotWrittenThrough(_ kind: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("u.lua", "prototype \"Proto\"\ntest(\"t\", function() capture \"c1\" error(\"boom\") end)\n")
        for folder in ["R/captures/u/01-t", "R/artifacts/u/01-t"] {
            try FileManager.default.createDirectory(atPath: tmp.file(folder), withIntermediateDirectories: true)
        }
        for path in ["R/captures/u/01-t/c1.png", "R/artifacts/u/01-t/frame.png"].map(tmp.file) {
            switch kind {
            case "fifo": #expect(mkfifo(path, 0o644) == 0)
            case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            default: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/stdout")
            }
        }
        let r = try Sceneflow.run(["test", "u.lua", "--report", "R"], in: tmp.url, timeout: 60)
        #expect(r.didNotCrash && !r.timedOut && r.status == 1, "\(kind): \(r)")
        #expect(r.stdout.contains("c1.png: it is "), "\(kind): \(r.stdout)")
        #expect(r.stdout.contains("frame.png: it is "), "\(kind): \(r.stdout)")
        let json = try String(contentsOfFile: tmp.file("R/results.json"), encoding: .utf8)
        #expect(!json.contains("01-t/c1.png\"") && !json.contains("01-t/frame.png\""), "\(kind): \(json)")
        #expect(!r.stdout.contains("\u{89}PNG"), "\(kind): the PNG went to standard output")
    }
}
