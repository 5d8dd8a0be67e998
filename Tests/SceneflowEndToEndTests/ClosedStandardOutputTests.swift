import Foundation
import Testing

/// Every stream a command writes to standard output behaves the same when standard output was
/// closed (`>&-`), full or open for reading only: the console, `--tap`, reports named `-`, and
/// the data of `inspect`, `check`, `graph` and `help` fail with "standard output: it is closed"
/// (or why else it could not be written) on standard error and exit 70, as
/// `--junit - >&-` did (red-team finding Q7: `--tap >&-` lost the whole TAP stream with exit
/// 0). The report files of such a run are still written.
@Suite struct ClosedStandardOutputTests {
    /// Command lines (run in a copy of the streams corpus folder: ok.lua, fail.lua, proto) that
    /// write to standard output.
    static let writers = [
        "sceneflow test ok.lua",
        "sceneflow test fail.lua",
        "sceneflow test ok.lua --tap",
        "sceneflow test fail.lua --tap",
        "sceneflow test ok.lua --junit -",
        "sceneflow test ok.lua --json -",
        "sceneflow test ok.lua fail.lua --tap --jobs 2",
        "sceneflow inspect proto",
        "sceneflow check proto",
        "sceneflow graph proto",
        "sceneflow help api",
    ]

    static func shell(_ line: String) throws -> RunResult {
        let tmp = try TempFolder()
        let source = BadInputCase.root.appendingPathComponent("streams")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: tmp.url.appendingPathComponent(name))
        }
        let folder = try #require(Sceneflow.binary).deletingLastPathComponent().path
        let path = folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try Sceneflow.run(
            ["-c", line], in: tmp.url, environment: ["PATH": path], timeout: 60,
            executable: URL(fileURLWithPath: "/bin/bash"))
    }

    @Test func everyWriterToAClosedStandardOutputFailsWithExit70() throws {
        for line in Self.writers {
            let r = try Self.shell(line + " >&-")
            #expect(r.didNotCrash, "\(line): \(r)")
            #expect(r.status == 70, "\(line) >&-: \(r)")
            #expect(r.stderr.contains("standard output: it is closed"), "\(line) >&-: \(r)")
            // The same stream into a full standard output fails the same way.
            let full = try Self.shell(line + " >/dev/full")
            #expect(full.status == 70, "\(line) >/dev/full: \(full)")
            #expect(full.stderr.contains("standard output: No space left on device"), "\(line) >/dev/full: \(full)")
            // And into one opened for reading only (red-team 11 R5: exit 0, nothing said).
            let readOnly = try Self.shell(line + " 1</dev/null")
            #expect(readOnly.status == 70, "\(line) 1</dev/null: \(readOnly)")
            #expect(
                readOnly.stderr.contains("standard output: it is open for reading only"),
                "\(line) 1</dev/null: \(readOnly)")
        }
    }

    @Test func theReportFilesAreStillWritten() throws {
        let quiet = try Self.shell(
            "sceneflow test ok.lua --quiet --json j.json >&-; s=$?; test -s j.json && echo ok >&2; exit $s")
        #expect(quiet.status == 70, "the summary line is lost: \(quiet)")
        #expect(quiet.stderr.contains("ok"), "\(quiet)")
        let reports = try Self.shell(
            "sceneflow test ok.lua fail.lua --tap --junit j.xml --json j.json >&-; s=$?; test -s j.xml && test -s j.json && echo written >&2; exit $s"
        )
        #expect(reports.status == 70, "\(reports)")
        #expect(reports.stderr.contains("written"), "\(reports)")
    }
}
