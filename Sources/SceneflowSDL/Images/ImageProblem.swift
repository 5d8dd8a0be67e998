/// Why the structure check (`ImageStructure.problem`) refuses an image file: the reason, one
/// clause naming what it found, and whether the file is damaged or only too costly to decode.
/// A string literal is damage (`"the PNG is cut short: …"`); `.costly(…)` marks a decode-cost
/// budget (deflate blocks, chunks, scans, bytes a pixel), where the file may be well formed but
/// decoding it would cost seconds on every read: its message then does not call it "corrupt or
/// truncated" (red-team 36 Z1 and later passes: a budget refusal read as damage).
struct ImageProblem: Equatable, Sendable, ExpressibleByStringInterpolation {
    /// The clause naming what the check found.
    var reason: String
    /// True for a decode-cost budget, false for damage.
    var costly = false

    init(stringLiteral value: String) { reason = value }

    init(stringInterpolation: DefaultStringInterpolation) { reason = String(stringInterpolation: stringInterpolation) }

    /// A refusal for what decoding the file would cost, not for damage.
    static func costly(_ reason: String) -> ImageProblem {
        var problem = ImageProblem(stringLiteral: reason)
        problem.costly = true
        return problem
    }

    /// The error `ImageLoadError` for the file at `path`: `.tooCostly` or `.corrupt`.
    func error(path: String) -> ImageLoadError {
        costly ? .tooCostly(path: path, reason: reason) : .corrupt(path: path, reason: reason)
    }
}
