import Testing

@testable import SceneflowCore

/// The console relay's buffer: whole lines only, dropped lines counted and announced, whatever
/// cuts the console's stream arrives in.
@Suite struct ConsoleLineBufferTests {
    /// `lines` fed in pieces of `cut` bytes.
    func feed(_ buffer: inout ConsoleLineBuffer, _ text: String, cut: Int) {
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + cut)
            buffer.accept(bytes[start..<end])
            start = end
        }
    }

    /// With the console's rule, a full buffer drops `--verbose` detail (indented four spaces or
    /// more) and keeps file names, verdict lines and the closing counts, up to twice its
    /// capacity (red-team finding 9-R7), whatever cuts the stream arrives in.
    @Test func aFullConsoleKeepsItsVerdictLinesAndDropsDetail() {
        for cut in [1, 2, 3, 5, 9, 1000] {
            var buffer = ConsoleLineBuffer(capacity: 200, keepsWhenFull: ConsoleLineBuffer.isVerdictLine)
            let detail = String(repeating: "        log 0 s: xxxxxxxxxx\n", count: 20)
            feed(&buffer, "a.lua\n  PASS  one\n" + detail + "  FAIL  two\n" + detail + "1 passed, 1 failed\n", cut: cut)
            let text = String(decoding: buffer.take(), as: UTF8.self)
            let lines = text.split(separator: "\n")
            #expect(lines.contains("  FAIL  two") && lines.contains("1 passed, 1 failed"), "cut \(cut): \(text)")
            #expect(lines.first == "a.lua" && lines.contains("  PASS  one"), "cut \(cut): \(text)")
            #expect(buffer.dropped > 0 && text.contains("dropped"), "cut \(cut): \(text)")
            // Past twice the capacity, verdict lines are dropped too (the buffer stays bounded).
            var full = ConsoleLineBuffer(capacity: 30, keepsWhenFull: ConsoleLineBuffer.isVerdictLine)
            feed(&full, String(repeating: "  PASS  a test name\n", count: 10), cut: cut)
            let kept = String(decoding: full.pending, as: UTF8.self).split(separator: "\n").filter {
                $0.hasPrefix("  PASS")
            }
            #expect(kept.count == 3 && full.dropped == 7, "cut \(cut): \(kept.count) kept")
        }
    }

    @Test func keepsEverythingWhileThereIsRoom() {
        for cut in [1, 2, 3, 7, 64] {
            var buffer = ConsoleLineBuffer(capacity: 100)
            feed(&buffer, "one\ntwo\nthree\n", cut: cut)
            #expect(String(decoding: buffer.take(), as: UTF8.self) == "one\ntwo\nthree\n")
            #expect(buffer.dropped == 0 && !buffer.hasOutput)
        }
    }

    @Test func dropsWholeLinesWhenFullAndAnnouncesThemOnceThereIsRoom() {
        for cut in [1, 2, 3, 5, 9, 1000] {
            var buffer = ConsoleLineBuffer(capacity: 12)
            // 3 lines of 6 bytes: the first two fit, the third is dropped whole.
            feed(&buffer, "aaaaa\nbbbbb\nccccc\nddddd\n", cut: cut)
            let first = String(decoding: buffer.take(), as: UTF8.self)
            #expect(first == "aaaaa\nbbbbb\n", "cut \(cut)")
            #expect(buffer.dropped == 2, "cut \(cut)")
            // The reader caught up: the next line comes after the notice.
            var roomy = buffer
            feed(&roomy, "e\n", cut: cut)
            let second = String(decoding: roomy.take(), as: UTF8.self)
            #expect(second == "sceneflow: " + ConsoleLineBuffer.notice(2) + "e\n", "cut \(cut)")
            // Every line that reaches the reader is whole: no piece of a dropped one.
            for line in (first + second).split(separator: "\n") {
                #expect(["aaaaa", "bbbbb", "e"].contains(String(line)) || line.hasPrefix("sceneflow: 2 console lines"))
            }
        }
    }

    @Test func aLineStartedIsKeptWholeUpToTwiceTheCapacity() {
        var buffer = ConsoleLineBuffer(capacity: 4)
        feed(&buffer, "abcdefg\n", cut: 3)  // starts with 3 bytes that fit, then grows past 4
        #expect(String(decoding: buffer.take(), as: UTF8.self) == "abcdefg\n")
        feed(&buffer, "abc", cut: 3)
        feed(&buffer, String(repeating: "x", count: 20) + "\nnext\n", cut: 3)
        let text = String(decoding: buffer.take(), as: UTF8.self)
        #expect(text.hasPrefix("abc") && text.hasSuffix("\n") && text.count <= 9, "\(text.debugDescription)")
        #expect(!text.contains("x\nnext"))
    }

    /// The notices' counts add up to the lines dropped, also for lines dropped after the
    /// last line that fitted: closing the buffer announces them (red-team finding p1).
    @Test func theNoticesAddUpToTheLinesDropped() {
        for cut in [1, 4, 7, 1000] {
            var buffer = ConsoleLineBuffer(capacity: 12)
            var received = ""
            feed(&buffer, "aaaaa\nbbbbb\nccccc\nddddd\n", cut: cut)
            received += String(decoding: buffer.take(), as: UTF8.self)
            feed(&buffer, "e\nfffff\nggggg\nhhhhh\nii", cut: cut)
            received += String(decoding: buffer.take(), as: UTF8.self)
            feed(&buffer, "iii\njjjjj\nkkkkk\n", cut: cut)
            buffer.close()
            received += String(decoding: buffer.take(), as: UTF8.self)
            var announced = 0
            var arrived = 0
            for line in received.split(separator: "\n") {
                if line.hasPrefix("sceneflow: ") {
                    announced += Int(line.split(separator: " ")[1]) ?? 0
                } else {
                    arrived += 1
                }
            }
            #expect(announced == buffer.dropped && buffer.dropped > 0, "cut \(cut): \(received.debugDescription)")
            #expect(arrived + announced == 11, "cut \(cut): \(received.debugDescription)")
        }
    }

    @Test func theNoticeCountsOneLineInTheSingular() {
        #expect(ConsoleLineBuffer.notice(1).hasPrefix("1 console line was dropped"))
        #expect(ConsoleLineBuffer.notice(3).hasPrefix("3 console lines were dropped"))
    }
}
