/// What `only()` left out of a file's run: as in Playwright Test, a file with `only()` tests
/// runs only those, so the tests the run's selection (`--filter`, `--tag`, `--last-failed`)
/// took but that are not marked `only` do not run and have no outcome. The runner names it
/// when such a test was asked for (red-team 52 A W1: a failed test left out was "no longer
/// declared"; 43 A F5: a `--filter` whose match was left out "matched no test").
public struct OnlyFocus: Codable, Sendable, Equatable {
    /// The lines of the file's `only()` declarations, in order.
    public var lines: [Int]
    /// The tests the selection took and `only()` left out, in declaration order.
    public var names: [String]

    /// Creates the record.
    public init(lines: [Int], names: [String]) {
        self.lines = lines
        self.names = names
    }

    /// `only() at FILE:3, 5`, the words a message names it with; `file` as the run names it.
    public func place(in file: String) -> String {
        "only() at \(file):" + lines.map(String.init).joined(separator: ", ")
    }
}
