import Foundation
import Testing

/// An output path is one field of one console line: a tab in it is shown as `\t`, as a line
/// break is shown as `\n`, and the path is quoted (red-team 31 B6: `wrote tab<TAB>here.xml`).
@Suite struct OutputNameEscapingTests {
    @Test(arguments: ["tab\there.json", "new\nline.json"])
    func aControlCharacterInAnOutputNameIsEscaped(_ name: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"opens\", function() tap \"Open\" end)\n")
        let r = try Sceneflow.run(["test", "t.lua", "--json", name], in: tmp.url)
        #expect(r.status == 0, "\(r)")
        let shown = name.replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\n", with: "\\n")
        #expect(r.stdout.contains("\"\(shown)\""), "\(r.stdout)")
        #expect(!r.stdout.contains("\t"), "\(r.stdout)")
        #expect(FileManager.default.fileExists(atPath: tmp.file(name)))
    }
}
