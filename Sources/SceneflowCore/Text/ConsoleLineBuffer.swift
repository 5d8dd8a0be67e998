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

    public init(capacity: Int) { self.capacity = capacity }

    /// The line that says `count` lines were dropped.
    public static func notice(_ count: Int) -> String {
        "\(count) console line\(count == 1 ? " was" : "s were") dropped: standard output was not read (the reports hold every result)\n"
    }

    /// Whether bytes wait for the reader.
    public var hasOutput: Bool { !pending.isEmpty }

    /// Takes the waiting bytes.
    public mutating func take() -> [UInt8] {
        defer { pending = [] }
        return pending
    }

    /// The console's stream ended: the lines dropped since the last notice get theirs now,
    /// whatever room is left, so the notices always add up to `dropped` (red-team finding p1:
    /// lines dropped after the last line that fitted were never announced). A line left
    /// unfinished is ended first.
    public mutating func close() {
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
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let newline = bytes[start...].firstIndex(of: 10)
            let end = newline.map { $0 + 1 } ?? bytes.endIndex
            let piece = bytes[start..<end]
            let endsLine = newline != nil
            if droppingLine {
                if endsLine { droppingLine = false }
            } else if inLine {
                // The rest of a line already started: kept, up to twice the capacity.
                if pending.count + piece.count <= 2 * capacity {
                    pending.append(contentsOf: piece)
                    inLine = !endsLine
                } else {
                    // Too long to keep whole: cut here, the rest is dropped.
                    pending.append(10)
                    inLine = false
                    droppingLine = !endsLine
                }
            } else if pending.count + piece.count <= capacity {
                if unannounced > 0 {
                    pending.append(contentsOf: Array(("sceneflow: " + Self.notice(unannounced)).utf8))
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
