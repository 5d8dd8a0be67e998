import Foundation
import SceneflowRunner
import Testing

/// Script files (and folders) whose names are not valid UTF-8 stay apart: each is its own load
/// error naming its path with the bad bytes as `\xff` (two of them were one `a\u{FFFD}b.lua`
/// entry and the second file appeared nowhere), in the console, JSON, JUnit, TAP and HTML, with
/// `--jobs 1` and `--jobs 2`, and `--last-failed` runs each again.
@Suite struct InvalidUTF8ScriptNameTests {
    /// Writes `text` at the path `bytes` (Foundation's paths are text).
    static func write(_ bytes: [UInt8], _ text: String) throws {
        let handle = (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { fopen($0.baseAddress!, "w") }
        }
        let file = try #require(handle)
        fputs(text, file)
        fclose(file)
    }

    /// `HN/a\xffb.lua`, `HN/a\xfeb.lua` and `HN/\xc3(/c.lua`.
    static func folder() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        let folder = Array(tmp.file("HN").utf8)
        try FileManager.default.createDirectory(atPath: tmp.file("HN"), withIntermediateDirectories: true)
        let script = "prototype \"../Proto\"\ntest(\"t\", function() end)\n"
        try write(folder + Array("/a".utf8) + [0xFF] + Array("b.lua".utf8), script)
        try write(folder + Array("/a".utf8) + [0xFE] + Array("b.lua".utf8), script)
        let bad = folder + [47, 0xC3, 0x28]
        #expect(
            (bad + [0]).withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) }
            } == 0)
        try write(bad + Array("/c.lua".utf8), script)
        return tmp
    }

    static let shown = ["HN/a\\xfeb.lua", "HN/a\\xffb.lua", "HN/\\xc3(/c.lua"]

    @Test(arguments: ["1", "2"])
    func eachFileIsItsOwnLoadErrorInEveryReport(_ jobs: String) throws {
        let tmp = try Self.folder()
        let env: [String: String?] = ["XDG_CACHE_HOME": tmp.file("cache")]
        let r = try Sceneflow.run(
            ["test", "HN", "--jobs", jobs, "--report", "rep", "--json", "r.json"], in: tmp.url, environment: env)
        #expect(r.status == 65 || r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        #expect(report.files.map(\.file).sorted() == Self.shown.sorted(), "\(report.files.map(\.file))")
        for file in report.files {
            #expect(
                file.loadProblems.first?.message.hasPrefix("a folder or file name in this path is not valid UTF-8")
                    == true, "\(file.loadProblems)")
        }
        let junit = try String(contentsOf: tmp.url.appendingPathComponent("rep/junit.xml"), encoding: .utf8)
        let html = try String(contentsOf: tmp.url.appendingPathComponent("rep/index.html"), encoding: .utf8)
        let tap = try Sceneflow.run(["test", "HN", "--jobs", jobs, "--tap"], in: tmp.url, environment: env)
        for (format, text) in [("console", r.stdout), ("JUnit", junit), ("HTML", html), ("TAP", tap.stdout)] {
            for name in Self.shown {
                // TAP's YAML doubles the backslash.
                let escaped = name.replacingOccurrences(of: "\\", with: "\\\\")
                #expect(text.contains(name) || text.contains(escaped), "\(format) lacks \(name): \(text)")
            }
            #expect(!text.contains("\u{FFFD}"), "\(format): \(text)")
        }
        // The last-run state holds each: --last-failed takes all three again.
        let again = try Sceneflow.run(["test", "HN", "--last-failed", "--jobs", jobs], in: tmp.url, environment: env)
        for name in Self.shown { #expect(again.stdout.contains(name), "\(again)") }
    }
}
