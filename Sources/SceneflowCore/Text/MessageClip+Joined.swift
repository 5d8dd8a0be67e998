/// Failure messages made of parts (a test's error, the list of its soft failures, a failing
/// hook's error after `; then, in after_each: `): each part gets its own share of the lines
/// and bytes a message keeps, so a long part never pushes the parts after it out (red-team
/// 32 A1: an error of 90 lines of 900 characters took the soft list and the after_each failure
/// after it out of every report, and its note counted the lines of the cut message).
extension MessageClip {
    /// The most bytes of a message joined from parts (60 KiB): under the 64 KiB a Lua error
    /// is read whole (`LuaStack.maxErrorBytes`), with room for a separator.
    public static let maxJoinedBytes = 60 << 10

    /// `parts` joined by `separators` (one fewer than the parts; `"\nand "`, `"; then, in
    /// after_each: "`), each part cut to its share of `maxLines` lines and `maxJoinedBytes`
    /// bytes (`shares`): its first whole lines (each cut to `maxLength` characters, as
    /// `clip` cuts one), then `… (N more lines)` counting the part's lines left out (a note
    /// among them counts its own too). Where separators have no line break the line they join
    /// is kept within `maxLength` characters as well: every part on it shares them.
    /// A part that is itself a joined message (`…; then, …`) counts as its parts: joins nest
    /// (a hooks-only load joins its hooks' failures, the runner joins them to the stop before),
    /// and each part keeps its own share however they do (red-team 35 H2).
    public static func joined(_ parts: [String], separators: [String]) -> String {
        precondition(separators.count == parts.count - 1, "one separator between two parts")
        let (parts, separators) = flattened(parts, separators: separators)
        let lineShares = shares(of: maxLines, needs: parts.map(lineCount))
        let separatorBytes = separators.reduce(0) { $0 + $1.utf8.count }
        let byteShares = shares(of: max(0, maxJoinedBytes - separatorBytes), needs: parts.map(\.utf8.count))
        var firstLimits = Array(repeating: maxLength, count: parts.count)
        var lastLimits = firstLimits
        func fitted(_ index: Int) -> String {
            fit(
                parts[index], lines: lineShares[index], bytes: byteShares[index], firstLimit: firstLimits[index],
                lastLimit: lastLimits[index])
        }
        var pieces = parts.indices.map(fitted)
        // A line of the message made of several parts (separators without a line break, and
        // one-line parts between them: six hooks' failures after `; then, in after_each: `):
        // all of them share its characters, each keeping its start and its own note (red-team
        // 34 H1: shared two by two, the line grew past it and a later cut took the last parts).
        var start = 0
        while start < separators.count {
            var end = start
            while end < separators.count, !separators[end].utf8.contains(10) {
                end += 1
                if lines(of: pieces[end]).count > 1 { break }  // its first line ends the line
            }
            defer { start = max(end, start + 1) }
            guard end > start else { continue }
            var lengths = [lines(of: pieces[start]).last!.count]
            for index in (start + 1)..<end { lengths.append(pieces[index].count) }
            lengths.append(lines(of: pieces[end])[0].count)
            let separating = separators[start..<end].reduce(0) { $0 + $1.count }
            guard lengths.reduce(separating, +) > maxLength else { continue }
            // Less room for the notes of what each leaves out.
            let room = shares(of: max(2 * lengths.count, maxLength - separating - 30 * lengths.count), needs: lengths)
            lastLimits[start] = room[0]
            for index in (start + 1)..<end {
                (firstLimits[index], lastLimits[index]) = (room[index - start], room[index - start])
            }
            firstLimits[end] = room[room.count - 1]
            for index in start...end { pieces[index] = fitted(index) }
        }
        var message = pieces[0]
        for (separator, piece) in zip(separators, pieces.dropFirst()) { message += separator + piece }
        return message
    }

    /// The separator that begins each later part of a joined failure message.
    static let thenSeparator = "; then, "

    /// `parts` and `separators` with each part split where it holds `thenSeparator` (a message
    /// joined before), the pieces joined by it again: the same text, in parts of its own.
    static func flattened(_ parts: [String], separators: [String]) -> ([String], [String]) {
        var flatParts: [String] = []
        var flatSeparators: [String] = []
        for (index, part) in parts.enumerated() {
            if index > 0 { flatSeparators.append(separators[index - 1]) }
            let pieces = part.components(separatedBy: thenSeparator)
            flatParts.append(pieces[0])
            for piece in pieces.dropFirst() {
                flatSeparators.append(thenSeparator)
                flatParts.append(piece)
            }
        }
        return (flatParts, flatSeparators)
    }

    /// `total` shared out among parts that need `needs` of it: every part gets what it needs
    /// when all fit; else the parts needing less than an even share get theirs, and the rest
    /// is split evenly among the others (water-filling). Each share is at least 1.
    public static func shares(of total: Int, needs: [Int]) -> [Int] {
        var shares = Array(repeating: 0, count: needs.count)
        var left = total
        var open = needs.count
        for index in needs.indices.sorted(by: { needs[$0] < needs[$1] }) {
            let even = max(1, left / max(1, open))
            shares[index] = max(1, min(needs[index], even))
            left -= shares[index]
            open -= 1
        }
        return shares
    }

    /// The lines of `text`: one, and one more for each line break.
    static func lineCount(_ text: String) -> Int {
        text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    /// `text` in at most `lines` lines and about `bytes` bytes (its first line is always kept):
    /// whole lines cut as `clip` cuts one (its first to `firstLimit` characters, its last, when
    /// kept, to `lastLimit`), then a note counting the lines left out.
    static func fit(_ text: String, lines: Int, bytes: Int, firstLimit: Int, lastLimit: Int) -> String {
        let all = MessageClip.lines(of: text)
        func clipped(_ index: Int) -> String {
            let isLast = index == all.count - 1
            let limit = index == 0 ? (isLast ? min(firstLimit, lastLimit) : firstLimit) : isLast ? lastLimit : maxLength
            return clipLine(String(all[index]), limit: limit)
        }
        // Whole, when every line fits: no room is kept for a note then.
        if all.count <= lines {
            let whole = all.indices.map(clipped)
            if whole.reduce(whole.count - 1, { $0 + $1.utf8.count }) <= bytes { return whole.joined(separator: "\n") }
        }
        var kept: [String] = []
        var used = 0
        for index in all.indices {
            let clipped = clipped(index)
            if index == all.count - 1, kept.isEmpty || (kept.count < lines && used + clipped.utf8.count <= bytes) {
                kept.append(clipped)  // the last line: no note needed after it
                break
            }
            // Room must stay for a note after this line.
            guard kept.isEmpty || (kept.count < lines - 1 && used + clipped.utf8.count + 1 <= bytes - 24) else { break }
            kept.append(clipped)
            used += clipped.utf8.count + 1
        }
        guard kept.count < all.count else { return kept.joined(separator: "\n") }
        var left = 0
        for line in all[kept.count...] { left += linesLeftOut(noted: String(line)) ?? 1 }
        return (kept + [linesNote(left)]).joined(separator: "\n")
    }
}
