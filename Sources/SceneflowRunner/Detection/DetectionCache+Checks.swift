import SceneflowCore
import SceneflowSDL

/// What a stored reading must be to be used (red-team finding p14): the cache is a file
/// anyone can edit or a crash can cut, and its numbers go straight into the proposal
/// builder's arithmetic, so an entry that no reading of a screen could have made is a miss
/// and the screen is read again.
extension DetectionCache.Entry {
    /// The most words one entry may hold: far more than any screen shows.
    static let maxWords = 100_000
    /// The most UTF-8 bytes of one word: a label's limit (1 KiB).
    static let maxWordBytes = 1024

    /// True when the screen size is one a decoded image can have (`ImageLimits.standard`)
    /// and every word is `plausible(_:)`.
    var isPlausible: Bool {
        let limits = ImageLimits.standard
        guard (1...limits.maxSide).contains(width), (1...limits.maxSide).contains(height),
            width * height <= limits.maxPixels, words.count <= Self.maxWords
        else { return false }
        return words.allSatisfy(plausible)
    }

    /// True for a word with text (one line of at most `maxWordBytes`, no control
    /// characters), a confidence from 0 to 100, a box of at least one pixel inside the
    /// screen and no negative block index.
    func plausible(_ word: RecognizedWord) -> Bool {
        let box = word.box
        guard word.confidence.isFinite, (0...100).contains(word.confidence),
            box.x >= 0, box.y >= 0, box.width >= 1, box.height >= 1,
            box.width <= width - box.x, box.height <= height - box.y,
            (word.block ?? 0) >= 0,
            !word.text.isEmpty, word.text.utf8.count <= Self.maxWordBytes
        else { return false }
        return !word.text.unicodeScalars.contains {
            $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
        }
    }
}
