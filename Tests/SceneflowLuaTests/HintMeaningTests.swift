import SceneflowCore
import Testing

@testable import SceneflowLua

/// A did-you-mean names a function of the same effect or none (issue 20; red-team finding
/// P9): a name that differs from a known one by a negating prefix (`invisible`, `untap`) or by
/// a word of meaning (`greater_or_equal` against `greater_than`, `not_tree` against
/// `not_scene`) gets no hint, while a typo inside the words still gets one.
@Suite struct HintMeaningTests {
    @Test func wrongHintsOfTheRedTeamAreGone() throws {
        let spaces = try HintSafetyTests.namespaces()
        let fields = try #require(spaces["expect field"])
        let matchers = try #require(spaces["matcher"])
        let globals = try #require(spaces["global"])
        for (name, among) in [
            ("invisible", fields), ("to_be_greater_or_equal", matchers), ("not_to_be_less_than_or_equal", matchers),
            ("not_tree", fields), ("untap", globals), ("unchecked", fields),
        ] {
            let hint = NearestName.hint(for: name, among: among)
            #expect(hint.isEmpty, "\(name): \(hint)")
        }
    }

    @Test func typosInsideTheWordsStillGetTheirName() throws {
        let spaces = try HintSafetyTests.namespaces()
        let fields = try #require(spaces["expect field"])
        let matchers = try #require(spaces["matcher"])
        let globals = try #require(spaces["global"])
        for (typo, name, among) in [
            ("to_be_greter_than", "to_be_greater_than", matchers), ("to_equl", "to_equal", matchers),
            ("not_to_equla", "not_to_equal", matchers), ("visble", "visible", fields), ("scnee", "scene", fields),
            ("tpa", "tap", globals),
        ] where among.contains(name) {
            #expect(NearestName.hint(for: typo, among: among).contains("\"\(name)\""), "\(typo) -> \(name)")
        }
    }

    @Test func negatingPrefixesAreNeverTypos() {
        #expect(NearestName.hint(for: "Unread", among: ["Read", "Reader"]).isEmpty)
        #expect(NearestName.hint(for: "invisible", among: ["visible"]).isEmpty)
        #expect(NearestName.hint(for: "disable", among: ["enable", "able"]).isEmpty)
        #expect(NearestName.hint(for: "Settngs", among: ["Settings"]) == "; did you mean \"Settings\"?")
        #expect(
            NearestName.hint(for: "Log in", among: ["Login"]) == "; did you mean \"Login\"?", "labels keep their hints")
    }
}
