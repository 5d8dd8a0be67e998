import Testing

@testable import SceneflowCore

/// The "the view is cropped" hint shows only while the view is cropped (QA: it said "50 % is
/// larger than the display" for a 50 % window that fitted, and stayed after `0`).
@Suite struct CropHintTests {
    @Test func aZoomThatCropsShowsTheHintForItsSecondsOnlyWhileCropped() {
        var state = DesignerState()
        state.zoomApplied(cropped: true, at: 10)
        #expect(state.showsCropHint(cropped: true, at: 10.1))
        #expect(!state.showsCropHint(cropped: false, at: 10.1), "a view that fits is never called cropped")
        #expect(!state.showsCropHint(cropped: true, at: 10 + DesignerState.cropHintSeconds))
    }

    @Test func aZoomThatFitsRemovesTheEarlierHintAtOnce() {
        var state = DesignerState()
        state.zoomApplied(cropped: true, at: 0)  // `1`: cropped
        state.zoomApplied(cropped: false, at: 1)  // `2` that fits, or `0`
        #expect(!state.showsCropHint(cropped: false, at: 1.1))
        #expect(!state.showsCropHint(cropped: true, at: 1.1), "the hint of the earlier key is gone")
    }
}
