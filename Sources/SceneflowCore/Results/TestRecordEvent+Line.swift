/// A `TestRecordEvent` as one short line of bytes, the form a `sceneflow test` worker streams
/// it in: `~`, a letter for the kind, then tab-separated fields. Text fields escape `\`, tab,
/// newline and carriage return as `\\`, `\t`, `\n`, `\r`; numbers are Swift's shortest
/// round-trip form; an absent line number is an empty field. Written and read without
/// `JSONEncoder`, since a test may stream thousands (a few hundred nanoseconds each).
///
/// - `~L` level, clock time, line, message (`.log`)
/// - `~D` count, clock time, line (`.logDropped`)
/// - `~B` clock start, line, group (`=name`, or empty for none), call (`.stepBegan`)
/// - `~E` clock end, wall seconds, `1`/`0` passed (`.stepEnded`)
/// - `~U` depth (`.unwound`); `~S` line (`.softFailed`); `~R` (`.reset`)
/// - `~P` phase, test failure (`=message`, or empty for none)[, the hook's line] (`.phase`)
/// - `~H` the hook's number (`.hook`); `~F` message (`.afterAllFailed`)
/// - `~V` kind, name, status, baseline (`=path`, or empty for none), message, then each file
///   as a kind and a path, sorted by kind (`.visual`); `~W` the same fields (`.visualAmended`)
extension TestRecordEvent {
    /// The first byte of every record line (`~`).
    public static let lineMark: UInt8 = 126

    /// The event as a line, newline included.
    public var line: [UInt8] {
        var out: [UInt8] = [Self.lineMark]
        func field(_ text: String) {
            out.append(9)
            Self.escape(text, into: &out)
        }
        func number(_ value: Double) { field(value.description) }
        func line(_ value: Int?) { field(value.map(String.init) ?? "") }
        switch self {
        case .log(let entry):
            out.append(76)  // L
            field(entry.level.rawValue)
            number(entry.clockTime)
            line(entry.line)
            field(entry.message)
        case .logDropped(let count, let clockTime, let at):
            out.append(68)  // D
            field(String(count))
            number(clockTime)
            line(at)
        case .stepBegan(let call, let at, let clockStart, let group, _):
            out.append(66)  // B
            number(clockStart)
            line(at)
            field(group.map { "=" + $0 } ?? "")
            field(call)
        case .stepEnded(let clockEnd, let wallSeconds, let passed):
            out.append(69)  // E
            number(clockEnd)
            number(wallSeconds)
            field(passed ? "1" : "0")
        case .unwound(let depth):
            out.append(85)  // U
            field(String(depth))
        case .softFailed(let text):
            out.append(83)  // S
            field(text)
        case .phase(let name, let testFailure, let at, let byExpectation):
            out.append(80)  // P
            field(name)
            // `=` before an error's text, `~` before an expectation's.
            field(testFailure.map { (byExpectation ? "~" : "=") + $0 } ?? "")
            if let at { line(at) }
        case .hook(let number):
            out.append(72)  // H
            field(String(number))
        case .afterAllFailed(let message):
            out.append(70)  // F
            field(message)
        case .visual(let record), .visualAmended(let record):
            if case .visual = self { out.append(86) } else { out.append(87) }  // V, W
            field(record.kind)
            field(record.name)
            field(record.status)
            field(record.baseline.map { "=" + $0 } ?? "")
            field(record.message)
            for (kind, path) in record.files.sorted(by: { $0.key < $1.key }) {
                field(kind)
                field(path)
            }
        case .reset:
            out.append(82)  // R
        }
        out.append(10)
        return out
    }

