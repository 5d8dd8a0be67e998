import Foundation
import Testing

/// A stop signal during `merge-reports` never leaves a set of reports that disagree without a
/// word: before any report is written the merge ends with 128 + n, writes none and says so (a
/// file already at an output path is named as not this merge's); once writing began, every
/// report is finished and standard error says the signal came then (red-team 24 F3: killed
/// silently, it left this merge's JUnit beside an older merge's JSON).
@Suite struct MergeReportsStopTests {
    @Test func aStopSignalIsNamedAndLeavesNoHalfMerge() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        for f in 1...10 {
            try tmp.write(
                "big/f\(f).lua",
                "prototype \"../Proto\"\nfor i = 1, 150 do test(\"t\" .. i, function() for k = 1, 30 do log.message(string.rep(\"x\", 200) .. k) end end) end\n"
            )
        }
        for shard in ["1/2", "2/2"] {
            let r = try Sceneflow.run(
                ["test", "big", "--shard", shard, "--json", "b\(shard.prefix(1)).json"], in: tmp.url, timeout: 300)
            #expect(r.status == 0, "\(r)")
        }
        var judged = false
        for delay in [0.05, 0.1, 0.2, 0.4, 0.8] {
            try? FileManager.default.removeItem(atPath: tmp.file("m.xml"))
            try tmp.write("m.json", "{\"stale\": \"an earlier merge\"}\n")
            let process = Process()
            process.executableURL = try #require(Sceneflow.binary)
            process.arguments = ["merge-reports", "b1.json", "b2.json", "--junit", "m.xml", "--json", "m.json"]
            process.currentDirectoryURL = tmp.url
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(delay * 1_000_000))
            kill(process.processIdentifier, SIGTERM)
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let json = try String(contentsOfFile: tmp.file("m.json"), encoding: .utf8)
            if process.terminationReason == .uncaughtSignal {
                // Killed while the process started, before its handler was in place: nothing
                // was written.
                #expect(json.contains("stale") && !FileManager.default.fileExists(atPath: tmp.file("m.xml")))
            } else if process.terminationStatus == 143 {
                judged = true
                #expect(
                    stderr.contains("sceneflow merge-reports: stopped by SIGTERM before any report was written"),
                    "\(stderr)")
                #expect(stderr.contains("m.xml, m.json not written (a file already there is not this merge's)"))
                #expect(json.contains("stale") && !FileManager.default.fileExists(atPath: tmp.file("m.xml")))
            } else {
                // Finished: every report is this merge's.
                #expect(process.terminationStatus == 0, "\(stderr)")
                #expect(!json.contains("stale") && FileManager.default.fileExists(atPath: tmp.file("m.xml")))
                if !stderr.isEmpty {
                    #expect(stderr.contains("arrived while the reports were written: they are whole"), "\(stderr)")
                }
            }
        }
        #expect(judged, "no signal came before the merge ended")
    }
}
