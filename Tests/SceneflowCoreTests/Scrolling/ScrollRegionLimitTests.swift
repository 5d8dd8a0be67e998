import Testing

@testable import SceneflowCore

/// QA pass 2, items 3, 10 and 12: a scrolling band thinner than 44 pt, a `height` shorter than
/// the screen, and the line of a landscape variant's scroll key.
@Suite struct ScrollRegionLimitTests {
    @Test func aBandThinnerThanTheMinimumTouchTargetIsAProblemWithTheNumbers() throws {
        let thin = try #require(ScrollRegion(header: 400, footer: 399.99).bandProblem(screenHeight: 800))
        #expect(
            thin.contains(
                "header = 400 pt + footer = 399.99 pt = 799.99 pt leaves a scrolling band only 0.01 pt tall: the screen is 800 pt tall and the scrolling band between header and footer must be at least 44 pt"
            ), "\(thin)")
        #expect(thin.contains("header + footer must add up to at most 756 pt"), "\(thin)")
        let headerOnly = try #require(ScrollRegion(header: 770).bandProblem(screenHeight: 800))
        #expect(headerOnly.hasPrefix("header = 770 pt leaves a scrolling band only 30 pt tall"), "\(headerOnly)")
        #expect(ScrollRegion(header: 378, footer: 378).bandProblem(screenHeight: 800) == nil, "exactly 44 pt")
        #expect(ScrollRegion(header: 378, footer: 378.5).bandProblem(screenHeight: 800) != nil)
    }

    @Test func aHeightShorterThanTheScreenIsAProblemAndAShortImageIsNamedAsTheScreen() throws {
        let small = try #require(ScrollRegion.heightProblem(givenHeight: 100, screenHeight: 800))
        #expect(
            small.contains(
                "height = 100 pt is shorter than the 800 pt screen: the content of a scroll region is at least the screen"
            ),
            "\(small)")
        #expect(ScrollRegion.heightProblem(givenHeight: 800, screenHeight: 800) == nil)
        #expect(ScrollRegion.heightProblem(givenHeight: nil, screenHeight: 800) == nil)
        // An image shorter than the screen: content counted as the screen, as ScrollGeometry does.
        let image = try #require(ScrollRegion(contentHeight: 400).immobileProblem(screenHeight: 800))
        #expect(image.contains("its image is only 400 pt tall, so its content is the 800 pt screen"), "\(image)")
        let geometry = ScrollGeometry(screenWidth: 360, screenHeight: 800, region: ScrollRegion(contentHeight: 400))
        #expect(geometry.contentHeight == 800)
    }

    static let twoHeaders = """
        return {
          scenes = {
            settings = {
              scroll = { header = 56, footer = 48 },
              landscape = { image = "l.png", scroll = { header = 300, footer = 100 } },
            },
            sheet = { image = "s.png", -- scroll = { header = 1 }
              scroll = {
                header = 250 } },
          },
        }
        """

    @Test func aLandscapeScrollKeyIsFoundInsideItsOwnTables() {
        #expect(SourceLineFinder.line(ofPathKey: "scenes.settings.landscape.scroll.header", in: Self.twoHeaders) == 5)
        #expect(SourceLineFinder.line(ofPathKey: "scenes.settings.scroll.header", in: Self.twoHeaders) == 4)
        #expect(SourceLineFinder.line(ofPathKey: "scenes.sheet.scroll.header", in: Self.twoHeaders) == 9)
        #expect(SourceLineFinder.line(ofPathKey: "scenes.sheet.scroll", in: Self.twoHeaders) == 8, "not the comment")
        #expect(SourceLineFinder.line(ofPathKey: "scenes.settings.scroll.height", in: Self.twoHeaders) == nil)
    }

    @Test func aKeyWrittenTwiceInTheSameTablesGivesNoLine() {
        let twice = """
            return { scenes = {
              a = { landscape = { scroll = { header = 1 } } },
              a = { landscape = { scroll = { header = 2 } } },
            } }
            """
        #expect(SourceLineFinder.line(ofPathKey: "scenes.a.landscape.scroll.header", in: twice) == nil)
        let built = """
            local s = { header = 300 }
            local t = { header = 20 }
            return { scenes = { a = { landscape = { scroll = s } } } }
            """
        #expect(SourceLineFinder.line(ofPathKey: "scenes.a.landscape.scroll.header", in: built) == nil, "never guess")
    }
}

extension ScrollRegionLimitTests {
    @Test func aScreenShorterThanTheMinimumBandSaysSo() throws {
        let tiny = try #require(ScrollRegion(header: 10).bandProblem(screenHeight: 36))
        #expect(tiny.contains("the screen is 36 pt tall, too short for a scroll region"), "\(tiny)")
        #expect(!tiny.contains("at most"), "\(tiny)")
    }
}
