import Foundation
import Testing

/// Red-team 51 B L1, end to end: a locator that matches nothing on a screen holding `"Next"`
/// and `"Nеxt"` (a Cyrillic е) offers both, the second written `"N\u{435}xt"`, in its
/// did-you-mean and in the labels on screen, so the two never read the same.
@Suite struct MixedScriptLabelMessageTests {
    @Test func aMissedTapShowsTheMixedLabelEscaped() throws {
        let tmp = try TempFolder()
        try tmp.prototype(
            scenes: """
                    home = {
                      image = "home.png",
                      elements = {
                        { label = "Next", frame = { 2, 10, 30, 20 }, on_tap = go("detail") },
                        { label = "N\\u{435}xt", frame = { 2, 40, 30, 20 } },
                      },
                    },
                    detail = { image = "detail.png" },
                """)
        try tmp.write("s.lua", "prototype \"Proto\"\ntest(\"t\", function() tap(\"Nxt\", {timeout = 0}) end)\n")
        let r = try Sceneflow.run(["test", "s.lua"], in: tmp.url, timeout: 60)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains(#"did you mean "Next" or "N\u{435}xt"?"#), "\(r.stdout)")
        #expect(r.stdout.contains(#"labels on screen: "Next", "N\u{435}xt""#), "\(r.stdout)")
        #expect(!r.stdout.contains("N\u{435}xt"), "the Cyrillic letter is never shown bare: \(r.stdout)")
    }
}
