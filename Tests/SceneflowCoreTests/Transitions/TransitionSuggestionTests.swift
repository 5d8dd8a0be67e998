import Testing

@testable import SceneflowCore

/// Did-you-mean for transition kinds: typos by edit distance, other tools' words by meaning.
@Suite struct TransitionSuggestionTests {
    @Test(arguments: [
        ("push_lft", "push_left"), ("crossfdae", "crossfade"), ("cover_upp", "cover_up"),
        ("slide_lft", "push_left"), ("slide-left", "push_left"), ("SlideRight", "push_right"),
        ("slide_up", "push_up"), ("fade_in", "crossfade"), ("dissolve", "crossfade"), ("cut", "none"),
        ("uncover_bottom", "reveal_down"), ("present_top", "cover_up"), ("PushLeft", "push_left"),
    ])
    func suggestsTheMeantKind(name: String, meant: String) {
        #expect(TransitionKind.suggestion(for: name) == meant)
    }

    @Test(arguments: ["zoom", "flip_horizontal", "slide", "wobble_in", "x"])
    func suggestsNothingForUnrelatedNames(name: String) {
        #expect(TransitionKind.suggestion(for: name) == nil, "\(name)")
    }

    @Test func messageListsEveryKind() {
        let message = TransitionKind.unknownNameMessage("zoom")
        #expect(message.hasPrefix("unknown transition \"zoom\" (transitions: none, crossfade, push_left, "))
        for kind in TransitionKind.allCases { #expect(message.contains(kind.rawValue)) }
        #expect(!message.contains("did you mean"))
        #expect(
            TimingCurve.unknownNameMessage("eas_out")
                == "unknown curve \"eas_out\"; did you mean \"ease_out\"? (curves: linear, ease_in, ease_out, ease_in_out)"
        )
    }
}
