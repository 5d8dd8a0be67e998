import Foundation
import SceneflowCore
import SceneflowOCR
import SceneflowSDL

/// Reads the text on a prototype's scenes and proposes elements (issue 16.1): the scene's
/// screen area (inside the phone frame for framed screenshots) in grayscale (light text on
/// dark is left to Tesseract, which reads such lines inverted), enlarged 2x when it is under
/// `smallWidth` px across, read by Tesseract in sparse text mode, then its flat coloured blocks
/// (`TextBlocks`) with no word read in them again one by one; words on busy backgrounds are
/// marked (`BusyBackground`), and each word with its block; `ProposalBuilder` makes the
/// proposals. Readings are cached per image content (`DetectionCache`).
public struct TextDetector: Sendable {
    /// The default minimum confidence of a proposal (`sceneflow detect --min-confidence`).
    public static let defaultMinimum = 0.5
    /// Screens narrower than this (pixels) are read at twice their size.
    public static let smallWidth = 800
    /// The preparation steps, part of every cache key (change it when they change).
    static let preparation =
        "gray, invert-dark, 2x-under-\(smallWidth), busy-\(BusyBackground.tolerance)-\(BusyBackground.busyShare), "
        + "blocks-\(TextBlocks.tile)-\(TextBlocks.pageDistance)-\(TextBlocks.flatSpread)-wide-otsu-marked"

    /// The cache (folder nil: off).
    public let cache: DetectionCache
    /// How pictures are decoded.
    public let loader: PictureLoader
    /// Tesseract's settings.
    public let settings: TextRecognizer.Settings

    /// A detector using `cache`.
    public init(
        cache: DetectionCache, loader: PictureLoader = PictureLoader(), settings: TextRecognizer.Settings = .init()
    ) {
        self.cache = cache
        self.loader = loader
        self.settings = settings
    }

    /// What reading one scene gave.
    public struct SceneResult: Sendable {
        /// The scene's name.
        public let scene: String
        /// The proposals, top to bottom.
        public let proposals: [DetectionProposal]
        /// True when the reading came from the cache.
        public let cached: Bool
        /// Seconds after which reading the screen was stopped (`readingSeconds`), so the
        /// proposals are those read before it; nil when it was read whole.
        public var stoppedAfter: Double? = nil
    }

    /// Real seconds reading one screen may take (Tesseract's deadline, shared by the page and
    /// its blocks): a 1080x2400 screenshot of noise took 7.6 s and a 5790x5790 one more than
    /// 300 s with no message (red-team 10 m5); real screens take under a second.
    public static let readingSeconds = 20.0

    /// What a reading stopped after `seconds` means, for a warning after the scene's place.
    public static func stoppedMessage(_ seconds: Double) -> String {
        "reading its text stopped after \(formatNumber(seconds)) s of real time (a photo or noise?): "
            + "the proposals are those read before it"
    }

    /// Reads scene `scene` of `prototype` and proposes its elements.
    ///
    /// - Throws: the image's load error (`ImageLoadError`), `TextRecognizer.Failure`.
    public func detect(_ scene: Scene, in prototype: Prototype, recognizer: () throws -> TextRecognizer) throws
        -> SceneResult
    {
        let path = (prototype.directory as NSString).appendingPathComponent(scene.image)
        let data = try RegularFile.read(path)
        let key = [
            ContentHash.of([UInt8](data)), "screen \(scene.screen)", "tesseract \(TextRecognizer.version)",
            settings.description, Self.preparation,
        ].joined(separator: " | ")
        let reading: (width: Int, height: Int, words: [RecognizedWord])
        var cached = false
        var stopped = false
        if let stored = cache.read(key) {
            reading = stored
            cached = true
        } else {
            let picture = try loader.load(data: data, path: path)
            let rect = try picture.screenRect(for: scene.screen)
            let screen = GrayImage(try picture.screenImage(for: scene.screen, width: rect.width, height: rect.height))
            let words = try Self.read(screen, with: try recognizer(), stopped: &stopped)
            reading = (rect.width, rect.height, words)
            // A reading cut short is not kept: the next run tries again.
            if !stopped { cache.write(key, width: rect.width, height: rect.height, words: words) }
        }
        let builder = ProposalBuilder(
            screenWidth: reading.width, screenHeight: reading.height, device: prototype.device)
        var result = SceneResult(scene: scene.name, proposals: builder.proposals(reading.words), cached: cached)
        if stopped { result.stoppedAfter = Self.readingSeconds }
        return result
    }

