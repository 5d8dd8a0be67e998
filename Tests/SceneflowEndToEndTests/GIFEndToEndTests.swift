import Foundation
import Testing

/// GIF screenshots work end to end: `new`, `check`, `test`, `render`, `play` and `inspect`
/// accept GIFs made by ImageMagick (still, animated, with local colour tables). Skips, printing
/// why, when ImageMagick's `convert` is missing.
@Suite struct GIFEndToEndTests {
    @Test func everyCommandAcceptsGIFScreenshots() throws {
        guard let convert = DesignerCommandTests.which("convert") else {
            print("skipped: ImageMagick's convert is not installed (Scripts/setup.sh installs imagemagick)")
            return
        }
        let tmp = try TempFolder()
        let shots = tmp.file("shots")
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        let makes: [[String]] = [
            ["-size", "360x800", "xc:white", "\(shots)/home.gif"],
            ["-delay", "20", "-loop", "0", "-size", "360x800", "xc:red", "gradient:white-black", "\(shots)/feed.gif"],
            ["-size", "360x800", "gradient:yellow-navy", "gradient:lime-purple", "+map", "\(shots)/about.gif"],
        ]
        for arguments in makes {
            let made = try DesignerCommandTests.runTool(convert, arguments)
            #expect(made.status == 0, "convert \(arguments): \(made.output)")
        }
        let images = try FileManager.default.contentsOfDirectory(atPath: shots).sorted().map { "\(shots)/\($0)" }
        let proto = tmp.file("GIFs")
        let made = try Sceneflow.run(["new", proto] + images)
        #expect(made.status == 0 && made.stdout.contains("3 scenes, 360x800 pt"), "\(made)")
        let checked = try Sceneflow.run(["check", proto])
        #expect(checked.status == 0 && checked.stdout.contains("0 warnings"), "\(checked)")
        let tested = try Sceneflow.run(["test", "\(proto)/Scripts"])
        #expect(tested.status == 0 && tested.stdout.contains("0 failed"), "\(tested)")
        for scene in ["home", "feed", "about"] {
            let rendered = try Sceneflow.run(["render", proto, "--scene", scene, "--out", tmp.file("\(scene).png")])
            #expect(rendered.status == 0 && rendered.stdout.contains("(360x800 px)"), "\(rendered)")
        }
        let played = try Sceneflow.run(["play", proto, "--quit-after", "0.5"], timeout: 30)
        #expect(played.status == 0 && played.stdout.contains("playing"), "\(played)")
        let inspected = try Sceneflow.run(["inspect", proto])
        #expect(inspected.status == 0 && inspected.stdout.contains("image feed.gif"), "\(inspected)")
    }
}
