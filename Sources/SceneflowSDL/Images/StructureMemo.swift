import SceneflowCore
import Synchronization

/// The structure verdicts (`ImageStructure.problem`) found in this process, by content: the
/// bytes' `ContentHash`, their format and declared size. One command reads a screenshot
/// several times (the pixel check, the decode that draws it, the aspect-ratio warning), and
/// each read checked the structure again: for a PNG that inflates all of its pixel data, so
/// a `check` or `render` made five passes over it where three are decodes (red-team 39 H1: a
/// 36-megapixel PNG cut into 264 000 deflate blocks with the costliest Huffman tables cost
/// `check` 10.9 s). Problems are kept as well as passes (a verdict is a function of the
/// bytes). Hashing costs about 1 ms per MB in a release build, a fiftieth of the inflating it
/// saves. Thread-safe: images are checked on every core.
enum StructureMemo {
    /// At most this many verdicts are kept (the memo is emptied when full).
    static let capacity = 1_024
    private static let verdicts = Mutex<[String: ImageProblem?]>([:])

    /// The verdict for `bytes` checked as `format` of `width` x `height` px: the one found
    /// before for equal bytes, else `find()`'s, kept.
    static func problem(
        _ bytes: [UInt8], format: String, width: Int, height: Int, find: () -> ImageProblem?
    ) -> ImageProblem? {
        let key = key(bytes, format: format, width: width, height: height)
        if let known = verdicts.withLock({ $0[key] }) { return known }
        let verdict = find()
        verdicts.withLock { verdicts in
            if verdicts.count >= capacity { verdicts.removeAll() }
            verdicts[key] = .some(verdict)
        }
        return verdict
    }

    /// The verdict kept for `bytes` checked as `format` of `width` x `height` px: `.some(nil)`
    /// for a pass, `.some(problem)`, or nil when none is kept.
    static func kept(_ bytes: [UInt8], format: String, width: Int, height: Int) -> ImageProblem?? {
        let key = key(bytes, format: format, width: width, height: height)
        return verdicts.withLock { $0[key] }
    }

    private static func key(_ bytes: [UInt8], format: String, width: Int, height: Int) -> String {
        "\(ContentHash.of(bytes)) \(format) \(width)x\(height)"
    }
}
