/// Words read side by side on one baseline, close enough to be one phrase ("KDE Connect",
/// "Pick export directory"): the unit `ProposalBuilder` groups into rows. Boxes in screen pixels.
public struct TextLine: Equatable, Sendable {
    /// The words, left to right.
    public var words: [RecognizedWord]

    /// The words' text joined by spaces.
    public var text: String { words.map(\.text).joined(separator: " ") }
    /// The union of the words' boxes.
    public var box: PixelRect {
        let x0 = words.map(\.box.x).min() ?? 0
        let y0 = words.map(\.box.y).min() ?? 0
        let x1 = words.map { $0.box.x + $0.box.width }.max() ?? 0
        let y1 = words.map { $0.box.y + $0.box.height }.max() ?? 0
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The tallest word's height in pixels (a line's letter size).
    public var height: Int { words.map(\.box.height).max() ?? 0 }
    /// The words' mean confidence, 0 to 100.
    public var confidence: Double {
        words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count)
    }
    /// The block (`RecognizedWord.block`) of the line's first word.
    var block: Int? { words.first?.block }
    /// The vertical centre in pixels.
    var midY: Double { Double(box.y) + Double(box.height) / 2 }
    /// The right edge in pixels.
    var maxX: Int { box.x + box.width }
    /// The bottom edge in pixels.
    var maxY: Int { box.y + box.height }

    /// Groups `words` into lines: a word joins a line when it overlaps the line's last word
    /// vertically by half the smaller height, is about as tall (within 1.7 times, or 2.1 times
    /// when the shorter lies within the taller's height: x-height letters beside ascenders and
    /// descenders), lies in the same block (`RecognizedWord.block`), and starts
    /// at most `gap` heights after it ends. Lines come top to bottom, then left to right.
    public static func lines(_ words: [RecognizedWord], gap: Double = 0.9) -> [TextLine] {
        var lines: [TextLine] = []
        for word in words.sorted(by: { ($0.box.x, $0.box.y) < ($1.box.x, $1.box.y) }) {
            let b = word.box
            let index = lines.indices.filter { i in
                guard let last = lines[i].words.last else { return false }
                let a = last.box
                let overlap = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
                let small = min(a.height, b.height)
                let large = max(a.height, b.height)
                let distance = b.x - (a.x + a.width)
                // A word of small letters ("save", "on") beside one with ascenders and
                // descenders ("Display", "picker") is about 1.8 times shorter: allowed up to 2.1
                // times when the shorter lies within the taller's height.
                let inside =
                    min(a.y, b.y) == (a.height >= b.height ? a.y : b.y)
                    && max(a.y + a.height, b.y + b.height) == (a.height >= b.height ? a.y + a.height : b.y + b.height)
                return last.block == word.block && overlap * 2 >= small
                    && Double(large) <= Double(small) * (inside ? 2.1 : 1.7)
                    && Double(distance) <= gap * Double(large) && distance > -small
            }.min { abs(lines[$0].maxX - b.x) < abs(lines[$1].maxX - b.x) }
            if let index { lines[index].words.append(word) } else { lines.append(TextLine(words: [word])) }
        }
        return lines.sorted { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
    }
}
