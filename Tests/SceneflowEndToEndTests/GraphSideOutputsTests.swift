import Foundation
import Testing

/// Red-team 42 B F3, F6: `graph --out FILE` also writes `FILE.dot` and `FILE-thumbs/*.png`,
/// and neither was checked as `--out` is: thumbnails replaced the prototype's screenshots
/// (kept in `P/flow-thumbs/`, or reached through a `flow-thumbs` link to `P`), and the `.dot`
/// written through a link replaced a scene image with DOT text, exit 0. An `--out` that is a
/// device (`/dev/null`) got `/dev/null.dot` and `/dev/null-thumbs/` made in `/dev`.
@Suite struct GraphSideOutputsTests {
    /// The bytes of every file under the prototype folder of `tmp`, by path.
    static func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let names = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
        for name in names {
            let path = (folder as NSString).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return files
    }

    /// The three ways the red team found, each as (set-up, `--out`).
    static let cases: [(name: String, out: String)] = [
        ("images in the thumbnail folder", "Proto/flow.png"),
        ("thumbnail folder linked to the prototype", "out/flow.svg"),
        ("dot file linked to a scene image", "flow.svg"),
        ("thumbnail folder linked to another prototype", "out/flow.svg"),
    ]

    @Test(arguments: cases.indices)
    func aSideOutputNeverReplacesAnInput(_ index: Int) throws {
        let c = Self.cases[index]
        let tmp = try TempFolder()
        switch index {
        case 0:
            let scenes = TempFolder.twoScenes.replacingOccurrences(of: "image = \"", with: "image = \"flow-thumbs/")
            try tmp.prototype(scenes: scenes, images: ["flow-thumbs/home.png", "flow-thumbs/detail.png"])
        case 1:
            try tmp.prototype()
            try FileManager.default.createDirectory(atPath: tmp.file("out"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: tmp.file("out/flow-thumbs"), withDestinationPath: "../Proto")
        case 2:
            try tmp.prototype()
            try FileManager.default.createSymbolicLink(
                atPath: tmp.file("flow.dot"), withDestinationPath: "Proto/home.png")
        default:
            // Red-team 44 B H4: the thumbnails went over another prototype's screenshots.
            try tmp.prototype()
            try tmp.prototype("Q")
            try FileManager.default.createDirectory(atPath: tmp.file("out"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: tmp.file("out/flow-thumbs"), withDestinationPath: "../Q")
        }
        let other = try Self.snapshot(tmp.file("Q"))
        let before = try Self.snapshot(tmp.file("Proto"))
        let r = try Sceneflow.run(["graph", "Proto", "--out", c.out], in: tmp.url)
        #expect(r.status == 64, "\(c.name): \(r)")
        #expect(r.stderr.contains("never replaces a file the run reads"), "\(c.name): \(r.stderr)")
        #expect(try Self.snapshot(tmp.file("Proto")) == before, "\(c.name): the prototype is unchanged")
        #expect(try Self.snapshot(tmp.file("Q")) == other, "\(c.name): another prototype is unchanged")
        #expect(try Sceneflow.run(["check", "Proto"], in: tmp.url).status == 0, "\(c.name)")
    }

    /// A graph drawn inside the prototype's folder would put its thumbnails there, new images
    /// among the prototype's (red-team 51 B O1: `check` then warned of them, while `render
    /// --out Proto/x.png` is refused): refused too (64), the folder left as it was.
    @Test func anOutputInsideThePrototypeFolderIsRefused() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let before = try Self.snapshot(tmp.file("Proto"))
        let r = try Sceneflow.run(["graph", "Proto", "--out", "Proto/flow.svg"], in: tmp.url)
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("the thumbnail folder"), "\(r.stderr)")
        #expect(try Self.snapshot(tmp.file("Proto")) == before)
        // Beside it, as before, thumbnails and all.
        let beside = try Sceneflow.run(["graph", "Proto", "--out", "flow.svg"], in: tmp.url)
        #expect(beside.status == 0, "\(beside)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("flow-thumbs/home.png")), "\(beside)")
    }

