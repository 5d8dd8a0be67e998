import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Every string of a prototype that names an image file is one line, as LimitsAndExitCodes
/// says (red-team finding o13: `image = "g\nh.png"`, as `new` wrote it for such a screenshot,
/// was accepted): a scene's image, a star rating's star images, a button's pressed image and a
/// control's state images.
@Suite struct ImageNameLineTests {
    static let names = [
        "g\\nh.png", "tab\\there.png", "sep\\u{2028}x.png", "bell\\7.png", "cr\\rx.png", "del\\127.png",
    ]

    @Test(arguments: names)
    func aSceneImageNameThatIsNotOneLineIsRefused(_ name: String) {
        let problems = TestFolders.problems(
            "return { start = \"home\", scenes = { home = { image = \"\(name)\" } } }\n", images: ["home.png"])
        let text = problems.map { "\($0)" }.joined(separator: "\n")
        #expect(text.contains("scenes.home.image: must be one line of text, found "), "\(text)")
    }

    @Test(arguments: ["star", "star_highlighted", "pressed"])
    func everyOtherImageNameIsOneLineToo(_ key: String) {
        let problems = TestFolders.problems(
            """
            return { start = "home", scenes = { home = { image = "home.png", elements = {
              { label = "x", frame = { 0, 0, 10, 10 }, \(key) = "g\\nh.png" } } } } }

            """, images: ["home.png"])
        let text = problems.map { "\($0)" }.joined(separator: "\n")
        #expect(text.contains(".\(key): must be one line of text, found a line break (\\n) at character 2"), "\(text)")
    }

    @Test func aStateImageNameIsOneLine() {
        let problems = TestFolders.problems(
            """
            return { start = "home", scenes = { home = { image = "home.png", elements = {
              { label = "x", frame = { 0, 0, 10, 10 }, control = "toggle", states = { off = "home.png", on = "g\\nh.png" } } } } } }

            """, images: ["home.png"])
        let text = problems.map { "\($0)" }.joined(separator: "\n")
        #expect(text.contains("states.on: must be one line of text, found a line break (\\n)"), "\(text)")
    }
}
