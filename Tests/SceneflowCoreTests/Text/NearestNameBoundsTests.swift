import Foundation
import Testing

@testable import SceneflowCore

/// The did-you-mean search stays cheap whatever the names (issue 15.3): a 1 MiB label with one
/// character missing grew an n×m matrix to 23.9 GB, a 2 000-character label cost 17 s.
@Suite("Nearest-name bounds")
struct NearestNameBoundsTests {
    /// The cells one search of `name` among `candidates` computes (its work, whatever the
    /// machine's speed), with its answer.
    func work(_ name: String, _ candidates: [String]) -> (cells: Int, names: [String]) {
        var cells = 0
        let names = NearestName.boundedSuggestions(for: name, among: candidates, cells: &cells)
        return (cells, names)
    }

    /// The most cells one candidate can add past the budget: its band of a maxLength name.
    let oneCandidate = NearestName.maxLength * NearestName.maxLength

    @Test func aMebibyteNameIsNeverCompared() {
        let label = String(repeating: "a", count: 1 << 20)
        let typed = String(label.dropLast())
        let (cells, names) = work(typed, [label, "Back"])
        #expect(cells == 0, "a name longer than the cap is not compared")
        #expect(names.isEmpty)
        #expect(NearestName.hint(for: typed, among: [label, "Back"]) == "", "and gets no suggestion")
    }

    @Test func twoThousandCharactersAreNotCompared() {
        let label = String(repeating: "b", count: 2000)
        #expect(work(String(label.dropLast()), [label]).cells == 0)
        let short = String(repeating: "b", count: NearestName.maxLength)
        let (cells, names) = work(String(short.dropLast()), [short])
        #expect(names == [short], "names at the cap are still suggested")
        #expect(cells > 0 && cells <= oneCandidate)
    }

    @Test func manyLongCandidatesStayWithinTheCellBudget() {
        let candidates = (0..<10_000).map { i in String(repeating: "x", count: 150) + String(i) }
        let (cells, _) = work(String(repeating: "y", count: 160), candidates)
        #expect(cells > 0 && cells <= NearestName.cellBudget + oneCandidate, "\(cells) cells")
    }

    @Test func longButUsualNamesStillGetSuggestions() {
        let label = "Add to basket and continue to the checkout page with express delivery"
        #expect(
            NearestName.suggestion(
                for: "Add to basket and contniue to the checkout page with express delivery", among: [label, "Back"])
                == label)
    }

    /// The full matrix with adjacent swaps, as the reference for the bounded version.
    func reference(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    @Test func theBoundedDistanceAgreesWithTheFullMatrix() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcde")
        for _ in 0..<2000 {
            let a = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement()! })
            let b = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement()! })
            #expect(NearestName.editDistance(a, b) == reference(a, b), "\(a) / \(b)")
        }
    }
}
