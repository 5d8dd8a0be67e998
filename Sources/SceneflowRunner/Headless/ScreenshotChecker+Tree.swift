import Foundation
import SceneflowCore
import SceneflowSDL

/// `expect.tree`: the element tree of the frame against a baseline outline or an inline one.
extension ScreenshotChecker {
    func tree(name: String?, expected: String?, session: Session, final: Bool) -> VisualCheckResult {
        guard let name else { return tree(name: nil, expected: expected, session: session, final: final, mode: mode) }
        let path = (baselineFolder as NSString).appendingPathComponent(name + ".tree.txt")
        let writer = earlierWriter(of: path)
        let result = tree(
            name: name, expected: expected, session: session, final: final, mode: writer == nil ? mode : .never)
        return shared(result, kind: "tree", name: name, at: path, writtenBy: writer)
    }

    /// `tree(name:expected:session:final:)` with baselines written as `mode` says.
    private func tree(name: String?, expected: String?, session: Session, final: Bool, mode: BaselineMode)
        -> VisualCheckResult
    {
        let actual = ElementTree.outline(session)
        var baseline: String?
        var wanted = expected
        if let name {
            let path = (baselineFolder as NSString).appendingPathComponent(name + ".tree.txt")
            baselinesUsed.insert(path)
            baseline = path
            if let escape = baselineEscape(path) ?? spellingClash(path, kind: "baseline") {
                return note("tree", name, .failed(message: escape), path)
            }
            let exists = FileManager.default.fileExists(atPath: path)
            if mode == .all || (!exists && (mode == .missing || mode == .changed)) {
                if !final && session.timedActionPending {
                    return .retry(
                        message: "the scene's timed action has not fired yet; the baseline is recorded after it")
                }
                if let problem = replacesInput(path) { return note("tree", name, .failed(message: problem), path) }
                let other: EarlierWriter?
                do {
                    other = try claim(path) {
                        try FileManager.default.createDirectory(
                            atPath: baselineFolder, withIntermediateDirectories: true)
                        try AtomicFile.write(actual, to: path)
                    }
                } catch {
                    let kept = exists ? "; the old baseline is kept" : ""
                    return note(
                        "tree", name,
                        .failed(message: "could not write the baseline \(path): \(Self.reason(error))\(kept)"),
                        path)
                }
                if let other {
                    // Another script's check wrote it first in this run: compared with.
                    let compared = tree(name: name, expected: expected, session: session, final: final, mode: .never)
                    return shared(compared, kind: "tree", name: name, at: path, writtenBy: other)
                }
                return note("tree", name, .recorded(path: path), path)
            }
            let data: Data
            do {
                // A text baseline needs no more than a script may hold (red-team finding 9-R8:
                // one padded to 2 GB was read whole).
                data = try RegularFile.read(path, limit: 16 << 20)
            } catch {
                let message =
                    error == .missing
                    ? "no text baseline at \(path); record it with --update-baselines"
                    : "cannot read the text baseline \(path): \(error)"
                return note("tree", name, .failed(message: message), path)
            }
            // A file that is there but is not UTF-8 text is not a missing baseline.
            guard let text = String(validating: data, as: UTF8.self) else {
                return note(
                    "tree", name,
                    .failed(
                        message:
                            "the text baseline \(path) is not UTF-8 text (\(data.count) bytes); record it again with --update-baselines"
                    ), path)
            }
            wanted = text
        }
        let expectedLines = expectedLines(wanted ?? "")
        let actualLines = Self.lines(actual)
        if expectedLines == actualLines {
            if mode == .changed, let name, let baseline, let other = claimPass(baseline) {
                // Another worker's check rewrote it after this one read it: compared again.
                let again = tree(name: name, expected: expected, session: session, final: final, mode: .never)
                return shared(again, kind: "tree", name: name, at: baseline, writtenBy: other)
            }
            return note("tree", name ?? "inline", .passed(note: "same tree"), baseline)
        }
        if final, mode == .changed, let name, let baseline {
            if let problem = replacesInput(baseline) {
                return note("tree", name, .failed(message: problem), baseline)
            }
            let other: EarlierWriter?
            do {
                other = try claim(baseline) { try AtomicFile.write(actual, to: baseline) }
            } catch {
                return note(
                    "tree", name,
                    .failed(
                        message:
                            "could not rewrite the baseline \(baseline): \(Self.reason(error)); the old baseline is kept"
                    ),
                    baseline)
            }
            if let other {
                // Written in this run by another script's check: compared with, as it is.
                let compared = tree(name: name, expected: expected, session: session, final: final, mode: .never)
                return shared(compared, kind: "tree", name: name, at: baseline, writtenBy: other)
            }
            return updated("tree", name, at: baseline, because: "the tree differed")
        }
        let index =
            Array(zip(expectedLines, actualLines)).firstIndex { $0.0 != $0.1 }
            ?? min(expectedLines.count, actualLines.count)
        let e = index < expectedLines.count ? "\"\(expectedLines[index])\"" : "(no line)"
        let a = index < actualLines.count ? "\"\(actualLines[index])\"" : "(no line)"
        let message = "line \(index + 1) differs: expected \(e), got \(a); the tree is:\n\(actual)"
        return final ? note("tree", name ?? "inline", .failed(message: message), baseline) : .retry(message: message)
    }

    /// Lines without trailing spaces, and without leading/trailing empty lines; indentation
    /// is kept but a common indent of the expected text is removed. CRLF line ends and a
    /// leading byte order mark read as LF and nothing: a baseline checked out by git with
    /// `core.autocrlf`, or saved by an editor that adds a BOM, is the same outline (red-team 46
    /// B B2: the whole file read as its line 1 and failed).
    static func lines(_ text: String) -> [String] {
        var text = text.replacingOccurrences(of: "\r\n", with: "\n")
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var kept = line
            while kept.last == " " { kept = kept.dropLast() }
            return kept
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { String($0.dropFirst(indent)) }
    }
}
