import Testing

@testable import SceneflowLua

/// `element(locator)` is a plain read: it is nil whenever the current scene has no such element,
/// also for a label no scene of the prototype has (elements can come from a scene's Lua, and
/// scripts read `element("Nope") == nil` on purpose). The absence check that catches a typo is
/// `expect.hidden`, which fails with did-you-mean (red-team 12 S4; an error from `element()`
/// itself broke documented reads and cost a did-you-mean search on every poll of a wait).
@Suite struct ElementTypoTests {
    typealias H = ScriptAPIHarness

    @Test func elementReadsNilForALabelNoSceneHasAndForAnotherScenesElement() throws {
        // "Back" is on the home scene; the test starts on login.
        let r = try H.one(
            "expect(element(\"Back\")).to_be_nil()\nexpect(element(\"Contnue\")).to_be_nil()\n"
                + "expect(element(\"Continue\")).to_be_truthy()")
        #expect(r.failure == nil, "\(r.failure ?? "")")
    }

    @Test func expectHiddenFailsOnATypoWithDidYouMean() throws {
        let r = try H.one("expect.hidden \"Contnue\"")
        #expect(r.failure?.contains("did you mean \"Continue\"") == true, "\(r.failure ?? "passed")")
    }
}