    /// The words on `screen` (boxes in its pixels), each marked when on a busy background: the
    /// page read once with the settings' threshold, then each flat coloured block
    /// (`TextBlocks`) with no word read in it read again on its own with Otsu's threshold (light
    /// text on a mid-tone fill: white names on coloured cards, a filled button), keeping the
    /// words that overlap none read before. Each word is marked with the block it lies in.
    /// Reading stops `readingSeconds` after it began; `stopped` is then set.
    static func read(_ screen: GrayImage, with recognizer: TextRecognizer, stopped: inout Bool) throws
        -> [RecognizedWord]
    {
        let deadline = ProcessInfo.processInfo.systemUptime + readingSeconds
        func left() -> Double { deadline - ProcessInfo.processInfo.systemUptime }
        let inverted = screen.isDark ? screen.inverted() : screen
        let factor = screen.width < smallWidth ? 2 : 1
        let prepared = factor == 2 ? inverted.enlarged() : inverted
        func scaled(_ box: PixelRect, by offset: PixelRect? = nil) -> PixelRect {
            let x = box.x + (offset?.x ?? 0)
            let y = box.y + (offset?.y ?? 0)
            return PixelRect(
                x: x / factor, y: y / factor, width: max(1, box.width / factor), height: max(1, box.height / factor))
        }
        var words = try recognizer.words(in: prepared, within: left()).map { word in
            var w = word
            w.box = scaled(word.box)
            return w
        }
        stopped = recognizer.stoppedAtDeadline
        let blocks = TextBlocks.find(in: inverted)
        for block in blocks where !words.contains(where: { Self.confident($0, in: block) }) {
            guard !stopped, left() > 0 else {
                stopped = true
                break
            }
            let area = PixelRect(
                x: block.x * factor, y: block.y * factor, width: block.width * factor, height: block.height * factor)
            let found = try recognizer.words(in: prepared.cropped(area), thresholding: 0, within: left())
            stopped = stopped || recognizer.stoppedAtDeadline
            for word in found {
                var w = word
                w.box = scaled(word.box, by: area)
                if !words.contains(where: { Self.overlap($0.box, w.box) }) { words.append(w) }
            }
        }
        for i in words.indices {
            words[i].onBusyBackground = BusyBackground.isBusy(words[i].box, in: screen)
            let box = words[i].box
            words[i].block = blocks.firstIndex { Self.centre(of: box, isIn: $0) }
        }
        return words
    }

    /// True for a word read with confidence 80 or more, with three letters or digits, whose
    /// centre lies in `block`: the block's text was read.
    static func confident(_ word: RecognizedWord, in block: PixelRect) -> Bool {
        let letters = word.text.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        return word.confidence >= 80 && letters.count >= 3 && centre(of: word.box, isIn: block)
    }

    /// True when the centre of `box` lies in `block`.
    static func centre(of box: PixelRect, isIn block: PixelRect) -> Bool {
        let cx = box.x + box.width / 2
        let cy = box.y + box.height / 2
        return cx >= block.x && cx < block.x + block.width && cy >= block.y && cy < block.y + block.height
    }

    /// True when the two boxes overlap by a third of the smaller one's area.
    static func overlap(_ a: PixelRect, _ b: PixelRect) -> Bool {
        let w = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        let h = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        guard w > 0, h > 0 else { return false }
        return w * h * 3 >= min(a.width * a.height, b.width * b.height)
    }
}