    /// Reads a line written by `line` (with or without its newline); nil for any other line.
    public init?(line bytes: some Collection<UInt8>) {
        var bytes = Array(bytes)
        if bytes.last == 10 { bytes.removeLast() }
        guard bytes.count >= 2, bytes[0] == Self.lineMark else { return nil }
        let kind = bytes[1]
        var fields: [String] = []
        if bytes.count > 2 {
            guard bytes[2] == 9 else { return nil }
            for part in bytes[3...].split(separator: 9, omittingEmptySubsequences: false) {
                guard let text = Self.unescape(part) else { return nil }
                fields.append(text)
            }
        }
        func number(_ index: Int) -> Double? { Double(fields[index]).flatMap { $0.isFinite ? $0 : nil } }
        func lineNumber(_ index: Int) -> Int?? {
            if fields[index].isEmpty { return .some(nil) }
            return Int(fields[index]).map { .some($0) }
        }
        switch (kind, fields.count) {
        case (76, 4):
            guard let level = TestLogEntry.Level(rawValue: fields[0]), let clock = number(1), let at = lineNumber(2)
            else { return nil }
            self = .log(TestLogEntry(level: level, clockTime: clock, line: at, message: fields[3]))
        case (68, 3):
            guard let count = Int(fields[0]), let clock = number(1), let at = lineNumber(2) else { return nil }
            self = .logDropped(count: count, clockTime: clock, line: at)
        case (66, 4):
            guard let clock = number(0), let at = lineNumber(1) else { return nil }
            let group: String?
            if fields[2].isEmpty {
                group = nil
            } else if fields[2].hasPrefix("=") {
                group = String(fields[2].dropFirst())
            } else {
                return nil
            }
            self = .stepBegan(call: fields[3], line: at, clockStart: clock, group: group)
        case (69, 3):
            guard let end = number(0), let wall = number(1), fields[2] == "1" || fields[2] == "0" else { return nil }
            self = .stepEnded(clockEnd: end, wallSeconds: wall, passed: fields[2] == "1")
        case (85, 1):
            guard let depth = Int(fields[0]) else { return nil }
            self = .unwound(depth: depth)
        case (83, 1): self = .softFailed(fields[0])
        case (80, 2), (80, 3):
            guard !fields[0].isEmpty, fields[1].isEmpty || fields[1].hasPrefix("=") || fields[1].hasPrefix("~")
            else { return nil }
            var at: Int? = nil
            if fields.count == 3 {
                guard let number = lineNumber(2) else { return nil }
                at = number
            }
            self = .phase(
                fields[0], testFailure: fields[1].isEmpty ? nil : String(fields[1].dropFirst()), line: at,
                byExpectation: fields[1].hasPrefix("~"))
        case (70, 1): self = .afterAllFailed(fields[0])
        case (72, 1):
            guard let number = Int(fields[0]), number >= 1 else { return nil }
            self = .hook(number)
        case (82, 0): self = .reset
        case (86, let count), (87, let count):
            guard count >= 5, (count - 5) % 2 == 0, fields[3].isEmpty || fields[3].hasPrefix("=") else { return nil }
            var files: [String: String] = [:]
            for pair in stride(from: 5, to: count, by: 2) { files[fields[pair]] = fields[pair + 1] }
            let record = VisualRecord(
                kind: fields[0], name: fields[1], status: fields[2], message: fields[4],
                baseline: fields[3].isEmpty ? nil : String(fields[3].dropFirst()), files: files)
            self = kind == 86 ? .visual(record) : .visualAmended(record)
        default: return nil
        }
    }

    /// Appends `text`'s UTF-8 with `\`, tab, newline and carriage return escaped.
    static func escape(_ text: String, into out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case 92: out += [92, 92]
            case 9: out += [92, 116]
            case 10: out += [92, 110]
            case 13: out += [92, 114]
            default: out.append(byte)
            }
        }
    }

    /// The text `escape` wrote; nil for a dangling or unknown escape.
    static func unescape(_ bytes: some Collection<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var escaped = false
        for byte in bytes {
            if escaped {
                switch byte {
                case 92: out.append(92)
                case 116: out.append(9)
                case 110: out.append(10)
                case 114: out.append(13)
                default: return nil
                }
                escaped = false
            } else if byte == 92 {
                escaped = true
            } else {
                out.append(byte)
            }
        }
        guard !escaped else { return nil }
        return String(decoding: out, as: UTF8.self)
    }
}
