import Foundation
import Testing

/// Red-team 42 B F7: `render --out P/preview.png` wrote a new image into the prototype's
/// folder, then the same command was refused as "an image of the prototype", so one command
/// line worked once. A new image or Lua file inside a prototype's folder is refused the first
/// time too (64, before anything is written), for every command that writes one.
@Suite struct OutputsIntoPrototypeFolderTests {
    @Test(arguments: [
        ["render", "Proto", "--out", "Proto/preview.png"],
        ["render", "Proto", "--out", "Proto/sub/../preview.PNG"],
        ["graph", "Proto", "--out", "Proto/flow.png"],
        ["graph", "Proto", "--format", "svg", "--out", "Proto/flow.svg"],
        ["test", "t.lua", "--json", "Proto/r.lua"],
    ])
    func aNewImageInThePrototypeFolderIsRefusedEveryTime(command: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try FileManager.default.createDirectory(atPath: tmp.file("Proto/sub"), withIntermediateDirectories: true)
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"t\", function() end)\n")
        let before = try FileManager.default.contentsOfDirectory(atPath: tmp.file("Proto")).sorted()
        for round in 1...2 {
            let r = try Sceneflow.run(command, in: tmp.url, timeout: 120)
            let isImage = !command.last!.hasSuffix(".svg")
            if isImage {
                #expect(r.status == 64, "round \(round) \(command): \(r)")
                #expect(r.stderr.contains("into the folder of the prototype Proto"), "\(r)")
            } else {
                // An SVG is not read as a scene image: it is written, and again.
                #expect(r.status == 0, "round \(round) \(command): \(r)")
            }
        }
        if !command.last!.hasSuffix(".svg") {
            let after = try FileManager.default.contentsOfDirectory(atPath: tmp.file("Proto")).sorted()
            #expect(after == before, "\(command)")
        }
    }
}
