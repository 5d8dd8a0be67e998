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
    /// among them counts its own too). Where a separator has no line break the line it joins is
    /// kept within `maxLength` characters as well: the two sides share them.
    public static func joined(_ parts: [String], separators: [String]) -> String {
        precondition(separators.count == parts.count - 1, "one separator between two parts")
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
        for (index, separator) in separators.enumerated() where !separator.utf8.contains(10) {
            // The last line before it and the first after it are one line of the message: they
            // share its characters (less room for the notes of what each leaves out).
            let before = lines(of: pieces[index]).last!.count
            let after = lines(of: pieces[index + 1])[0].count
            guard before + separator.count + after > maxLength else { continue }
            let room = shares(of: max(2, maxLength - separator.count - 2 * 30), needs: [before, after])
            (lastLimits[index], firstLimits[index + 1]) = (room[0], room[1])
            pieces[index] = fitted(index)
            pieces[index + 1] = fitted(index + 1)
        }
        var message = pieces[0]
        for (separator, piece) in zip(separators, pieces.dropFirst()) { message += separator + piece }
        return message
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
