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
}
