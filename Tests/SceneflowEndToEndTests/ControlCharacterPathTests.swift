import Foundation
import SceneflowRunner
import Testing

/// A script path holding a line break or another control character is shown escaped on the
/// console (`HN/n\nl.lua`, one line), in the failure's `file:line:`, the header and the saved
/// artifacts, and its artifact folder's name holds none (`_` with the path's hash), as test
/// names and messages are escaped; the reports keep the path itself, as their format escapes
/// it. With `--jobs 1` and `--jobs 2`.
@Suite struct ControlCharacterPathTests {
    static let names = ["n\nl", "t\tab", "e\u{1B}[2Jsc", "c\rr"]

    @Test(arguments: names, ["1", "2"])
    func aPathIsShownOnOneLineAndItsArtifactFolderHoldsNoControlCharacter(_ name: String, jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("HN/\(name).lua", "prototype \"../Proto\"\ntest(\"t\", function() error(\"boom\") end)\n")
        let r = try Sceneflow.run(
            ["test", "HN", "--report", "rep", "--jobs", jobs, "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let shown =
            "HN/"
            + name.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\u{1B}", with: "\\u{1B}").replacingOccurrences(of: "\r", with: "\\r") + ".lua"
        #expect(r.stdout.contains("\n\(shown)\n") || r.stdout.hasPrefix("\(shown)\n"), "header: \(r.stdout)")
        #expect(r.stdout.contains("\(shown):2: boom"), "failure: \(r.stdout)")
        for line in r.stdout.split(separator: "\n") {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }, "\(line)")
        }
        // The artifact folder: no control character, and the console names it as it is.
        let folders = try FileManager.default.contentsOfDirectory(atPath: tmp.file("rep/artifacts"))
        #expect(folders.count == 1, "\(folders)")
        for folder in folders {
            #expect(!folder.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(folder)")
            #expect(r.stdout.contains("saved rep/artifacts/\(folder)/"), "\(r.stdout)")
        }
        // The JSON report keeps the path as it is (JSON escapes it).
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        #expect(report.files.map(\.file) == ["HN/\(name).lua"])
        let tap = try Sceneflow.run(["test", "HN", "--tap", "--jobs", jobs], in: tmp.url, timeout: 120)
        for line in tap.stdout.split(separator: "\n") {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }, "TAP: \(line)")
        }
        #expect(tap.stdout.contains("# HN/") || tap.stdout.contains("HN/"), "\(tap.stdout)")
    }
}
