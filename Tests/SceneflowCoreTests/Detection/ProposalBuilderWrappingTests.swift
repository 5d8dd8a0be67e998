import Testing

@testable import SceneflowCore

/// `ProposalBuilder` on labels that take two lines (names under app icons, wrapped titles), on
/// lines that only look like a label's second line, and on the screen's title.
@Suite struct ProposalBuilderWrappingTests {
    static let builder = ProposalBuilderTests.builder

    static func word(_ text: String, _ x: Int, _ y: Int, _ w: Int, _ h: Int = 42, confidence: Double = 95)
        -> RecognizedWord
    {
        RecognizedWord(text: text, confidence: confidence, box: PixelRect(x: x, y: y, width: w, height: h))
    }

    /// Three columns of app names under icons: a name that wraps, one followed by a dash, one
    /// ending with a colon, each with its size under it.
    @Test func aNameWrappedUnderAnIconIsOneLabelUnlessItsFirstLineEndsAClause() {
        let words = [
            Self.word("Microsoft", 40, 1100, 200, 36), Self.word("Stashfin", 400, 1100, 180, 36),
            Self.word("-", 595, 1115, 12, 5), Self.word("Google", 760, 1100, 140, 36),
            Self.word("Pay:", 915, 1100, 85, 36),
            Self.word("Outlook", 40, 1160, 160, 36), Self.word("Lite", 215, 1160, 75, 36),
            Self.word("Personal", 400, 1160, 190, 36), Self.word("Loan", 605, 1160, 85, 36),
            Self.word("Secure", 760, 1160, 150, 36), Self.word("UPI", 925, 1160, 75, 36),
            Self.word("34", 40, 1220, 40, 27), Self.word("MB", 90, 1220, 50, 27),
        ]
        let labels = Self.builder.proposals(words).map(\.label)
        #expect(labels.contains("Microsoft Outlook Lite"), "\(labels)")
        #expect(labels.contains("Stashfin"), "\(labels)")
        #expect(labels.contains("Google Pay"), "\(labels)")
        #expect(!labels.contains { $0.contains("MB") }, "\(labels)")
    }

    /// A title over two lines whose second line has no descenders (its letters are shorter).
    @Test func aWrappedTitleWithAShorterSecondLineIsOneLabel() {
        let words = [
            Self.word("Apple", 67, 2053, 113, 42), Self.word("slices", 196, 2053, 112, 34),
            Self.word("its", 325, 2054, 45, 33), Self.word("AI", 385, 2055, 36, 31),
            Self.word("image", 440, 2054, 120, 41), Self.word("synthesis", 576, 2053, 186, 42),
            Self.word("half", 69, 2118, 73, 35), Self.word("with", 155, 2119, 80, 34),
            Self.word("new", 253, 2128, 77, 25),
            Self.word("Stable", 345, 2119, 123, 34),
        ]
        let proposals = Self.builder.proposals(words)
        #expect(proposals.map(\.label) == ["Apple slices its AI image synthesis half with new Stable"], "\(proposals)")
    }

    /// A package name under an app's name is not more of the name.
    @Test func aPackageNameUnderALabelIsNotPartOfIt() {
        let words = [
            Self.word("3", 60, 900, 25), Self.word("Button", 100, 900, 150), Self.word("Navigation", 265, 900, 250),
            Self.word("Bar", 530, 900, 80),
            Self.word("com.android.internal.systemui.navbar", 60, 960, 700, 40),
        ]
        let labels = Self.builder.proposals(words).map(\.label)
        #expect(labels.first == "3 Button Navigation Bar", "\(labels)")
    }

    /// A short word read with little confidence (a picture read as "Ale") is left out, so it
    /// does not take the name under it into its row.
    @Test func aShortWordReadWithLittleConfidenceIsLeftOut() {
        let words = [
            Self.word("Ale", 54, 1944, 819, 378, confidence: 53), Self.word("Stashfin", 57, 2376, 204, 45),
        ]
        #expect(Self.builder.proposals(words).map(\.label) == ["Stashfin"])
    }

    /// Only a large line with no text above it is the screen's title; a large section heading
    /// under a tab bar is a row a person taps.
    @Test func onlyTheTopmostLargeLineIsTheTitle() {
        let words = [
            Self.word("Apps", 160, 197, 130, 53),
            Self.word("For", 75, 350, 57, 27), Self.word("you", 155, 357, 58, 27),
            Self.word("Top", 282, 350, 65, 33), Self.word("charts", 365, 348, 118, 28),
            Self.word("Categories", 552, 348, 203, 35),
            Self.word("Educational", 77, 473, 242, 52), Self.word("apps", 343, 487, 90, 35),
            Self.word("Duolingo", 33, 803, 130, 30), Self.word("Wikipedia", 785, 803, 135, 30),
        ]
        let proposals = Self.builder.proposals(words)
        let heading = try! #require(proposals.first { $0.label == "Educational apps" }, "\(proposals)")
        #expect(heading.kind != .title && heading.confidence >= 0.5)  // `sceneflow detect`'s default minimum
        #expect(proposals.first { $0.label == "Apps" }?.kind == .title)
    }
}
