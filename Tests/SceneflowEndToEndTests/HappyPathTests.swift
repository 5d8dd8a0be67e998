import Foundation
import Testing

/// The real sample prototypes and scripts, run through the built binary.
@Suite struct HappyPathTests {
    @Test func checkNotesSampleReportsFiveScenes() throws {
        let r = try Sceneflow.run(["check", "Prototypes/Notes"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("Prototypes/Notes: 5 scenes, "), "\(r)")
        #expect(r.stdout.contains("0 warnings"), "\(r)")
        #expect(r.stderr.isEmpty, "\(r)")
    }

    @Test func testAllSampleScriptsPasses() throws {
        let r = try Sceneflow.run(["test", "Scripts"], timeout: 240)
        #expect(r.status == 0, "\(r)")
        let last = try #require(r.outputLines.last)
        #expect(last.wholeMatch(of: /\d+ passed, 0 failed(, \d+ skipped)?/) != nil, "\(r)")
        let passed = Int(last.prefix { $0.isNumber }) ?? 0
        #expect(passed >= 12, "the four sample suites hold at least 12 tests: \(last)")
        #expect(passed == r.outputLines.filter { $0.hasPrefix("  PASS  ") }.count)
        #expect(!r.stdout.contains("FAIL"), "\(r)")
        #expect(r.didNotCrash)
    }

    @Test func renderSceneWritesFullSizePNG() throws {
        let tmp = try TempFolder()
        let out = tmp.file("note.png")
        let r = try Sceneflow.run(["render", "Prototypes/Notes", "--scene", "note", "--out", out])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("wrote \(out) (1080x2400 px)"), "\(r)")
        let size = try #require(PNGWriter.size(of: try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(size.width == 1080 && size.height == 2400)
    }

    @Test func renderTransitionMomentDiffersFromBothEnds() throws {
        let tmp = try TempFolder()
        let mid = tmp.file("mid.png")
        let from = tmp.file("from.png")
        let to = tmp.file("to.png")
        let r = try Sceneflow.run([
            "render", "Prototypes/Notes", "--scene", "note", "--to", "settings",
            "--transition", "push_left", "--at", "0.175", "--out", mid,
        ])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("(1080x2400 px)"), "\(r)")
        _ = try Sceneflow.run(["render", "Prototypes/Notes", "--scene", "note", "--out", from])
        _ = try Sceneflow.run(["render", "Prototypes/Notes", "--scene", "settings", "--out", to])
        let midData = try Data(contentsOf: URL(fileURLWithPath: mid))
        let size = try #require(PNGWriter.size(of: midData))
        #expect(size.width == 1080 && size.height == 2400)
        #expect(
            midData != (try Data(contentsOf: URL(fileURLWithPath: from))),
            "halfway through a push is not the outgoing scene")
        #expect(
            midData != (try Data(contentsOf: URL(fileURLWithPath: to))),
            "halfway through a push is not the incoming scene")
    }

    @Test func testWithFramesWritesPNGsAndSummary() throws {
        let tmp = try TempFolder()
        let frames = tmp.file("frames")
        let r = try Sceneflow.run(["test", "Scripts/Notes/walk_flow.lua", "--frames", frames], timeout: 180)
        #expect(r.status == 0, "\(r)")
        let folder = (frames as NSString).appendingPathComponent("Scripts-Notes-walk_flow")
        #expect(
            r.outputLines.contains("frames and summary.txt written to \(folder)/"),
            "the real folder, not a placeholder: \(r)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let pngs = files.filter { $0.hasSuffix(".png") }
        #expect(pngs.count >= 5, "\(files)")
        for png in pngs.prefix(3) {
            let size = PNGWriter.size(
                of: try Data(contentsOf: URL(fileURLWithPath: (folder as NSString).appendingPathComponent(png))))
            #expect(size?.width == 1080 && size?.height == 2400, "\(png)")
        }
        let summary = try String(
            contentsOfFile: (folder as NSString).appendingPathComponent("summary.txt"), encoding: .utf8)
        let names = r.outputLines.filter { $0.hasPrefix("  PASS  ") }.map { line in
            String(line.dropFirst("  PASS  ".count).prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
        }
        #expect(names.count == 3, "\(r)")
        for name in names { #expect(summary.contains("PASS  \(name)"), "summary.txt names \"\(name)\"") }
        for png in pngs { #expect(summary.contains("  \(png)  "), "summary.txt lists \(png)") }
        // Each "-mid" frame is the first frame at or past half of its transition.
        for line in summary.split(separator: "\n") where line.contains("_mid.png") {
            let percent = try #require(line.firstMatch(of: /at (\d+) %/), "\(line)")
            #expect(Int(percent.1)! >= 50, "\(line)")
        }
    }

    @Test func tinyHandWrittenPrototypeChecksRendersAndPlaysAScript() throws {
        let tmp = try TempFolder()
        let proto = try tmp.prototype()
        let check = try Sceneflow.run(["check", proto])
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout.contains("2 scenes, 2 elements, 0 warnings"), "\(check)")
        let out = tmp.file("home.out.png")
        let render = try Sceneflow.run(["render", proto, "--out", out])
        #expect(render.status == 0, "\(render)")
        let size = PNGWriter.size(of: try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(size?.width == 36 && size?.height == 80)
        try tmp.write(
            "walk.lua",
            """
            prototype "Proto"
            test("open and back", function()
              expect.scene "home"
              tap "Open"
              expect.scene "detail"
              tap "Back"
              expect.scene "home"
            end)

            """)
        let test = try Sceneflow.run(["test", tmp.file("walk.lua")])
        #expect(test.status == 0, "\(test)")
        #expect(test.outputLines.last == "1 passed, 0 failed", "\(test)")
    }
}
