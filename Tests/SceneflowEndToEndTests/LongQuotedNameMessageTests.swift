import Foundation
import SceneflowRunner
import Testing

/// A message quoting a long name (a test name, label or scene name of 1 000 characters, which
/// are allowed) keeps its place and its reason: the quoted name is shortened with `…` and its
/// length instead (red-team finding m1: the message was cut inside the name, so the reason
/// showed nowhere).
@Suite struct LongQuotedNameMessageTests {
    @Test func theReasonAfterALongNameShowsInEveryReport() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let long = String(repeating: "x", count: 1000)
        let short = "\"" + String(repeating: "x", count: 60) + "…\" (1000 characters)"
        try tmp.write(
            "l.lua",
            """
            prototype "Proto"
            test("t", function() tap("\(long)") end)
            test("\(long)", function() expect.scene("\(long)") end)

            """)
        let r = try Sceneflow.run(["test", "l.lua", "--json", "r.json"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        let reasons = [
            "l.lua:2: tap(\(short)): no element labelled \(short) in scene \"home\"",
            "l.lua:3: expect.scene(\(short)): there is no scene \(short) (the current scene is \"home\")",
        ]
        let json = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json"))))
        let messages = json.files.flatMap(\.outcomes).compactMap(\.failure).map {
            "l.lua:\($0.line ?? 0): \($0.message)"
        }
        for reason in reasons {
            #expect(r.stdout.contains(reason), "\(r.stdout)")
            #expect(messages.contains { $0.hasPrefix(reason) }, "\(messages)")
        }
        // A load error about a long name: the reason after it.
        var script = Data("prototype \"Proto\"\nskip(\"\(long)\", function() end, \"r".utf8)
        script.append(0xFF)
        script.append(contentsOf: Data("\")\n".utf8))
        try tmp.write("s.lua", script)
        let s = try Sceneflow.run(["test", "s.lua"], in: tmp.url)
        #expect(
            s.stdout.contains("s.lua:2: skip(\(short)): the reason must be valid UTF-8 text (byte 2"), "\(s.stdout)")
    }
}
