import Foundation
import FoundationXML
import SceneflowCore
import Testing

@testable import SceneflowRunner

/// `ShownName`, which decides which two test names or script paths of a run are refused as
/// look-alikes, agrees with what the report writers really put in front of a reader. Generated:
/// pairs of names built from the characters each report writes otherwise (`#` and `＃`, control
/// characters and the text of their escapes, control pictures, U+FFFD, bidirectional controls,
/// white space, invisible characters, markup). For every pair `ShownName` lets through, each
/// report's text, read back as its reader parses it, differs; for every pair it refuses, the
/// report it names shows both alike (red-team 17 F1, F2: TAP and the console showed two names
/// as one, a PASS and a FAIL).
@Suite struct ShownNameAgreementTests {
    static let pieces = [
        "a", "b", " ", "  ", "#", "\u{FF03}", "\\", "\\\\", "\u{1B}", "\\u{1B}", "\u{241B}", "\u{1}", "\\u{1}",
        "\u{2401}",
        "\t", "\\t", "\n", "\\n", "\u{FFFD}", "\u{FFFE}", "\u{202E}", "\\u{202E}", "\u{2066}", "\u{200B}", "\u{A0}",
        "\u{85}", "\u{7F}", "\u{2421}", "<", "&lt;", "\"", "&", "e\u{301}", "\u{E9}", "\u{2028}", "\\u{2028}",
    ]

    /// Seeded names of 1 to 4 pieces, so a failure names the same pair on every run.
    static func names(count: Int) -> [String] {
        var state: UInt64 = 0x5CE9_EF10
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { _ in (0...next(4)).map { _ in pieces[next(pieces.count)] }.joined() }
    }

    /// What a reader of `report` sees of `name`, read back from the writer's own output.
    static func readBack(_ name: String, in report: ShownName.Report) throws -> String {
        switch report {
        case .console: return TerminalText.oneLine(name)
        case .tap: return TAPText.description(name)
        case .junit: return try xmlAttribute("<t n=\"\(JUnitReport.escape(name))\"/>")
        case .html: return htmlText(HTMLReport.e(name))
        }
    }

    @Test func everyPairLetThroughReadsDifferentlyInEveryReport() throws {
        let names = Self.names(count: 260)
        var refused = 0
        for (i, a) in names.enumerated() {
            for b in names[(i + 1)...] where !a.unicodeScalars.elementsEqual(b.unicodeScalars) {
                let twins = ShownName.firstTwins([a, b])
                for report in ShownName.Report.allCases {
                    let alike =
                        try UnicodeText.readerKey(Self.readBack(a, in: report))
                        == UnicodeText.readerKey(Self.readBack(b, in: report))
                    let claimed = twins?.reports.contains(report) ?? false
                    #expect(alike == claimed, "\(report) \(a.debugDescription) \(b.debugDescription)")
                }
                if twins != nil { refused += 1 }
            }
        }
        // The generator reaches both sides: pairs refused and pairs let through.
        #expect(refused > 50 && refused < names.count * names.count / 4, "\(refused)")
    }

    @Test(arguments: [
        ("a # b", "a \u{FF03} b", ShownName.Report.tap), ("x\u{1B}", "x\\u{1B}", .console),
        ("x\u{1B}", "x\u{241B}", .html), ("x\u{FFFE}", "x\u{FFFD}", .junit),
    ])
    func theRedTeamPairsAreTwinsInTheirReport(_ pair: (String, String, ShownName.Report)) {
        let twins = ShownName.firstTwins(["other", pair.0, pair.1])
        #expect(
            twins?.first == 1 && twins?.second == 2 && twins?.reports.first == pair.2, "\(String(describing: twins))")
    }

    private static func xmlAttribute(_ document: String) throws -> String {
        let reader = Reader()
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
        return reader.attribute
    }

    /// HTML text as a browser reads it: the five character references `XMLText.escape`
    /// writes resolved (an XML parser would refuse U+FFFE, which a browser shows).
    private static func htmlText(_ html: String) -> String {
        html.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var attribute = ""
        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            attribute = attributes["n"] ?? ""
        }
    }
}
