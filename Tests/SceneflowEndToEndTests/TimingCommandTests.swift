import Foundation
import SceneflowCore
import Testing

/// `sceneflow timing` on timelines, and `play --timeline/--csv` writing them.
@Suite struct TimingCommandTests {
    /// A timeline with one crossfade (steady 60 Hz) and one push with a 50 ms frame gap.
    static func writeSample(_ tmp: TempFolder, name: String, crossfade: Double = 0.35) throws -> String {
        func record(_ from: String, _ to: String, _ kind: TransitionKind, _ d: Double, start: Double, gapAt: Int?)
            -> TransitionRecord
        {
            var r = TransitionRecord(from: from, to: to, transition: Transition(kind: kind, duration: d), start: start)
            var t = start
            while r.completion == nil {
                r.frames.append(FrameSample(clock: t))
                if t + 1e-9 >= start + d { r.completion = t }
                t += (r.frames.count == gapAt ? 0.05 : 1.0 / 60)
            }
            return r
        }
        let doc = TimelineDocument(runs: [
            TimelineRun(
                name: "play", prototype: "Notes", clock: .wall,
                transitions: [
                    record("note", "checklist", .crossfade, crossfade, start: 1, gapAt: nil),
                    record("checklist", "note", .pushLeft, 0.3, start: 3, gapAt: 5),
                ], events: [])
        ])
        return try tmp.write(name, doc.jsonData())
    }

    @Test func printsATableAndWritesAWellFormedChart() throws {
        let tmp = try TempFolder()
        let file = try Self.writeSample(tmp, name: "a.json")
        let r = try Sceneflow.run(["timing", file, "--svg", tmp.file("chart.svg")])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("2 transitions in 1 run (wall clock)"), "\(r)")
        let rows = r.outputLines.filter { $0.contains(" -> ") && !$0.contains("from -> to") }
        #expect(rows.count == 2, "\(r)")
        #expect(rows[0].contains("note -> checklist") && rows[0].contains("crossfade") && rows[0].contains("350 ms"))
        #expect(rows[1].contains("push_left") && rows[1].contains("on time"))
        let svg = try String(contentsOfFile: tmp.file("chart.svg"), encoding: .utf8)
        #expect(svg.components(separatedBy: "class=\"measured\"").count - 1 == 2)
        #expect(svg.components(separatedBy: "class=\"hitch\"").count - 1 == 1)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint") {
            let lint = Process()
            lint.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
            lint.arguments = ["--noout", tmp.file("chart.svg")]
            try lint.run()
            lint.waitUntilExit()
            #expect(lint.terminationStatus == 0)
        } else {
            print("skipping the xmllint check: xmllint is not installed (apt install libxml2-utils)")
        }
    }

    @Test func comparesTwoRunsSideBySide() throws {
        let tmp = try TempFolder()
        let a = try Self.writeSample(tmp, name: "a.json", crossfade: 0.25)
        let b = try Self.writeSample(tmp, name: "b.json", crossfade: 0.35)
        let r = try Sceneflow.run(["timing", a, b, "--svg", tmp.file("both.svg")])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("A = \(a)") && r.stdout.contains("B = \(b)"), "\(r)")
        let first = r.outputLines.first { $0.contains("note -> checklist") } ?? ""
        #expect(first.contains("250 | 350 ms") && first.contains("+100 ms"), "\(r)")
        let svg = try String(contentsOfFile: tmp.file("both.svg"), encoding: .utf8)
        #expect(svg.contains("A: play") && svg.contains("B: play"))
    }

    @Test func badTimelinesExit65NamingFileAndPath() throws {
        let tmp = try TempFolder()
        let bad = try tmp.write(
            "bad.json", #"{"schema": "sceneflow.timeline", "schema_version": 1, "runs": [{"name": 3}]}"#)
        let r = try Sceneflow.run(["timing", bad])
        #expect(r.status == 65, "\(r)")
        #expect(r.stderr.contains("\(bad): runs[0].name: expected a string"), "\(r)")
        let garbage = try tmp.write("garbage.json", "not json at all")
        let g = try Sceneflow.run(["timing", garbage])
        #expect(g.status == 65 && g.stderr.contains("\(garbage): not valid JSON"), "\(g)")
        let missing = try Sceneflow.run(["timing", tmp.file("absent.json")])
        #expect(missing.status == 65 && missing.stderr.contains("absent.json: cannot read"), "\(missing)")
        let three = try Sceneflow.run(["timing", bad, bad, bad])
        #expect(three.status == 64, "\(three)")
        #expect(r.didNotCrash && g.didNotCrash)
    }

    @Test func playWritesTheTimelineWhenTheWindowCloses() throws {
        let tmp = try TempFolder()
        let r = try Sceneflow.run(
            [
                "play", "Prototypes/Notes", "--quit-after", "0.3", "--timeline", tmp.file("play.json"), "--csv",
                tmp.file("play.csv"),
            ], timeout: 30)
        #expect(r.status == 0, "\(r)")
        let doc = try TimelineDocument.read(tmp.file("play.json"))
        #expect(doc.runs.count == 1 && doc.runs[0].name == "play" && doc.runs[0].clock == .wall)
        #expect(doc.runs[0].prototype == "Notes")
        let csv = try String(contentsOfFile: tmp.file("play.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("run,index,from,to,kind"))
        let noFolder = try Sceneflow.run(["play", "Prototypes/Notes", "--timeline", tmp.file("no/such/t.json")])
        #expect(noFolder.status == 64 && noFolder.stderr.contains("the folder"), "\(noFolder)")
        #expect(noFolder.stderr.contains("no/such does not exist"), "names the missing folder: \(noFolder)")
        let aFolder = try Sceneflow.run(["play", "Prototypes/Notes", "--csv", tmp.path])
        #expect(aFolder.status == 64 && aFolder.stderr.contains("is a folder; give a file name"), "\(aFolder)")
    }
}
