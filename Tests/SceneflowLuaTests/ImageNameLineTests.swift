import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// A scene's image names a file on one line, as every string that names a file (red-team
/// finding o13: `image = "g\nh.png"`, as `new` wrote it for such a screenshot, was accepted).
@Suite struct ImageNameLineTests {
    @Test(arguments: ["g\\nh.png", "tab\\there.png", "sep\\u{2028}x.png", "bell\\7.png"])
    func anImageNameWithAControlCharacterIsRefused(_ name: String) {
        let problems = TestFolders.problems(
            "return { start = \"home\", scenes = { home = { image = \"\(name)\" } } }\n", images: ["home.png"])
        let text = problems.map(\.message).joined(separator: "\n")
        #expect(text.contains("must be one line of text"), "\(text)")
    }
}
