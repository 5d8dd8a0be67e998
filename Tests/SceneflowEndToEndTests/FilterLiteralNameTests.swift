import Foundation
import Testing

@testable import SceneflowRunner

/// Red-team 10 m7: `--filter "[smoke]"` selected nothing although a test is named `[smoke]
/// login` (the pattern was taken as a glob only, and `[smoke]` as a glob matches one letter),
/// so with `--pass-with-no-tests` a failing smoke test gave a green run. A name that contains
/// the pattern as written is selected, whatever glob characters it holds; a glob still works.
@Suite struct FilterLiteralNameTests {
    @Test(arguments: [
        ("[smoke]", "[smoke] login", true), ("[", "a[b", true), ("x*y", "x*y", true), ("a?", "is it a?", true),
        ("log*", "login", true), ("[ls]ogin", "login", true), ("[smoke]", "login", false), ("*out", "logout", true),
    ])
    func aNameHoldingThePatternIsSelected(_ pattern: String, _ name: String, _ selected: Bool) {
        #expect(TestSelection.matches(pattern, name: name, file: "s/a.lua") == selected)
    }

    @Test func aFailingSmokeTestIsNotLeftOut() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s/a.lua",
            "prototype \"../Proto\"\ntest(\"[smoke] login\", function() error(\"broken\") end)\ntest(\"other\", function() end)\n"
        )
        let r = try Sceneflow.run(["test", "s", "--filter", "[smoke]", "--pass-with-no-tests"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("0 passed, 1 failed"), "\(r)")
    }
}
