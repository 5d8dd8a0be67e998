/// One word text recognition read on a screen, in the screen's pixels (the screen area cut out
/// of the screenshot, top-left origin): what `SceneflowOCR` gives and the detection cache keeps.
public struct RecognizedWord: Equatable, Sendable, Codable {
    /// The word as read (UTF-8 text, no spaces).
    public var text: String
    /// The recogniser's confidence, 0 to 100.
    public var confidence: Double
    /// The word's box in screen pixels.
    public var box: PixelRect
    /// True when the word sits on a busy background (a photo, a map, an icon): text a designer
    /// would not tap (see `BusyBackground`).
    public var onBusyBackground: Bool
    /// The flat coloured block (a card, a filled button: `TextBlocks`) the word's centre lies
    /// in, as an index into the screen's blocks, or nil on the page itself. Words in different
    /// blocks are never one line or one row (two cards side by side).
    public var block: Int?

    /// Creates a word.
    public init(
        text: String, confidence: Double, box: PixelRect, onBusyBackground: Bool = false, block: Int? = nil
    ) {
        self.text = text
        self.confidence = confidence
        self.box = box
        self.onBusyBackground = onBusyBackground
        self.block = block
    }
}

extension PixelRect: Codable {
    /// Decodes `[x, y, w, h]`.
    public init(from decoder: any Decoder) throws {
        var values = try decoder.unkeyedContainer()
        self.init(
            x: try values.decode(Int.self), y: try values.decode(Int.self), width: try values.decode(Int.self),
            height: try values.decode(Int.self))
    }

    /// Encodes `[x, y, w, h]`.
    public func encode(to encoder: any Encoder) throws {
        var values = encoder.unkeyedContainer()
        try values.encode(x)
        try values.encode(y)
        try values.encode(width)
        try values.encode(height)
    }
}
