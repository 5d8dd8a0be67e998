import Testing

@testable import SceneflowLua

/// A malformed rectangle in `region` or `mask` is named as a rectangle with what it lacks,
/// not read as a locator (red-team 14 F6: `{x, y, w, hh = …}` failed "unknown locator key
/// "y"", three numbers "unknown locator key 1").
@Suite struct RectangleTypoTests {
    typealias H = ScriptAPIHarness

    static let cases: [(call: String, says: String)] = [
        (
            "expect.screenshot(\"r\", {region = {x = 0, y = 0, w = 100, hh = 100}})",
            "unknown key \"hh\"; did you mean \"h\"?"
        ),
        ("expect.screenshot(\"m\", {mask = {{0, 0, 10}}})", "needs a rectangle {x, y, w, h}"),
        ("expect.screenshot(\"m\", {mask = {{x = 0, y = 0, w = 10}}})", "needs a rectangle {x, y, w, h}"),
    ]

    @Test(arguments: cases)
    func aMalformedRectangleSaysWhatItLacks(call: String, says: String) throws {
        let failure = try H.one(call).failure ?? "passed"
        #expect(failure.contains(says), "\(call): \(failure)")
        #expect(!failure.contains("locator key"), "\(call): \(failure)")
    }
}
