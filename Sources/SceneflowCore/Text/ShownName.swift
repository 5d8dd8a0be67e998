/// How each report shows a test name or a script path, and which two names of one run a
/// reader could not tell apart there.
///
/// Every report writes some characters as others (red-team 15 A3, 16 A-F1, 17 F1 and F2):
/// - the console writes a control character as the text `\u{1B}` (`TerminalText.oneLine`);
/// - TAP writes `#` as `＃` and a control character or bidirectional control as a space
///   (`TAPText.description`);
/// - JUnit, whose XML 1.0 cannot hold most control characters, U+FFFD
///   (`XMLText.readBackFromJUnit`);
/// - the HTML report a control character as its control picture, ESC as `␛`
///   (`XMLText.shownInHTML`).
///
/// Two names look the same in a report when what it shows of them has one
/// `UnicodeText.readerKey` (NFC, invisible characters removed, white space runs as one space).
/// JSON is not compared: it holds every name exactly.
public enum ShownName {
    /// The name reports give the entry of a file's failed `after_all` hooks; no test may take
    /// it, or a name any report shows as it (red-team 15 A3, 45 A W1).
    public static let afterAllEntry = "(after_all)"

    /// A report a person or a CI system reads names in.
    public enum Report: CaseIterable, Sendable {
        /// The console's lines (`sceneflow test` on standard output).
        case console
        /// `--tap`: test-point descriptions.
        case tap
        /// `--junit`: `name` and `classname` attributes as an XML reader reads them back.
        case junit
        /// `--html`: the page as a browser shows it.
        case html

        /// How a message names the report: "the console", "TAP", "JUnit", "the HTML report".
        public var title: String {
            switch self {
            case .console: "the console"
            case .tap: "TAP"
            case .junit: "JUnit"
            case .html: "the HTML report"
            }
        }
    }

    /// `text` as `report` shows it (the function that report writes it with).
    public static func shown(_ text: String, in report: Report) -> String {
        switch report {
        case .console: TerminalText.oneLine(text)
        case .tap: TAPText.description(text)
        case .junit: XMLText.readBackFromJUnit(text)
        case .html: XMLText.shownInHTML(text)
        }
    }

    /// Two names of a list that look the same in at least one report.
    public struct Twins: Equatable, Sendable {
        /// The index of the earlier name.
        public let first: Int
        /// The index of the later name.
        public let second: Int
        /// The reports that show the two alike, in `Report.allCases` order (never empty).
        public let reports: [Report]
        /// What the first of `reports` shows for both, its control characters escaped
        /// (`TerminalText.oneLine`), so a message can show it on one line.
        public let shownAs: String

        /// True when every report shows the two alike: they differ only in Unicode form, white
        /// space, or invisible or control characters.
        public var everywhere: Bool { reports.count == Report.allCases.count }

        /// "a report" when `everywhere`, else the first report that shows the two alike ("TAP").
        public var whereAlike: String { everywhere ? "a report" : reports[0].title }
    }

    /// The first name of `names` that looks the same as an earlier one in some report, with
    /// that earlier one; nil when every report shows every name differently. Linear in the
    /// total length of the names.
    public static func firstTwins(_ names: [String]) -> Twins? {
        var seen = [[String: Int]](repeating: [:], count: Report.allCases.count)
        for (index, name) in names.enumerated() {
            var keys: [String] = []
            var earlier: Int?
            for (r, report) in Report.allCases.enumerated() {
                let key = UnicodeText.readerKey(shown(name, in: report))
                keys.append(key)
                if earlier == nil, let j = seen[r][key] { earlier = j }
            }
            if let earlier {
                let reports = Report.allCases.enumerated().filter { seen[$0.offset][keys[$0.offset]] == earlier }.map(
                    \.element)
                return Twins(
                    first: earlier, second: index, reports: reports,
                    shownAs: TerminalText.oneLine(shown(name, in: reports[0])))
            }
            for r in keys.indices where seen[r][keys[r]] == nil { seen[r][keys[r]] = index }
        }
        return nil
    }
}
