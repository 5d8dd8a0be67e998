import Testing

@testable import SceneflowCore

/// `TextBlocks` on drawn screens: a coloured card with light text on a white page is a block;
/// the page itself, a block too small for a label, a square app icon and a photo are not.
@Suite struct TextBlocksTests {
    /// A 400x300 px white page.
    static func page() -> GrayImage {
        GrayImage(width: 400, height: 300, pixels: [UInt8](repeating: 252, count: 120_000))
    }

    static func fill(_ image: inout GrayImage, _ rect: PixelRect, _ value: (Int, Int) -> UInt8) {
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) { image.pixels[y * image.width + x] = value(x, y) }
        }
    }

    @Test func aCardWithLightTextIsABlockAndThePageIsNot() {
        var image = Self.page()
        #expect(TextBlocks.find(in: image).isEmpty)
        let card = PixelRect(x: 16, y: 40, width: 208, height: 96)
        Self.fill(&image, card) { _, _ in 140 }  // pink's luma
        Self.fill(&image, PixelRect(x: 40, y: 76, width: 160, height: 24)) { x, _ in x % 6 < 2 ? 255 : 140 }  // text
        #expect(TextBlocks.find(in: image) == [card])
    }

    @Test func smallBlocksSquareIconsAndPhotosAreNotBlocks() {
        var image = Self.page()
        Self.fill(&image, PixelRect(x: 16, y: 16, width: 64, height: 64)) { _, _ in 90 }  // too small
        Self.fill(&image, PixelRect(x: 200, y: 8, width: 112, height: 112)) { _, _ in 60 }  // a square icon
        Self.fill(&image, PixelRect(x: 16, y: 120, width: 320, height: 160)) { x, y in
            UInt8(40 + (x * 7919 + y * 104_729) % 120)  // a photo: no two pixels alike
        }
        #expect(TextBlocks.find(in: image).isEmpty)
    }

    @Test func aCropKeepsItsPixels() {
        var image = Self.page()
        image.pixels[21 * 400 + 11] = 7
        let crop = image.cropped(PixelRect(x: 10, y: 20, width: 5, height: 4))
        #expect(crop.width == 5 && crop.height == 4 && crop.pixels[1 * 5 + 1] == 7)
        #expect(image.cropped(PixelRect(x: 390, y: 290, width: 50, height: 50)).width == 10)
    }
}

/// `ProposalBuilder` on words in blocks (`RecognizedWord.block`): labels on two cards side by
/// side stay two labels.
@Suite struct ProposalBuilderBlockTests {
    static func word(_ text: String, _ x: Int, _ y: Int, _ w: Int, _ h: Int, block: Int?) -> RecognizedWord {
        RecognizedWord(text: text, confidence: 96, box: PixelRect(x: x, y: y, width: w, height: h), block: block)
    }

    /// Two large names with a wide gap between them, one on each card: not one line.
    @Test func namesOnTwoCardsAreNotOneLine() {
        let words = [
            Self.word("Bookshop", 75, 510, 394, 86, block: 0), Self.word("Cafeteria", 612, 492, 401, 115, block: 1),
        ]
        let labels = ProposalBuilderTests.builder.proposals(words).map(\.label)
        #expect(labels.sorted() == ["Bookshop", "Cafeteria"], "\(labels)")
    }

    /// A name on the right card, at the screen's right edge, is not a value beside the name on
    /// the left card (as "Dark" is beside "Theme" on a settings row).
    @Test func aNameOnTheRightCardIsNotAValueBesideTheLeftOne() {
        let words = [
            Self.word("Clothing", 71, 870, 232, 60, block: 2), Self.word("Store", 324, 871, 149, 47, block: 2),
            Self.word("Department", 626, 877, 245, 44, block: 3), Self.word("Store", 885, 877, 111, 35, block: 3),
        ]
        let labels = ProposalBuilderTests.builder.proposals(words).map(\.label)
        #expect(labels.sorted() == ["Clothing Store", "Department Store"], "\(labels)")
    }
}
