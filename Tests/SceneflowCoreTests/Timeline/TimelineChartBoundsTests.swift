import Foundation
import Testing

@testable import SceneflowCore

/// The `timing --svg` chart's size does not grow with the times in the file (red-team finding
/// F16: a completion of 1e9 s, which the reader accepts, made a chart of gigabytes): the axis
/// is at most `TimelineAxis.maxWidth` pixels wide and its ticks thin out to fit.
@Suite struct TimelineChartBoundsTests {
    @Test(arguments: [1e4, 1e5, 1e6, 1e9])
    func aHugeCompletionMakesABoundedChart(_ completion: Double) {
        var record = TransitionRecord(
            from: "home", to: "details", transition: Transition(kind: .pushLeft, duration: 0.35), start: 1)
        record.frames = [1, 1.2, completion].map { FrameSample(clock: $0) }
        record.completion = completion
        let document = TimelineDocument(runs: [
            TimelineRun(name: "t", prototype: "P", clock: .virtual, transitions: [record], events: [])
        ])
        let started = Date()
        let svg = TimelineChart.svg(document, title: "huge")
        #expect(svg.utf8.count < 200_000, "\(svg.utf8.count) bytes for a completion of \(completion) s")
        #expect(Date().timeIntervalSince(started) < 5)
        let width = svg.firstMatch(of: /<svg [^>]*width="([0-9.]+)"/).flatMap { Double($0.output.1) } ?? .infinity
        #expect(width <= TimelineAxis.maxWidth + 400, "width \(width)")
    }

    /// Red-team 9 m6: 403 transitions made a chart 20 210 px wide (the margins came on top of
    /// the axis's limit), and more cuts than the limit has room for made it wider still.
    @Test(arguments: [1, 12, 403, 700, 5000])
    func manyTransitionsMakeAChartNoWiderThanTheLimit(_ count: Int) {
        let records = (0..<count).map { i in
            var record = TransitionRecord(
                from: "s\(i % 7)", to: "s\((i + 1) % 7)", transition: Transition(kind: .pushLeft, duration: 0.3),
                start: Double(i) * 2)
            record.frames = [0, 0.15, 0.3].map { FrameSample(clock: Double(i) * 2 + $0) }
            record.completion = Double(i) * 2 + 0.3
            return record
        }
        let document = TimelineDocument(runs: [
            TimelineRun(name: "t", prototype: "P", clock: .virtual, transitions: records, events: [])
        ])
        let svg = TimelineChart.svg(document, title: "many")
        let width = svg.firstMatch(of: /<svg [^>]*width="([0-9.]+)"/).flatMap { Double($0.output.1) } ?? .infinity
        #expect(width <= TimelineAxis.maxWidth, "width \(width) for \(count) transitions")
        #expect(width >= 600, "width \(width) for \(count) transitions")
    }

    /// Red-team 31 B5: 50 000 transitions (a run may keep 200 000) made a 126 MB chart in
    /// 16.6 s. The chart draws the first `TimelineChart.maxDrawn` transitions of the file and
    /// says how many it left out (the table lists them all); two runs share the budget.
    @Test(arguments: [(1, 50_000), (2, 30_000)])
    func manyTransitionsMakeAChartOfBoundedSize(runs: Int, count: Int) {
        let document = TimelineDocument(
            runs: (0..<runs).map { run in
                let records = (0..<count).map { i in
                    var record = TransitionRecord(
                        from: "s\(i % 7)", to: "s\((i + 1) % 7)",
                        transition: Transition(kind: .pushLeft, duration: 0.3),
                        start: Double(i) * 2)
                    record.frames = (0..<19).map { FrameSample(clock: Double(i) * 2 + Double($0) / 60) }
                    record.completion = Double(i) * 2 + 0.3
                    return record
                }
                return TimelineRun(name: "t\(run)", prototype: "P", clock: .virtual, transitions: records, events: [])
            })
        let svg = TimelineChart.svg(document, title: "many")
        #expect(svg.utf8.count < 12_000_000, "\(svg.utf8.count) bytes for \(runs * count) transitions")
        let drawn = TimelineChart.maxDrawn
        #expect(svg.contains("the first \(drawn) of \(runs * count) transitions are drawn"), "\(svg.prefix(600))")
    }

    @Test func shortRunsKeepTheirScale() {
        let axis = TimelineAxis(spans: [(1, 1.35)], origin: 0)
        #expect(axis.pixelsPerSecond >= 400)
        #expect(axis.ticks().step <= 0.25)
    }

    @Test(arguments: [(61.0, 100.0), (700, 1000), (1.5e6, 2e6), (3e8, 5e8)])
    func longAxesGetRoundTickSteps(_ raw: Double, _ expected: Double) {
        #expect(TimelineAxis.roundStep(raw) == expected)
    }
}
