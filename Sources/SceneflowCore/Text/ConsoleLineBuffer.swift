import Foundation

/// The buffer of a console relay (the CLI's `ConsoleRelay`, which keeps a stalled reader of
/// standard output from blocking a run): whole lines up to `capacity` bytes; lines that arrive while it is full
/// are dropped and counted, and a notice says how many once there is room again.
public struct ConsoleLineBuffer {
    /// Bytes the buffer holds before dropping lines.
    public let capacity: Int
    /// The bytes waiting for the reader.
    public private(set) var pending: [UInt8] = []
    /// Lines dropped in all.
    public private(set) var dropped = 0
    /// Lines dropped since the last notice.
    private var unannounced = 0
    /// Whether the line being received is being dropped (its start was).
    private var droppingLine = false
    /// Whether the line being received was started in `pending` (it is kept whole).
    private var inLine = false
    /// Bytes of notices in `pending`: they do not count against the capacity.
    private var noticeBytes = 0
    /// The first bytes of a line that arrived while the buffer was full, too few to tell
    /// whether `keepsWhenFull` keeps it (spaces only, fewer than four).
    private var undecided: [UInt8] = []

    /// Whether a line that arrives while the buffer is full is kept all the same (up to twice
    /// the capacity), given its first bytes; nil drops every such line.
    public let keepsWhenFull: ((ArraySlice<UInt8>) -> Bool)?

    public init(capacity: Int, keepsWhenFull: ((ArraySlice<UInt8>) -> Bool)? = nil) {
        self.capacity = capacity
        self.keepsWhenFull = keepsWhenFull
    }

    /// Whether a line of `sceneflow test`'s console is more than `--verbose` detail: a file
    /// name, a verdict line (`  PASS  name  (…)`), the closing counts, a `wrote …` line; detail
    /// lines (a log line, a step, a failure message's lines) are indented by four spaces or
    /// more. Kept when the buffer is full, they keep every verdict and the end of the run on a
    /// console whose reader paused (red-team finding 9-R7: the only FAIL line and the closing
    /// `N passed, N failed` were dropped, earlier PASS lines kept).
    public static func isVerdictLine(_ start: ArraySlice<UInt8>) -> Bool {
        let indent = start.prefix { $0 == 32 }.count
        return indent < 4 && indent < start.count
    }

    /// The line that says `count` lines were dropped.
    public static func notice(_ count: Int) -> String {
        "\(count) console line\(count == 1 ? " was" : "s were") dropped: standard output was not read (the reports hold every result)\n"
    }

    /// Whether bytes wait for the reader.
    public var hasOutput: Bool { !pending.isEmpty }

    /// Takes the waiting bytes.
    public mutating func take() -> [UInt8] {
        defer {
            pending = []
            noticeBytes = 0
        }
        return pending
    }

    /// The console's stream ended: the lines dropped since the last notice get theirs now,
    /// whatever room is left, so the notices always add up to `dropped` (red-team finding p1:
    /// lines dropped after the last line that fitted were never announced). A line left
    /// unfinished is ended first.
    public mutating func close() {
        if !undecided.isEmpty {
            undecided = []
            dropped += 1
            unannounced += 1
        }
        if inLine {
            pending.append(10)
            inLine = false
        }
        droppingLine = false
        guard unannounced > 0 else { return }
        pending.append(contentsOf: Array(("sceneflow: " + Self.notice(unannounced)).utf8))
        unannounced = 0
    }

    /// Adds `bytes` (any cut of the console's stream: lines may start and end anywhere).
    public mutating func accept(_ bytes: ArraySlice<UInt8>) {
        if !undecided.isEmpty {
            let joined = undecided + bytes
            undecided = []
            accept(joined[...])
            return
        }
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let newline = bytes[start...].firstIndex(of: 10)
            let end = newline.map { $0 + 1 } ?? bytes.endIndex
            let piece = bytes[start..<end]
            let endsLine = newline != nil
            // The lines held (notices aside).
            let held = pending.count - noticeBytes
            if droppingLine {
                if endsLine { droppingLine = false }
            } else if inLine {
                // The rest of a line already started: kept, up to twice the capacity.
                if held + piece.count <= 2 * capacity {
                    pending.append(contentsOf: piece)
                    inLine = !endsLine
                } else {
                    // Too long to keep whole: cut here, the rest is dropped.
                    pending.append(10)
                    inLine = false
                    droppingLine = !endsLine
                }
            } else if held + piece.count > capacity, keepsWhenFull != nil, !endsLine, piece.count < 4,
                piece.allSatisfy({ $0 == 32 })
            {
                undecided = Array(piece)  // decided with the next bytes
            } else if held + piece.count <= capacity
                || (keepsWhenFull?(piece) == true && held + piece.count <= 2 * capacity)
            {
                if unannounced > 0 {
                    let notice = Array(("sceneflow: " + Self.notice(unannounced)).utf8)
                    pending.append(contentsOf: notice)
                    noticeBytes += notice.count
                    unannounced = 0
                }
                pending.append(contentsOf: piece)
                inLine = !endsLine
            } else {
                dropped += 1
                unannounced += 1
                droppingLine = !endsLine
            }
            start = end
        }
    }
}
