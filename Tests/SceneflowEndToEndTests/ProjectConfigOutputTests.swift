import Foundation
import Testing

/// The reporter paths of the project config `sceneflow.lua` go through the same checks as the
/// command line's output options (red-team findings P1 and P7): one that would replace a file
/// the run reads, or that another output of the run shares, is refused with the command line's
/// message (exit 64) before anything runs; one holding a NUL or another control character is a
/// config mistake naming the file, line and key (exit 65). Nothing is written either way.
@Suite struct ProjectConfigOutputTests {
    /// A repository whose script `Scripts/a.lua` names the prototype `Prototypes/Tiny`, with a
    /// module `Scripts/lib/m.lua` and a baseline, and `sceneflow.lua` holding `reporters`.
    static func repository(reporters: String) throws -> TempFolder {
        let tmp = try TempFolder()
        try FileManager.default.createDirectory(atPath: tmp.file("repo/.git"), withIntermediateDirectories: true)
        try tmp.prototype("repo/Prototypes/Tiny")
        try tmp.write(
            "repo/Scripts/a.lua",
            "prototype \"../Prototypes/Tiny\"\ntest(\"opens\", function() tap \"Open\" expect.scene \"detail\" end)\n")
        try tmp.write("repo/Scripts/lib/m.lua", "return {}\n")
        try tmp.image("repo/Scripts/__screenshots__/a/home.png")
        try tmp.write("repo/sceneflow.lua", "return { test = { reporters = { \(reporters) } } }\n")
        return tmp
    }

