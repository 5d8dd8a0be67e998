/// Recall and precision of detected labels against a hand-written ground truth (issue 16.1's
/// measure): each truth label (alternatives separated by `|`) is matched to at most one
/// proposal and each proposal to at most one truth label. Labels compare after folding case
/// and punctuation to spaces; a proposal also matches when it is the start of the truth label
/// and at least half of it (a row's first line of a wrapped label), when the truth label is
/// the start of it and at least 60 % of it, or within an edit distance of a fifth of the
/// longer (one for short labels) for labels of four characters or more.
public struct DetectionScore: Equatable, Sendable {
    /// Truth labels found.
    public var found = 0
    /// Truth labels in all.
    public var truths = 0
    /// Proposals that matched a truth label.
    public var correct = 0
    /// Proposals in all.
    public var proposals = 0

    /// Creates an empty score.
    public init() {}

    /// `found / truths` (1 when there are no truths).
    public var recall: Double { truths == 0 ? 1 : Double(found) / Double(truths) }
    /// `correct / proposals` (1 when there are no proposals).
    public var precision: Double { proposals == 0 ? 1 : Double(correct) / Double(proposals) }

    /// Adds `other`'s counts.
    public mutating func add(_ other: DetectionScore) {
        found += other.found
        truths += other.truths
        correct += other.correct
        proposals += other.proposals
    }

    /// The score of `labels` (proposed) against `truth` (hand-written), with the truth labels
    /// no proposal matched.
    public static func score(_ labels: [String], truth: [String]) -> (score: DetectionScore, missed: [String]) {
        var used = [Bool](repeating: false, count: labels.count)
        let normalised = labels.map(normalise)
        var score = DetectionScore()
        score.truths = truth.count
        score.proposals = labels.count
        var missed: [String] = []
        for label in truth {
            let alternatives = label.split(separator: "|").map { normalise(String($0)) }
            let exact = normalised.indices.first { !used[$0] && alternatives.contains(normalised[$0]) }
            let loose = normalised.indices.first { i in !used[i] && alternatives.contains { matches(normalised[i], $0) }
            }
            if let index = exact ?? loose {
                used[index] = true
                score.found += 1
                score.correct += 1
            } else {
                missed.append(label)
            }
        }
        return (score, missed)
    }

    /// Lower case, every run of characters other than letters and digits one space, trimmed.
    public static func normalise(_ text: String) -> String {
        var out = ""
        var space = false
        for c in text.lowercased() {
            if c.isLetter || c.isNumber {
                if space && !out.isEmpty { out.append(" ") }
                out.append(c)
                space = false
            } else {
                space = true
            }
        }
        return out
    }

    /// The loose match rules (see the type's documentation), on normalised labels.
    static func matches(_ proposal: String, _ truth: String) -> Bool {
        guard !proposal.isEmpty, !truth.isEmpty else { return false }
        if truth.hasPrefix(proposal) && proposal.count * 2 >= truth.count && proposal.count >= 3 { return true }
        if proposal.hasPrefix(truth) && truth.count * 5 >= proposal.count * 3 { return true }
        let longer = max(proposal.count, truth.count)
        guard min(proposal.count, truth.count) >= 4 else { return false }
        return distance(Array(proposal), Array(truth)) <= max(1, longer / 5)
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
