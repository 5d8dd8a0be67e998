import Foundation
import Testing

/// An empty ACTION, SCENE or LABEL of `sceneflow hotspot` is bad usage whose message says
/// what the argument needs (red-team 26 F4), not "give a path".
@Suite struct EmptyHotspotArgumentTests {
    @Test(arguments: [
        (["", "Proto", "home", "Open"], "the ACTION argument is empty (\"\"); give add, move, remove or link"),
        (
            ["add", "Proto", "", "Open"],
            "the SCENE argument is empty (\"\"); give the name of a scene of the prototype"
        ),
        (["add", "Proto", "home", ""], "the LABEL argument is empty (\"\"); give the element's accessibility label"),
    ])
    func theMessageFitsTheArgument(_ arguments: [String], _ message: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let r = try Sceneflow.run(["hotspot"] + arguments + ["--frame", "1,1,5,5"], in: tmp.url)
        #expect(r.status == 64, "\(r)")
        #expect(r.errorLines.first == "sceneflow hotspot: \(message)", "\(r)")
        #expect(!r.stderr.contains("give a path"), "\(r)")
    }
}
