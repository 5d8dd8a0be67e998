import Foundation
import SceneflowCore
import SceneflowOCR
import SceneflowSDL

/// Reads the text on a prototype's scenes and proposes elements (issue 16.1): the scene's
/// screen area (inside the phone frame for framed screenshots) in grayscale (light text on
/// dark is left to Tesseract, which reads such lines inverted), enlarged 2x when it is under `smallWidth` px across, read by Tesseract in sparse
/// text mode; words on busy backgrounds are marked (`BusyBackground`); `ProposalBuilder`
/// makes the proposals. Readings are cached per image content (`DetectionCache`).
public struct TextDetector: Sendable {
    /// The default minimum confidence of a proposal (`sceneflow detect --min-confidence`).
    public static let defaultMinimum = 0.5
    /// Screens narrower than this (pixels) are read at twice their size.
    public static let smallWidth = 800
    /// The preparation steps, part of every cache key (change it when they change).
    static let preparation =
        "gray, invert-dark, 2x-under-\(smallWidth), busy-\(BusyBackground.tolerance)-\(BusyBackground.busyShare)"

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
        if let stored = cache.read(key) {
            reading = stored
            cached = true
        } else {
            let picture = try loader.load(data: data, path: path)
            let rect = try picture.screenRect(for: scene.screen)
            let screen = GrayImage(try picture.screenImage(for: scene.screen, width: rect.width, height: rect.height))
            let words = try Self.read(screen, with: try recognizer())
            reading = (rect.width, rect.height, words)
            cache.write(key, width: rect.width, height: rect.height, words: words)
        }
        let builder = ProposalBuilder(
            screenWidth: reading.width, screenHeight: reading.height, device: prototype.device)
        return SceneResult(scene: scene.name, proposals: builder.proposals(reading.words), cached: cached)
    }

    /// The words on `screen` (boxes in its pixels), each marked when on a busy background.
    static func read(_ screen: GrayImage, with recognizer: TextRecognizer) throws -> [RecognizedWord] {
        var prepared = screen.isDark ? screen.inverted() : screen
        let factor = screen.width < smallWidth ? 2 : 1
        if factor == 2 { prepared = prepared.enlarged() }
        return try recognizer.words(in: prepared).map { word in
            var w = word
            w.box = PixelRect(
                x: word.box.x / factor, y: word.box.y / factor, width: max(1, word.box.width / factor),
                height: max(1, word.box.height / factor))
            w.onBusyBackground = BusyBackground.isBusy(w.box, in: screen)
            return w
        }
    }
}
