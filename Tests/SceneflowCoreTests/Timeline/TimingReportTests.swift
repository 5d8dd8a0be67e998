import Foundation
import Testing

@testable import SceneflowCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The `sceneflow timing` table, the comparison of two runs and the SVG chart.
@Suite struct TimingReportTests {
    func record(_ from: String, _ to: String, measured: Double, frames: Int = 3) -> TransitionRecord {
        var r = TransitionRecord(
            from: from, to: to, transition: Transition(kind: .pushLeft, duration: 0.35), start: 1)
        r.frames = (0..<frames).map { FrameSample(clock: 1 + measured * Double($0) / Double(max(frames - 1, 1))) }
        r.completion = 1 + measured
        return r
    }

    @Test func tableHasARowPerTransitionWithRequestedAndMeasured() {
        let doc = TimelineDocumentTests.sampleDocument()
        let lines = TimingReport.lines(doc, file: "t.json")
        #expect(lines[0] == "t.json: 3 transitions in 2 runs (virtual, wall clock)")
        let rows = lines.filter { $0.contains(" -> ") && !$0.hasPrefix("run") }
        #expect(rows.count == 3)
        #expect(rows[0].contains("home -> details") && rows[0].contains("crossfade"))
        #expect(rows[0].contains("350 ms") && rows[0].contains("on time"))
        #expect(rows[1].contains("running"))
        #expect(rows[2].contains("cover_up ×10") && rows[2].contains("1000 ms"))
        #expect(lines[1].hasSuffix("render ms (frames)"))  // the sample has a rendered frame
        #expect(rows[0].hasSuffix("4.9 (1)") && rows[2].hasSuffix("–"))
    }

    @Test func comparisonMatchesInOrderByFromAndTo() {
        let a = [record("a", "b", measured: 0.25), record("b", "c", measured: 0.25), record("c", "a", measured: 0.25)]
        let b = [record("a", "b", measured: 0.35), record("b", "x", measured: 0.3), record("b", "c", measured: 0.35)]
        let pairs = TimingComparison.match(a, b)
        #expect(pairs.count == 4)
        #expect(pairs[0].a?.to == "b" && pairs[0].b?.to == "b")
        #expect(pairs[1].a == nil && pairs[1].b?.to == "x")
        #expect(pairs[2].a?.to == "c" && pairs[2].b?.to == "c")
        #expect(pairs[3].a?.to == "a" && pairs[3].b == nil)
        let one = TimelineDocument(runs: [
            TimelineRun(name: "play", prototype: "P", clock: .wall, transitions: a, events: [])
        ])
        let two = TimelineDocument(runs: [
            TimelineRun(name: "play", prototype: "P", clock: .wall, transitions: b, events: [])
        ])
        let lines = TimingComparison.lines(one, file: "a.json", two, file: "b.json")
        let first = lines.first { $0.contains("a -> b") } ?? ""
        #expect(first.contains("250 | 350 ms") && first.contains("+100 ms"))
        #expect(lines.contains { $0.contains("b -> x") && $0.contains("(only in B)") })
        #expect(lines.contains { $0.contains("c -> a") && $0.contains("(only in A)") })
    }

    @Test func chartHasABarPerTransitionHitchesInRedAndIsWellFormedXML() throws {
        var hitchy = record("home", "details", measured: 0.4, frames: 3)  // 200 ms intervals: 2 hitches
        hitchy.start = 5
        hitchy.frames = [5, 5.2, 5.4].map { FrameSample(clock: $0) }
        hitchy.completion = 5.4
        var doc = TimelineDocumentTests.sampleDocument()
        doc.runs[1].transitions.append(hitchy)
        let svg = TimelineChart.svg(doc, title: "a <b> & \"c\"")
        #expect(svg.components(separatedBy: "class=\"measured\"").count - 1 == 4)
        #expect(svg.components(separatedBy: "class=\"requested\"").count - 1 == 4)
        // Two hitches in the added record (200 ms intervals), two in the slow window record.
        #expect(svg.components(separatedBy: "class=\"hitch\"").count - 1 == 4)
        #expect(svg.contains("a &lt;b&gt; &amp; &quot;c&quot;"))
        #expect(svg.contains("crossfade: 350 ms requested, 350 ms measured"))
        #expect(svg.contains("cover_up ×10: 1000 ms requested, 1000 ms measured"))
        #expect(svg.contains("still running"))
        // Well-formed XML, by Foundation's parser and by xmllint when installed.
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let xmllint else {
            print("skipping the xmllint check: xmllint is not installed (apt install libxml2-utils)")
            return
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("chart-\(UUID().uuidString).svg")
        try Data(svg.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xmllint)
        process.arguments = ["--noout", file.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func labelsShortenToFitBeforeTheNextTransitionInTheLane() {
        let r = record("a", "b", measured: 0.361)
        #expect(TimelineChart.label(r, room: 1000) == "push_left: 350 ms requested, 361 ms measured")
        #expect(TimelineChart.label(r, room: 200) == "push_left 350 → 361 ms")
        #expect(TimelineChart.label(r, room: 20) == "350 → 361 ms")
    }

    @Test func axisCutsIdleTimeAndMapsTimesInOrder() {
        let axis = TimelineAxis(spans: [(1, 1.35), (10, 10.35)], origin: 100)
        #expect(axis.segments.count == 2)
        #expect(axis.x(1) < axis.x(1.35) && axis.x(1.35) < axis.x(5) && axis.x(5) < axis.x(10))
        #expect(abs((axis.x(1.35) - axis.x(1)) - 0.35 * axis.pixelsPerSecond) < 1e-9)
        #expect(axis.width < 1100)
        let ticks = axis.ticks()
        #expect(ticks.times.allSatisfy { t in axis.segments.contains { t >= $0.start - 1e-9 && t <= $0.end + 1e-9 } })
        #expect(!ticks.times.isEmpty)
    }
}
