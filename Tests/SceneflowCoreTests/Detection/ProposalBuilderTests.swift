import Testing

@testable import SceneflowCore

/// `ProposalBuilder` on words laid out as screens lay them out (1080x2400 px at scale 3).
@Suite struct ProposalBuilderTests {
    static let builder = ProposalBuilder(
        screenWidth: 1080, screenHeight: 2400, device: Device(width: 360, height: 800, scale: 3))

    static func word(_ text: String, _ x: Int, _ y: Int, _ w: Int, _ h: Int = 36, busy: Bool = false) -> RecognizedWord
    {
        RecognizedWord(
            text: text, confidence: 95, box: PixelRect(x: x, y: y, width: w, height: h), onBusyBackground: busy)
    }

    @Test func aTitleWithASubtitleAndAValueIsOneFullWidthRow() {
        let words = [
            Self.word("KDE", 230, 1094, 90), Self.word("Connect", 340, 1094, 180),
            Self.word("1.35.9", 850, 1095, 90, 26),
            Self.word("By", 238, 1150, 40, 33), Self.word("F-Droid", 295, 1150, 135, 33),
        ]
        let proposals = Self.builder.proposals(words)
        #expect(proposals.count == 1, "\(proposals)")
        #expect(proposals.first?.label == "KDE Connect")
        #expect(proposals.first?.kind == .row)
        #expect(proposals.first?.frame.x == 0 && proposals.first?.frame.width == 360)
    }

    @Test func shortLabelsGrowTo44PointsAndStayOnScreen() {
        let proposals = Self.builder.proposals([Self.word("OK", 1050, 2380, 30, 20)])
        let frame = try! #require(proposals.first?.frame)
        #expect(frame.width >= 44 && frame.height >= 44)
        #expect(frame.x + frame.width <= 360 && frame.y + frame.height <= 800)
    }

    @Test func threeShortLabelsInABarAreTabs() {
        let words = [
            Self.word("All", 80, 320, 50), Self.word("Fashion", 330, 320, 110), Self.word("Food", 620, 320, 70),
        ]
        #expect(Self.builder.proposals(words).map(\.kind) == [.tab, .tab, .tab])
    }

    @Test func statusBarBusyBackgroundsAndFragmentsAreLeftOut() {
        let words = [
            Self.word("4:11", 44, 22, 63, 27), Self.word("Mainstreet", 300, 900, 200, busy: true),
            RecognizedWord(text: "ro", confidence: 26, box: PixelRect(x: 931, y: 300, width: 74, height: 48)),
            Self.word(">", 500, 1200, 20),
        ]
        #expect(Self.builder.proposals(words).isEmpty)
    }

    @Test func aBusyBandAroundAWordIsBusy() {
        var flat = GrayImage(width: 100, height: 60, pixels: [UInt8](repeating: 240, count: 6000))
        let box = PixelRect(x: 30, y: 20, width: 40, height: 20)
        for y in 22..<38 { for x in stride(from: 32, to: 68, by: 3) { flat.pixels[y * 100 + x] = 20 } }
        #expect(!BusyBackground.isBusy(box, in: flat))
        var photo = flat
        for i in photo.pixels.indices where !(20..<40).contains(i / 100) || !(30..<70).contains(i % 100) {
            photo.pixels[i] = UInt8((i * 97) % 256)
        }
        #expect(BusyBackground.isBusy(box, in: photo))
    }

    @Test func scoresMatchLooselyButOncePerLabel() {
        let (score, missed) = DetectionScore.score(
            ["Enable background", "Code", "Settings"], truth: ["Enable background updates", "Code", "Code"])
        #expect(score.found == 2 && score.correct == 2 && score.proposals == 3 && score.truths == 3)
        #expect(missed == ["Code"])
    }
}
