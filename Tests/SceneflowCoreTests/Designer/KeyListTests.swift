import Testing

@testable import SceneflowCore

/// The `?` key list takes the input while it shows (QA: Space did not close it; Escape left it
/// open and went back in the prototype).
@Suite struct KeyListTests {
    @Test func anyKeyWhileTheListShowsOnlyClosesIt() {
        var state = DesignerState()
        let taken1 = state.keyListTakes(.key)
        #expect(!taken1, "no list: keys go to the prototype")
        #expect(state.key("/") == .redraw)
        #expect(state.showsHelp)
        let taken2 = state.keyListTakes(.key)
        #expect(taken2, "Escape, Space, Return…: taken")
        #expect(!state.showsHelp, "and the list is closed")
        let taken3 = state.keyListTakes(.key)
        #expect(!taken3, "the next key goes to the prototype again")
    }

    @Test func aClickWhileTheListShowsClosesItAndIsSwallowedToItsRelease() {
        var state = DesignerState()
        _ = state.key("?")
        let taken4 = state.keyListTakes(.pointerDown)
        #expect(taken4)
        #expect(!state.showsHelp)
        let taken5 = state.keyListTakes(.pointerMoved)
        #expect(taken5, "the drag of that click is not a swipe")
        let taken6 = state.keyListTakes(.pointerUp)
        #expect(taken6, "nor its release a tap")
        let taken7 = state.keyListTakes(.pointerDown)
        #expect(!taken7, "the next click is a tap again")
        let taken8 = state.keyListTakes(.pointerMoved)
        #expect(!taken8)
        let taken9 = state.keyListTakes(.pointerUp)
        #expect(!taken9)
    }
}
