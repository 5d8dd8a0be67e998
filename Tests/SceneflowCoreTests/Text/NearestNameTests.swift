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
