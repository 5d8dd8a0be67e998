import Foundation
import Testing

/// Every `[[ATTACHMENT|path]]` line of the JUnit report, read as GitLab and Jenkins read it (up
/// to the first `]]`, on one line), names a file that exists: a script path or a screenshot
/// name holding `]]` (`AT]]x/a]]|b.lua`) was written raw and the readers lost the attachment at
/// `atrep/artifacts/AT`. Sceneflow's own folder names write `]` as `_`; a report folder given
/// with `]]` lists its files as not attached instead.
@Suite struct JUnitAttachmentPathTests {
    static let script = """
        prototype "../Proto"
        test("fails]]x", function() tap "Open"; capture("c]]ap"); expect.soft.screenshot("s]]x"); expect.scene "home" end)

        """

    /// The paths GitLab's attachment pattern takes from `xml`.
    static func attachments(_ xml: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #"\[\[ATTACHMENT\|(.+?)\]\]"#)
        return regex.matches(in: xml, range: NSRange(xml.startIndex..., in: xml)).compactMap {
            Range($0.range(at: 1), in: xml).map { String(xml[$0]) }
        }
    }

    @Test(arguments: ["rep", "r]]ep"])
    func everyAttachmentNamesAFileThatExists(_ folder: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("AT]]x/a]]|b.lua", Self.script)
        // A wrong baseline, so the screenshot fails with expected, actual and diff images.
        try tmp.write("AT]]x/__screenshots__/a]]|b/s]]x.png", PNGWriter.solid(width: 36, height: 80, rgb: (255, 0, 0)))
        let run = try Sceneflow.run(
            ["test", "AT]]x", "--report", folder, "--junit", "j.xml", "--video", "retain-on-failure"], in: tmp.url,
            environment: ["CI": "1"])
        #expect(run.status == 1, "\(run)")
        for xml in [
            try String(contentsOfFile: tmp.file("j.xml"), encoding: .utf8),
            try String(contentsOfFile: tmp.file("\(folder)/junit.xml"), encoding: .utf8),
        ] {
            let found = Self.attachments(xml)
            if folder == "rep" {
                // The frame, expected, actual, diff and the video.
                #expect(found.count == 5, "\(found)\n\(xml)")
            } else {
                #expect(found.isEmpty, "\(found)")
                #expect(xml.contains("(not attached: GitLab and Jenkins read"), "\(xml)")
            }
            for path in found {
                #expect(!path.contains("]"), "\(path)")
                #expect(FileManager.default.fileExists(atPath: tmp.file(path)), "\(path) does not exist")
            }
        }
    }
}
