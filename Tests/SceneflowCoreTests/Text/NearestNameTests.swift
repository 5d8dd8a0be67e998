import Testing

@testable import SceneflowCore

@Suite("Nearest-name suggestions")
struct NearestNameTests {
    @Test func suggestsForTypos() {
        #expect(NearestName.suggestion(for: "detial", among: ["home", "detail", "thanks"]) == "detail")
        #expect(NearestName.suggestion(for: "Sing in", among: ["Sign in", "Sign up", "Settings"]) == "Sign in")
        #expect(NearestName.suggestion(for: "hoem", among: ["home", "games"]) == "home")
        #expect(NearestName.suggestion(for: "HOME", among: ["home", "games"]) == "home")
        #expect(NearestName.suggestion(for: "setings", among: ["settings", "ratings"]) == "settings")
    }

    @Test func noSuggestionForUnrelatedNames() {
        #expect(NearestName.suggestion(for: "checkout", among: ["home", "detail", "thanks"]) == nil)
        #expect(NearestName.suggestion(for: "xyz", among: ["home", "games"]) == nil)
        #expect(NearestName.suggestion(for: "Tor Browser", among: ["Back", "Menu", "Your rating"]) == nil)
        #expect(NearestName.suggestion(for: "home", among: []) == nil)
    }

    @Test func hintFormat() {
        #expect(NearestName.hint(for: "detial", among: ["detail"]) == "; did you mean \"detail\"?")
        #expect(NearestName.hint(for: "zzzzzz", among: ["detail"]) == "")
    }

    @Test func editDistanceCountsAdjacentSwapAsOne() {
        #expect(NearestName.editDistance("detial", "detail") == 1)
        #expect(NearestName.editDistance("kitten", "sitting") == 3)
        #expect(NearestName.editDistance("", "abc") == 3)
        #expect(NearestName.editDistance("abc", "") == 3)
        #expect(NearestName.editDistance("same", "same") == 0)
        #expect(NearestName.editDistance("ab", "ba") == 1)
    }

    @Test func tiesGoToTheAlphabeticallyFirstCandidate() {
        // "cat" is one edit from both; the result must not depend on the candidates' order.
        #expect(NearestName.suggestion(for: "cat", among: ["hat", "bat"]) == "bat")
        #expect(NearestName.suggestion(for: "cat", among: ["bat", "hat"]) == "bat")
    }
}

/// A did-you-mean never suggests a name of opposite or different effect (issue 20): equally
/// near names are all named, never one picked among them, and a hint never crosses a negation.
@Suite("Nearest-name hints are never misleading")
struct NearestNameSafetyTests {
    @Test func equallyNearNamesAreAllNamed() {
        #expect(
            NearestName.hint(for: "stip", among: ["skip", "step", "test"]) == "; did you mean \"skip\" or \"step\"?")
        #expect(
            NearestName.hint(for: "cat", among: ["hat", "bat", "rat", "mat"])
                == "; did you mean \"bat\", \"hat\", \"mat\" or \"rat\"?")
        #expect(NearestName.hint(for: "detial", among: ["detail", "details"]) == "; did you mean \"detail\"?")
    }

    @Test func aHintNeverCrossesANegation() {
        #expect(NearestName.hint(for: "not_to_equal", among: ["to_equal", "to_be"]) == "")
        #expect(NearestName.hint(for: "to_equal", among: ["not_to_equal"]) == "")
        #expect(
            NearestName.hint(for: "not_to_eqal", among: ["to_equal", "not_to_equal"])
                == "; did you mean \"not_to_equal\"?")
        #expect(NearestName.hint(for: "Do not disturb", among: ["Do disturb"]) == "")
        #expect(NearestName.hint(for: "no_hidden", among: ["hidden"]) == "")
        #expect(NearestName.suggestion(for: "not_scene", among: ["scene"]) == nil)
    }
}
