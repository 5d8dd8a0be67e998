import Testing

@testable import SceneflowCore

/// `MessageClip.joined`: each part of a failure message keeps its share of the lines and
/// bytes, its note counts its own lines, and a line two parts share stays within one line's
/// characters (red-team 32 A1).
@Suite struct MessageClipJoinedTests {
    static func lines(_ count: Int, _ width: Int, _ tag: String) -> String {
        (1...count).map { "\(tag)\($0):" + String(repeating: "L", count: width) }.joined(separator: "\n")
    }

    @Test func sharesGiveSmallPartsWhatTheyNeed() {
        #expect(MessageClip.shares(of: 100, needs: [120, 2]) == [98, 2])
        #expect(MessageClip.shares(of: 100, needs: [200, 300]) == [50, 50])
        #expect(MessageClip.shares(of: 100, needs: [10, 20]) == [10, 20])
        #expect(MessageClip.shares(of: 100, needs: [5, 200, 200]) == [5, 47, 48])
    }

    @Test(arguments: [(90, 900), (200, 2_000), (1_000, 80), (3, 30_000), (120, 3)])
    func everyPartStaysAndCountsItsOwnLines(count: Int, width: Int) {
        let message = MessageClip.joined(
            [
                Self.lines(count, width, "x"), "2 soft expectations failed:\n  one\n  two",
                Self.lines(count, width, "h"),
            ],
            separators: ["\nand ", "; then, in after_each: "])
        let lines = message.components(separatedBy: "\n")
        #expect(lines.count <= MessageClip.maxLines + 1, "\(lines.count) lines")
        #expect(message.utf8.count <= 64 << 10)
        #expect(lines.allSatisfy { $0.count <= MessageClip.maxLength + 40 }, "\(lines.map(\.count).max()!)")
        #expect(message.contains("and 2 soft expectations failed:\n  one\n  two"))
        #expect(message.contains("; then, in after_each: h1:"))
        // The first part's kept lines and its note add up to its lines.
        let kept = lines.filter { $0.hasPrefix("x") }.count
        let note = lines.first { $0.hasPrefix("… (") }.flatMap(MessageClip.linesLeftOut(noted:)) ?? 0
        #expect(kept + note == count, "\(kept) kept, \(note) noted of \(count)")
    }

    @Test func shortPartsAreKeptWhole() {
        #expect(
            MessageClip.joined(["a.lua:3: boom", "b.lua:4: bang"], separators: ["; then, "])
                == "a.lua:3: boom; then, b.lua:4: bang")
    }

    /// Lines ended by CRLF are lines: Swift reads `\r\n` as one character, so a split on
    /// characters saw none, and 5 000 lines were kept as one cut in characters (red-team 33 B1).
    @Test func crlfLinesAreCutAsLines() {
        let text = (1...5_000).map { "C\($0):" }.joined(separator: "\r\n")
        let clipped = MessageClip.clip(text)
        let lines = clipped.utf8.split(separator: 10, omittingEmptySubsequences: false)
        #expect(lines.count == MessageClip.maxLines + 1, "\(lines.count) lines")
        #expect(clipped.hasSuffix("… (4900 more lines)"), "\(clipped.suffix(40))")
        let joined = MessageClip.joined([text, "1 soft expectation failed:\n  one"], separators: ["\nand "])
        #expect(joined.hasSuffix("and 1 soft expectation failed:\n  one"), "\(joined.suffix(80))")
        let kept = joined.utf8.split(separator: 10, omittingEmptySubsequences: false).count
        #expect(kept <= MessageClip.maxLines, "\(kept) lines")
        #expect(joined.contains("more lines)\nand 1 soft"), "\(joined.suffix(120))")
    }

    /// Several parts on one line (hooks' failures after `; then, in after_each: `) share its
    /// characters, all of them: two by two, six parts of 200 characters made a line of 1 300
    /// that a later cut ended inside the fifth, the sixth gone (red-team 34 H1). Each keeps its
    /// start; a multi-line part ends the line; and a line that fits is left whole.
    @Test(arguments: [2, 3, 6, 12])
    func everyPartOnOneLineKeepsItsShare(_ count: Int) {
        let parts = (1...count).map { "AE\($0) failed: " + String(repeating: "z", count: 200) + " END\($0)" }
        let separators = Array(repeating: "; then, in after_each: ", count: count - 1)
        let joined = MessageClip.joined(parts, separators: separators)
        #expect(joined.count <= MessageClip.maxLength, "\(joined.count) characters")
        #expect(MessageClip.clip(joined) == joined, "a later cut changes it")
        for index in 1...count { #expect(joined.contains("AE\(index) "), "AE\(index) missing: \(joined)") }
        if joined.count == parts.joined(separator: "; then, in after_each: ").count {
            #expect(joined.contains("END\(count)"))
        }
        let fits = MessageClip.joined(["short one", "short two", "short three"], separators: ["; ", "; "])
        #expect(fits == "short one; short two; short three")
        let multi = MessageClip.joined(
            [String(repeating: "a", count: 600), "x\n" + String(repeating: "b", count: 600), "tail"],
            separators: ["; ", "; "])
        #expect(multi.split(separator: "\n").allSatisfy { $0.count <= MessageClip.maxLength }, "\(multi)")
        #expect(multi.hasSuffix("; tail"), "\(multi.suffix(40))")
    }

    /// A message joined from parts that are themselves joined messages (a hooks-only load's
    /// failure after the stop that began it, joined again by the runner): every part keeps its
    /// start, however the joins nest. Red-team 35 H2: a watchdog stop joined with the failing
    /// action of the hook after it was one part for the next join, and the line's cut left
    /// `then, in … (139 more characters)`, the action's failure in no report.
    @Test(arguments: 0..<40)
    func partsOfNestedJoinsEachKeepTheirStart(_ seed: Int) {
        var generator = Lehmer(seed: UInt64(seed))
        let count = Int.random(in: 2...9, using: &generator)
        var pieces = (1...count).map { index in
            "P\(index)! " + String(repeating: "w", count: Int.random(in: 0...700, using: &generator))
        }
        // Joined two at a time, at random neighbours, until one message is left.
        while pieces.count > 1 {
            let at = Int.random(in: 0..<(pieces.count - 1), using: &generator)
            let separator = ["; then, ", "; then, in after_each: ", "; then, in after_all: "].randomElement(
                using: &generator)!
            pieces[at] = MessageClip.joined([pieces[at], pieces[at + 1]], separators: [separator])
            pieces.remove(at: at + 1)
        }
        let message = pieces[0]
        for index in 1...count {
            #expect(message.contains("P\(index)! "), "seed \(seed): P\(index) lost in \(message)")
        }
        #expect(message.count <= MessageClip.maxLength, "seed \(seed): \(message.count) characters")
    }
}

/// A tiny deterministic generator (a 64-bit linear congruential one, Knuth's MMIX constants)
/// so a generated case can be run again by its seed.
private struct Lehmer: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 1 }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}
