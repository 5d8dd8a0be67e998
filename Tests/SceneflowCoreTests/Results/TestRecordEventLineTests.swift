import Foundation
import Testing

@testable import SceneflowCore

/// A test's records survive the trip from a worker to its runner: every `TestRecordEvent`
/// reads back from its line as it was (any text, escapes and numbers), a line that is not
/// one is refused, and a journal built from the lines equals the one built from the events.
@Suite struct TestRecordEventLineTests {
    /// Text with every character the line form treats specially, and some it must not.
    static let texts = [
        "", "plain", "tab\there", "new\nline", "cr\rlf\r\n", "back\\slash", "\\t literal", "~L\t1", "é 漢字 🙂",
        "trailing\\", "\u{0}nul", "=equals", String(repeating: "x\\\t\n", count: 300),
    ]

    /// Events of every kind over `texts` and edge numbers.
    static var events: [TestRecordEvent] {
        var events: [TestRecordEvent] = [.reset, .unwound(depth: 0), .unwound(depth: 7)]
        let numbers = [0, 1.0 / 60, 123_456.789, 1e-9, 9e15]
        for (k, text) in texts.enumerated() {
            let number = numbers[k % numbers.count]
            let line: Int? = k % 3 == 0 ? nil : k * 1000
            let level = [TestLogEntry.Level.debug, .message, .warning][k % 3]
            events.append(.log(TestLogEntry(level: level, clockTime: number, line: line, message: text)))
            events.append(.logDropped(count: k + 1, clockTime: number, line: line))
            events.append(.stepBegan(call: text, line: line, clockStart: number, group: k % 2 == 0 ? nil : text))
            events.append(.stepEnded(clockEnd: number, wallSeconds: number / 3, passed: k % 2 == 0))
            events.append(.softFailed(text))
            events.append(
                .phase(
                    ["before_all", "after_each", "test", "after_all"][k % 4], testFailure: k % 2 == 0 ? nil : text,
                    line: line))
            // The visual checks a runner names for a stopped worker's test (red-team 46 A B1).
            let files = k % 3 == 0 ? [:] : ["expected": text + "/e.png", "actual": "a\t" + text, text: text]
            let visual = VisualRecord(
                kind: ["screenshot", "tree", "capture"][k % 3], name: text,
                status: ["passed", "recorded", "failed"][k % 3],
                message: text, baseline: k % 2 == 0 ? nil : "=" + text, files: files)
            events.append(.visual(visual))
            events.append(.visualAmended(visual))
        }
        return events
    }

    @Test func everyEventReadsBackFromItsLine() {
        for event in Self.events {
            let line = event.line
            #expect(line.first == TestRecordEvent.lineMark && line.last == 10, "\(event)")
            #expect(line.dropLast().allSatisfy { $0 != 10 }, "one line: \(event)")
            #expect(TestRecordEvent(line: line) == event, "\(event)")
            #expect(TestRecordEvent(line: line.dropLast()) == event, "without its newline: \(event)")
        }
    }

    /// Any finite number reads back exactly, whatever its bits (a worker leaves the steps and log
    /// out of an outcome its runner rebuilds from these lines).
    @Test func anyFiniteNumberReadsBackExactly() {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        while checked < 20_000 {
            let number = Double(bitPattern: generator.next())
            guard number.isFinite else { continue }
            checked += 1
            let event = TestRecordEvent.stepEnded(clockEnd: number, wallSeconds: -number, passed: true)
            guard case .stepEnded(let end, let wall, _) = TestRecordEvent(line: event.line) else {
                Issue.record("\(number) did not read back")
                return
            }
            #expect(end.bitPattern == number.bitPattern && wall.bitPattern == (-number).bitPattern, "\(number)")
        }
    }

    @Test func otherLinesAreRefused() {
        let lines = [
            "", "~", "{\"started\":{\"_0\":1}}", "~X", "~R\t", "~U", "~U\tx", "~E\t1\t2\t3", "~E\t1\t2", "~S\ta\tb",
            "~S\tdangling\\", "~S\tbad\\q", "~B\t1\t2\tgroup\tcall", "~L\tloud\t1\t\tm", "~L\tmessage\tnan\t\tm",
            "~D\t1\tinf\t", "~B\t1\tx\t\tcall", "~P\t\t", "~P\tafter_all\tno marker", "~P\tafter_all",
        ]
        for text in lines { #expect(TestRecordEvent(line: Array(text.utf8)) == nil, "\(text)") }
    }

    @Test func aJournalReplayedFromLinesEqualsTheOriginal() {
        var original = TestRecordJournal()
        var replica = TestRecordJournal()
        var stream: [UInt8] = []
        for event in Self.events where event != .reset {
            original.apply(event)
            stream += event.line
        }
        for line in stream.split(separator: 10) { TestRecordEvent(line: line).map { replica.apply($0) } }
        #expect(replica.steps == original.steps)
        #expect(replica.log == original.log)
        #expect(replica.softFailures == original.softFailures)
        #expect(replica.phase == original.phase && replica.failureBeforeAfterAll == original.failureBeforeAfterAll)
        #expect(!original.steps.isEmpty && !original.log.isEmpty && !original.softFailures.isEmpty)
    }

    @Test func theJournalKeepsTheCapsOfTheRuntime() {
        var journal = TestRecordJournal()
        for k in 0..<(TestRecordLimits.steps + 5) {
            journal.apply(.stepBegan(call: "tap(\(k))", line: k, clockStart: 0, group: nil))
            journal.apply(.stepEnded(clockEnd: 0, wallSeconds: 0, passed: true))
        }
        #expect(journal.steps.count == TestRecordLimits.steps)
        #expect(journal.openSteps.isEmpty)
        journal.apply(.stepBegan(call: "step(\"outer\")", line: 1, clockStart: 0, group: "outer"))
        journal.apply(.unwound(depth: 0))
        #expect(journal.openSteps.isEmpty)
        // A step past the cap that failed is kept, and the note counts only the others.
        #expect(journal.steps.count == TestRecordLimits.steps + 1)
        #expect(journal.steps.last?.call == "step(\"outer\")" && journal.steps.last?.passed == false)
        for k in 0..<1_005 { journal.apply(.softFailed("  line \(k): x")) }
        #expect(journal.softFailures.count == TestRecordJournal.softFailureLimit)
        // The ones past the cap are counted, not kept (red-team 29 F5).
        #expect(journal.softFailuresPastLimit == 5)
        #expect(journal.softFailureList?.hasPrefix("1005 soft expectations failed:\n  line 0: x\n") == true)
        #expect(journal.softFailureList?.hasSuffix("\n… (906 more lines)") == true)
        journal.apply(.logDropped(count: 1, clockTime: 2, line: 3))
        journal.apply(.logDropped(count: 2000, clockTime: 2, line: 3))
        #expect(
            journal.log.map(\.message) == [
                "this test began more than 10000 steps: 5 later steps left out (failed steps are kept, up to 1000)",
                "the log of this test reached 256 KiB: 2000 later entries left out",
            ])
        journal.apply(.reset)
        #expect(journal.steps.isEmpty && journal.log.isEmpty && journal.softFailures.isEmpty)
    }
}