    /// Every file of the repository with its bytes, to see that a refused run wrote nothing.
    static func contents(_ tmp: TempFolder) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let root = tmp.file("repo")
        for relative in (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? [] {
            var isFolder: ObjCBool = false
            let path = root + "/" + relative
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                result[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return result
    }

    /// Every report kind (junit, json, report) onto every kind of input, from the config.
    @Test func aConfigReporterNeverReplacesAnInput() throws {
        let inputs: [(path: String, says: String)] = [
            ("Scripts/a.lua", "Scripts/a.lua, an input of this run"),
            ("Prototypes/Tiny/prototype.lua", "is the prototype.lua of the prototype"),
            ("Prototypes/Tiny/home.png", "is an image of the prototype"),
            ("Scripts/lib/m.lua", "is a Lua file (a script or a module it requires)"),
            ("Scripts/__screenshots__/a/home.png", "lies in a __screenshots__ folder, among the baselines"),
            ("sceneflow.lua", "is the project config "),
        ]
        for kind in ["junit", "json"] {
            for input in inputs {
                let tmp = try Self.repository(reporters: "\(kind) = \"\(input.path)\"")
                let before = try Self.contents(tmp)
                let r = try Sceneflow.run(["test", tmp.file("repo/Scripts/a.lua")])
                #expect(r.status == 64, "\(kind) = \(input.path): \(r)")
                #expect(
                    r.stderr.contains("sceneflow.lua: test.reporters.\(kind) ")
                        && r.stderr.contains(input.says)
                        && r.stderr.contains("an output never replaces a file the run reads"),
                    "\(kind) = \(input.path): \(r)")
                #expect(try Self.contents(tmp) == before, "\(kind) = \(input.path): nothing is written")
            }
        }
        // A report folder whose results.json would replace an input (through a link to it).
        let tmp = try Self.repository(reporters: "report = \"Scripts\"")
        try FileManager.default.createSymbolicLink(
            atPath: tmp.file("repo/Scripts/results.json"), withDestinationPath: "a.lua")
        let before = try Self.contents(tmp)
        let r = try Sceneflow.run(["test", tmp.file("repo/Scripts/a.lua")])
        #expect(r.status == 64 && r.stderr.contains("test.reporters.report"), "\(r)")
        #expect(r.stderr.contains("an input of this run"), "\(r)")
        #expect(try Self.contents(tmp) == before)
    }

    /// Two outputs on one file: both from the config, or one from it and one from the command
    /// line, whichever kinds they are.
    @Test func aConfigReporterSharesNoFileWithAnotherOutput() throws {
        let pairs: [(config: String, arguments: [String], says: [String])] = [
            (
                "json = \"o.out\", junit = \"o.out\"", [],
                ["test.reporters.junit", "test.reporters.json", "are the same file"]
            ),
            ("json = \"o.out\"", ["--junit", "o.out"], ["--junit o.out", "test.reporters.json", "are the same file"]),
            ("junit = \"o.out\"", ["--timeline", "o.out"], ["test.reporters.junit", "--timeline o.out"]),
            ("junit = \"o.out\"", ["--csv", "o.out"], ["test.reporters.junit", "--csv o.out"]),
            ("report = \"rep\", json = \"rep/results.json\"", [], ["test.reporters.report", "test.reporters.json"]),
            ("report = \"rep\"", ["--junit", "rep/junit.xml"], ["test.reporters.report", "--junit rep/junit.xml"]),
        ]
        for pair in pairs {
            let tmp = try Self.repository(reporters: pair.config)
            try FileManager.default.createDirectory(atPath: tmp.file("repo/rep"), withIntermediateDirectories: true)
            let r = try Sceneflow.run(
                ["test", "Scripts/a.lua"] + pair.arguments, in: URL(fileURLWithPath: tmp.file("repo")))
            #expect(r.status == 64, "\(pair.config) \(pair.arguments): \(r)")
            for words in pair.says {
                #expect(r.stderr.contains(words), "\(pair.config) \(pair.arguments): \(words): \(r)")
            }
            #expect(!FileManager.default.fileExists(atPath: tmp.file("repo/o.out")), "\(pair.config)")
            #expect(!FileManager.default.fileExists(atPath: tmp.file("repo/rep/results.json")), "\(pair.config)")
        }
        // Distinct files from both sources run as before.
        let tmp = try Self.repository(reporters: "json = \"o.json\"")
        let ok = try Sceneflow.run(
            ["test", "Scripts/a.lua", "--junit", "o.xml"], in: URL(fileURLWithPath: tmp.file("repo")))
        #expect(ok.status == 0, "\(ok)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("repo/o.json")))
        #expect(FileManager.default.fileExists(atPath: tmp.file("repo/o.xml")))
    }

    /// A command-line output onto an image of the prototype that only the config names (the
    /// script names none) is an input too.
    @Test func theConfigPrototypeIsAnInputOfCommandLineOutputs() throws {
        let tmp = try TempFolder()
        try FileManager.default.createDirectory(atPath: tmp.file("repo/.git"), withIntermediateDirectories: true)
        try tmp.prototype("repo/P")
        try tmp.write("repo/S/a.lua", "test(\"t\", function() end)\n")
        try tmp.write("repo/sceneflow.lua", "return { test = { prototype = \"P\" } }\n")
        let image = try Data(contentsOf: URL(fileURLWithPath: tmp.file("repo/P/home.png")))
        let r = try Sceneflow.run(["test", "S", "--json", "P/home.png"], in: URL(fileURLWithPath: tmp.file("repo")))
        #expect(r.status == 64 && r.stderr.contains("is an image of the prototype"), "\(r)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: tmp.file("repo/P/home.png"))) == image)
    }

    /// P7: a NUL would cut the name the report is written to (`"S/a.lua\0.json"` replaced the
    /// script); a tab or line break is an escape written by mistake (`"out\test.xml"`).
    @Test func aControlCharacterInAConfigPathIsRefused() throws {
        let cases: [(key: String, value: String, says: String)] = [
            ("junit", "x\\0y", "the control character U+0000 at character 2"),
            ("json", "Scripts/a.lua\\0.json", "the control character U+0000 at character 14"),
            ("report", "r\\0d", "the control character U+0000 at character 2"),
            ("junit", "out\\test.xml", "a tab (\\t) at character 4"),
            ("json", "o\\n.json", "a line break (\\n) at character 2"),
            ("json", "o\\27[2J.json", "the control character U+001B at character 2"),
            ("json", "o\\u{85}.json", "a next-line character (U+0085) at character 2"),
        ]
        for item in cases {
            let tmp = try Self.repository(reporters: "\(item.key) = \"\(item.value)\"")
            let before = try Self.contents(tmp)
            let r = try Sceneflow.run(["test", tmp.file("repo/Scripts/a.lua")])
            #expect(r.status == 65, "\(item.value): \(r)")
            #expect(
                r.stderr.contains("sceneflow.lua:1: test.reporters.\(item.key): a path cannot hold a control character")
                    && r.stderr.contains(item.says), "\(item.value): \(r)")
            #expect(try Self.contents(tmp) == before, "\(item.value): nothing is written")
        }
        // The prototype path too.
        let tmp = try TempFolder()
        try tmp.prototype("P")
        try tmp.write("S/a.lua", "test(\"t\", function() end)\n")
        try tmp.write("sceneflow.lua", "return { test = { prototype = \"P\\0/x\" } }\n")
        try FileManager.default.createDirectory(atPath: tmp.file(".git"), withIntermediateDirectories: true)
        let r = try Sceneflow.run(["test", tmp.file("S")])
        #expect(r.status == 65 && r.stderr.contains("test.prototype: a path cannot hold a control character"), "\(r)")
    }
}
