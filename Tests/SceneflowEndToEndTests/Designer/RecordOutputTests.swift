import Foundation
import Testing

/// `record --out` is checked before the window opens (exit 64), so a recording is never made
/// that cannot be written.
@Suite struct RecordOutputTests {
    @Test func badOutputPathsAreUsageErrorsBeforeAnyWindow() throws {
        let tmp = try TempFolder()
        try tmp.write("taken.lua", "-- an earlier recording")
        let cases: [(out: String, expected: String)] = [
            (tmp.file("no/such/s.lua"), "--out \(tmp.file("no/such/s.lua")): the folder \(tmp.file("no/such")) does not exist"),
            (tmp.file("prototype.lua"), "a recording is a test script; it never replaces a prototype.lua"),
            (tmp.file("taken.lua"), "already exists; choose another name or pass --force to replace it"),
            (tmp.path, "is a folder; give a .lua file name"),
        ]
        for c in cases {
            let r = try Sceneflow.run(["record", "Prototypes/Notes", "--out", c.out], environment: ["DISPLAY": nil])
            #expect(r.status == 64 && r.stderr.contains(c.expected), "\(c.out): \(r)")
        }
        #expect(!FileManager.default.fileExists(atPath: tmp.file("no")), "no folder is made")
    }
}