    /// A device as `--out` is written to as `-` is: no `.dot` or thumbnail folder beside it.
    @Test func aDeviceOutputGetsNoSideFiles() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let fifo = tmp.file("pipe")
        #expect(mkfifo(fifo, 0o644) == 0)
        // A reader for the FIFO, so the write does not wait.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat \"$0\" > \"$0.read\"", fifo]
        try reader.run()
        let r = try Sceneflow.run(["graph", "Proto", "--out", "pipe", "--format", "svg"], in: tmp.url)
        reader.waitUntilExit()
        #expect(r.status == 0, "\(r)")
        // Red-team 43 B G3: it said "wrote pipe.dot (its Graphviz source)", never written.
        #expect(!r.output.contains("pipe.dot"), "\(r)")
        let names = try FileManager.default.contentsOfDirectory(atPath: tmp.path).sorted()
        #expect(!names.contains("pipe.dot") && !names.contains("pipe-thumbs"), "\(names)")
        let text = try String(contentsOfFile: fifo + ".read", encoding: .utf8)
        #expect(text.contains("<svg"), "\(text.prefix(200))")
    }

    /// Red-team 44 B H5: `--out flow.svg/` (a file, then a slash) wrote `flow.dot` and
    /// `flow-thumbs/` beside it, then failed with 70 ("Not a directory"). A file output whose
    /// name ends in `/` names a folder: refused with 64 before anything is written, whether
    /// the name is there or not, for every format.
    @Test(arguments: ["svg", "png", "dot"], [true, false])
    func aFileNameEndingInASlashIsRefusedFirst(_ format: String, _ exists: Bool) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        if exists { try tmp.write("flow.\(format)", "my notes\n") }
        let before = try FileManager.default.contentsOfDirectory(atPath: tmp.path).sorted()
        let r = try Sceneflow.run(["graph", "Proto", "--out", "flow.\(format)/", "--format", format], in: tmp.url)
        #expect(r.status == 64, "\(format), there: \(exists): \(r)")
        #expect(r.stderr.contains("--out flow.\(format)/: the name ends in /"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).sorted() == before, "\(format)")
        if exists { #expect(try String(contentsOfFile: tmp.file("flow.\(format)"), encoding: .utf8) == "my notes\n") }
    }

    /// Red-team 47 B J3: `graph --out flow.svg` wrote its thumbnails and `.dot` through links
    /// into `__screenshots__` (a `flow-thumbs` link replaced the baseline `home.png`, a
    /// `flow.dot` link turned `x.png` into DOT text), exit 0. Refused with 64, nothing written.
    @Test(arguments: ["thumbs", "dot"])
    func aSideOutputNeverGoesAmongBaselines(_ kind: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("__screenshots__/a/home.png", PNGWriter.solid(width: 36, height: 80, rgb: (9, 9, 9)))
        try tmp.write("__screenshots__/a/x.png", PNGWriter.solid(width: 36, height: 80, rgb: (9, 9, 9)))
        if kind == "thumbs" {
            try FileManager.default.createSymbolicLink(
                atPath: tmp.file("flow-thumbs"), withDestinationPath: "__screenshots__/a")
        } else {
            try FileManager.default.createSymbolicLink(
                atPath: tmp.file("flow.dot"), withDestinationPath: "__screenshots__/a/x.png")
        }
        let before = try Self.snapshot(tmp.file("__screenshots__"))
        let r = try Sceneflow.run(["graph", "Proto", "--out", "flow.svg"], in: tmp.url)
        #expect(r.status == 64, "\(kind): \(r)")
        #expect(r.stderr.contains("baseline folder"), "\(kind): \(r.stderr)")
        #expect(try Self.snapshot(tmp.file("__screenshots__")) == before, "\(kind): the baselines are unchanged")
    }

    /// Red-team 48 B K3: a `flow-thumbs` that is a file, or a `flow.dot` that is a folder, gave
    /// exit 70 ("the system failed") with Foundation's error text, some thumbnails written
    /// first. It is a bad output path: 64, a plain message, nothing written.
    @Test(arguments: ["thumbs file", "dot folder"])
    func aSideOutputNameTakenByTheWrongKindIsRefused(_ kind: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        if kind == "thumbs file" {
            try tmp.write("flow-thumbs", "my notes\n")
        } else {
            try FileManager.default.createDirectory(atPath: tmp.file("flow.dot"), withIntermediateDirectories: true)
        }
        let before = try FileManager.default.subpathsOfDirectory(atPath: tmp.path).sorted()
        let r = try Sceneflow.run(["graph", "Proto", "--out", "flow.svg"], in: tmp.url)
        #expect(r.status == 64, "\(kind): \(r)")
        #expect(
            r.stderr.contains(kind == "thumbs file" ? "is a file, not a folder" : "is a folder, not a file"), "\(r)")
        #expect(!r.stderr.contains("Error Domain"), "\(r.stderr)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: tmp.path).sorted() == before, "\(kind)")
    }
}
