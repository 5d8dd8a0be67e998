/// A plain-text table with padded columns, for terminal reports.
public struct TextTable: Sendable {
    /// Column alignment.
    public enum Alignment: Sendable {
        /// Padded on the right (text).
        case left
        /// Padded on the left (numbers).
        case right
    }
    /// Column titles.
    public var header: [String]
    /// Alignment per column (missing entries: left).
    public var alignments: [Alignment]
    /// Rows; shorter rows are padded with empty cells.
    public var rows: [[String]] = []

    /// Creates a table with column titles and alignments.
    public init(header: [String], alignments: [Alignment]) {
        self.header = header
        self.alignments = alignments
    }

    /// Appends a row.
    public mutating func add(_ row: [String]) { rows.append(row) }

    /// The table as lines: the header, a rule of dashes, then the rows; columns separated by
    /// two spaces, trailing spaces trimmed.
    public var lines: [String] {
        let all = [header] + rows
        let count = all.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: count)
        for row in all { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        func render(_ row: [String]) -> String {
            var parts: [String] = []
            for i in 0..<count {
                let cell = i < row.count ? row[i] : ""
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                let right = i < alignments.count && alignments[i] == .right
                parts.append(right ? pad + cell : cell + pad)
            }
            var line = parts.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return [render(header), rule] + rows.map(render)
    }

    /// `lines` joined with newlines, ending in a newline.
    public var text: String { lines.joined(separator: "\n") + "\n" }
}
