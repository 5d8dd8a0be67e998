import Testing

@testable import SceneflowLua

/// `element(locator)` reads nil when the current scene has no such element, so the documented
/// `expect(element("Error")).to_be_falsy()` checks absence; a label or kind that no scene of
/// the prototype has is a typo, and it passed that check (red-team 12 S4). It fails with
/// did-you-mean, as `expect.hidden` does; an element of another scene still reads nil.
@Suite struct ElementTypoTests {
    typealias H = ScriptAPIHarness

    @Test func aLabelNoSceneHasFailsWithDidYouMean() throws {
        let r = try H.one("expect(element(\"Contnue\")).to_be_falsy()")
        #expect(
            r.failure?.contains("element(\"Contnue\"): no scene of the prototype has an element labelled \"Contnue\"")
                == true, "\(r.failure ?? "passed")")
        #expect(r.failure?.contains("did you mean \"Continue\"") == true, "\(r.failure ?? "passed")")
        let kind = try H.one("expect(element({ kind = \"steper\" })).to_be_nil()")
        #expect(kind.failure?.contains("of kind \"steper\"") == true, "\(kind.failure ?? "passed")")
    }

    @Test func anElementOfAnotherSceneReadsNil() throws {
        // "Back" is on the home scene; the test starts on login.
        let r = try H.one("expect(element(\"Back\")).to_be_nil()\nexpect(element(\"Continue\")).to_be_truthy()")
        #expect(r.failure == nil, "\(r.failure ?? "")")
    }
}
