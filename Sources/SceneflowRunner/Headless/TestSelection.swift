import Foundation
import SceneflowLua

/// Which declared tests a run takes, as Playwright Test's `--grep`, `--grep-invert` and tag
/// filters: `sceneflow test --filter`, `--filter-invert`, `--tag`, `--tag-invert` and
/// `--last-failed`. A test left out is not part of the run at all: no outcome, so no report
/// counts it as skipped (only `skip()` skips). The tests of a file with `only()` that are not
/// marked only are left out the same way (`HeadlessTestRunner`).
public struct TestSelection: Sendable, Equatable, Codable {
    /// Keep only tests whose name (or `file: name`) contains this text, or matches it as a
    /// shell glob when it has `*`, `?` or `[` (`--filter`).
    public var filter: String?
    /// Leave out tests that `filter`'s rule would keep for this pattern (`--filter-invert`).
    public var filterInvert: String?
    /// Keep only tests with at least one of these tags (`--tag`, repeatable).
    public var tags: [String] = []
    /// Leave out tests with any of these tags (`--tag-invert`, repeatable).
    public var tagsInvert: [String] = []
    /// Keep only the tests of these names (`--last-failed`: the failed tests of the file);
    /// nil keeps every name.
    public var names: Set<String>?

    /// Creates a selection; the default keeps every test.
    public init(
        filter: String? = nil, filterInvert: String? = nil, tags: [String] = [], tagsInvert: [String] = [],
        names: Set<String>? = nil
    ) {
        self.filter = filter
        self.filterInvert = filterInvert
        self.tags = tags
        self.tagsInvert = tagsInvert
        self.names = names
    }

    /// True when it keeps every test.
    public var keepsAll: Bool {
        (filter ?? "").isEmpty && (filterInvert ?? "").isEmpty && tags.isEmpty && tagsInvert.isEmpty && names == nil
    }

    /// True when `test` of `file` is part of the run.
    public func selects(_ test: ScriptTest, file: String) -> Bool {
        if let names, !Self.holdsExactly(names, test.name) { return false }
        if let filter, !filter.isEmpty, !Self.matches(filter, name: test.name, file: file) { return false }
        if let filterInvert, !filterInvert.isEmpty, Self.matches(filterInvert, name: test.name, file: file) {
            return false
        }
        if !tags.isEmpty, !test.tags.contains(where: tags.contains) { return false }
        if test.tags.contains(where: tagsInvert.contains) { return false }
        return true
    }

    /// True when `--filter` or `--filter-invert` leaves the test `name` of `file` out, whatever
    /// its tags: a test named so is left out by the selection, not missing from its file.
    public func leavesOut(name: String, file: String) -> Bool {
        if let filter, !filter.isEmpty, !Self.matches(filter, name: name, file: file) { return true }
        if let filterInvert, !filterInvert.isEmpty, Self.matches(filterInvert, name: name, file: file) { return true }
        return false
    }

    /// True when a tag option (`--tag`, `--tag-invert`) is part of the selection.
    public var selectsByTags: Bool { !tags.isEmpty || !tagsInvert.isEmpty }

    /// `--tag smoke --tag-invert slow`: the tag options of the selection, for messages.
    public var tagOptions: String {
        (tags.map { "--tag \($0)" } + tagsInvert.map { "--tag-invert \($0)" }).joined(separator: " ")
    }

    /// True when `names` holds `name` with the same Unicode scalars: a Set of Swift strings
    /// matches canonically ("caf\u{E9}" would find "cafe\u{301}"), while a test's identity is
    /// its exact text (a file cannot declare two names that match canonically: ScriptRuntime).
    static func holdsExactly(_ names: Set<String>, _ name: String) -> Bool {
        guard let index = names.firstIndex(of: name) else { return false }
        return names[index].unicodeScalars.elementsEqual(name.unicodeScalars)
    }

    /// `--filter PATTERN --tag smoke`: the options that made this selection, for messages.
    public var options: String {
        var words: [String] = []
        if let filter, !filter.isEmpty { words.append("--filter \(filter)") }
        if let filterInvert, !filterInvert.isEmpty { words.append("--filter-invert \(filterInvert)") }
        words += tags.map { "--tag \($0)" } + tagsInvert.map { "--tag-invert \($0)" }
        if names != nil { words.append("--last-failed") }
        return words.joined(separator: " ")
    }

    /// `--filter`'s rule: `name` or `file: name` contains `pattern` as written, or matches it
    /// as a glob when it has `*`, `?` or `[` (red-team 10 m7: `[smoke]` was taken as a glob
    /// only, one letter of `smoke`, and `[smoke] login` was left out).
    static func matches(_ pattern: String, name: String, file: String) -> Bool {
        let qualified = "\(file): \(name)"
        if name.contains(pattern) || qualified.contains(pattern) { return true }
        guard pattern.contains(where: { "*?[".contains($0) }) else { return false }
        return fnmatch(pattern, name, 0) == 0 || fnmatch(pattern, qualified, 0) == 0
    }
}
