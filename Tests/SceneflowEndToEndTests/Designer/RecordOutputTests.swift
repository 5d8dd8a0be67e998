import Foundation
import Testing

/// `record --out` is checked before the window opens (exit 64), so a recording is never made
/// that cannot be written.
@Suite struct RecordOutputTests {
    @Test func badOutputPathsAreUsageErrorsBeforeAnyWindow() throws {
        let tmp = try TempFolder()
        try tmp.write("taken.lua", "-- an earlier recording")
        let cases: [(out: String, expected: String)] = [
            (
                tmp.file("no/such/s.lua"),
                "--out \(tmp.file("no/such/s.lua")): the folder \(tmp.file("no/such")) does not exist"
            ),
            (tmp.file("prototype.lua"), "a recording is a test script; it never replaces a prototype.lua"),
            (tmp.file("taken.lua"), "already exists; choose another name or pass --force to replace it"),
            (tmp.path, "is a folder; give a file name"),
        ]
        for c in cases {
            let r = try Sceneflow.run(["record", "Prototypes/Notes", "--out", c.out], environment: ["DISPLAY": nil])
            #expect(r.status == 64 && r.stderr.contains(c.expected), "\(c.out): \(r)")
        }
        #expect(!FileManager.default.fileExists(atPath: tmp.file("no")), "no folder is made")
    }

    @Test func theOutputIsALuaFileAndNeverAFileThePrototypeUses() throws {
        let tmp = try TempFolder()
        let proto = try tmp.prototype()
        let image = tmp.file("Proto/home.png")
        let before = try Data(contentsOf: URL(fileURLWithPath: image))
        // Not a .lua name: refused before the prototype is even opened, --force or not.
        for out in [image, tmp.file("Proto/notes.txt")] {
            let r = try Sceneflow.run(["record", proto, "--out", out, "--force"], environment: ["DISPLAY": nil])
            #expect(r.status == 64, "\(out): \(r)")
            // The image is an input of the run (refused as every output onto an input is); any
            // other name is not a Lua script.
            #expect(
                r.stderr.contains("--out \(out): a recording is a Lua test script; give a file name ending in .lua")
                    || r.stderr.contains("--out \(out) is an image of the prototype"),
                "\(r)")
        }
        // A .lua name that leads to the prototype's files (a symbolic or hard link): refused even with --force.
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: tmp.file("Proto/shot.lua"), withDestinationPath: "home.png")
        try fm.createSymbolicLink(atPath: tmp.file("proto.lua"), withDestinationPath: tmp.file("Proto/prototype.lua"))
        try fm.linkItem(atPath: tmp.file("Proto/detail.png"), toPath: tmp.file("hard.lua"))
        try fm.linkItem(atPath: tmp.file("Proto/prototype.lua"), toPath: tmp.file("Proto/hard.lua"))
        let cases: [(out: String, role: String)] = [
            (tmp.file("Proto/shot.lua"), "an image of the prototype \(proto)"),
            (tmp.file("proto.lua"), "the prototype.lua of the prototype \(proto)"),
            (tmp.file("hard.lua"), "an image of the prototype \(proto)"),
            (tmp.file("Proto/hard.lua"), "a Lua file of the prototype \(proto)"),
        ]
        for c in cases {  // refused before the display check: no display at all here
            let r = try Sceneflow.run(
                ["record", proto, "--out", c.out, "--force"],
                environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil])
            #expect(r.status == 64, "\(c.out): \(r)")
            #expect(
                r.stderr.contains("--out \(c.out) is ")
                    && (r.stderr.contains("\(c.role); an output never replaces a file the run reads")
                        || r.stderr.contains("an output never replaces a file the prototype uses")),
                "\(r)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == before)
        // An earlier recording is still replaced with --force: only the display is missing here.
        try tmp.write("old.lua", "-- earlier")
        let r = try Sceneflow.run(
            ["record", proto, "--out", tmp.file("old.lua"), "--force"],
            environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil], timeout: 20)
        #expect(r.status == 70 && r.stderr.contains("no display"), "\(r)")
    }
}
