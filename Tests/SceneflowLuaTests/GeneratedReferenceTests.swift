import Foundation
import Testing

@testable import SceneflowLua

/// The files generated from the script API's registration tables are current, and do what
/// editors and linters need: `types/sceneflow.lua` (lua-language-server), the DocC Script API
/// page and `.luacheckrc`'s `read_globals`.
@Suite struct GeneratedReferenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fix = "run `bash Scripts/make-reference.sh` to regenerate it"

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The first line where `a` and `b` differ, for a readable failure.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let left = a.components(separatedBy: "\n")
        let right = b.components(separatedBy: "\n")
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? left[index] : "<end of file>"
            let r = index < right.count ? right[index] : "<end of file>"
            if l != r { return "line \(index + 1): the file has\n  \(l)\ngenerated:\n  \(r)" }
        }
        return "no difference"
    }

    @Test func luaLanguageServerFileIsCurrent() throws {
        let shipped = try Self.read("types/sceneflow.lua")
        let generated = try ScriptAPIReference.render(.luals)
        #expect(
            shipped == generated,
            "types/sceneflow.lua is out of date: \(Self.fix)\n\(Self.firstDifference(shipped, generated))")
    }

    @Test func doccScriptAPIPageIsCurrent() throws {
        let shipped = try Self.read("Sources/SceneflowCLI/Sceneflow.docc/ScriptAPI.md")
        let generated = try ScriptAPIReference.render(.markdown)
        #expect(
            shipped == generated,
            "Sceneflow.docc/ScriptAPI.md is out of date: \(Self.fix)\n\(Self.firstDifference(shipped, generated))")
    }

    @Test func luacheckrcHoldsTheGeneratedGlobals() throws {
        let shipped = try Self.read(".luacheckrc")
        let generated = try ScriptAPIReference.render(.luacheck)
        let begin = try #require(
            shipped.range(of: "-- sceneflow script api begin"), ".luacheckrc lacks its marker lines")
        let end = try #require(shipped.range(of: "-- sceneflow script api end\n"))
        let block = String(shipped[begin.lowerBound..<end.upperBound])
        #expect(
            block == generated,
            ".luacheckrc's script globals are out of date: \(Self.fix)\n\(Self.firstDifference(block, generated))")
        let luarc = try Self.read(".luarc.json")
        #expect(
            luarc.contains("\"workspace.library\": [\"types\"]"), ".luarc.json points lua-language-server at types/")
    }

    /// The definitions compile as Lua 5.4 (the Lua Sceneflow links), so the editor reads all of it.
    @Test func luaLanguageServerFileIsLua() throws {
        let text = try ScriptAPIReference.render(.luals)
        let state = try #require(LuaState())
        let loaded = state.main.load(text, chunkName: "@types/sceneflow.lua")
        let message = loaded ? "" : (state.main.string(-1) ?? "?")
        #expect(loaded, "types/sceneflow.lua does not compile: \(message)")
    }

    /// Every entry of the reference is declared, with a type for each parameter and every
    /// class it names declared too.
    @Test func luaLanguageServerFileDeclaresEveryFunction() throws {
        let text = try ScriptAPIReference.render(.luals)
        let (entries, _, _) = try ScriptAPIReference.catalog()
        var missing: [String] = []
        for entry in entries {
            let declared: [String]
            if let matcher = entry.name.range(of: "(x).") {
                declared = ["function Matchers.\(entry.name[matcher.upperBound...])("]
            } else if entry.name == "expect" || entry.name == "expect.soft" || entry.name == "state" {
                declared = ["\n\(entry.name) = {}\n"]
            } else {
                declared = ["\nfunction \(entry.name)("]
            }
            if !declared.allSatisfy(text.contains) { missing.append(entry.name) }
        }
        #expect(missing.isEmpty, "types/sceneflow.lua does not declare: \(missing)")
        #expect(entries.count > 60)
        #expect(text.hasPrefix("---@meta"))
        #expect(text.contains("---@class sceneflow.Element\n"))
        #expect(text.contains("---@alias sceneflow.Locator string|sceneflow.LocatorTable\n"))
        #expect(text.contains("---@param locator sceneflow.Locator "))
        #expect(text.contains("---@return sceneflow.Element|nil "))
        #expect(text.contains("---@field timeout? number "))
        // Every sceneflow.X used is declared as a class or an alias.
        let used = Set(
            text.matches(of: /sceneflow\.([A-Z][A-Za-z]*)/).map { String($0.output.1) })
        let declaredTypes = Set(
            text.matches(of: /---@(?:class|alias) sceneflow\.([A-Za-z]+)/).map { String($0.output.1) })
        #expect(used.subtracting(declaredTypes).isEmpty, "used but not declared: \(used.subtracting(declaredTypes))")
        #expect(!text.contains("---@param options? table"), "an options table without its class")
    }

    /// Every parameter a signature names has a type in its `args` entry, and every return
    /// value documented has its type: an entry added without them fails here.
    @Test func everyParameterAndReturnValueHasAType() throws {
        var untyped: [String] = []
        for entry in try ScriptAPIReference.catalog().entries {
            let signature = try #require(ScriptAPISignature(entry.signature), "\(entry.name): \(entry.signature)")
            for parameter in signature.parameters {
                for name in parameter.keys ?? [parameter.name] where entry.argumentTypes[name] == nil {
                    untyped.append("\(entry.name): \(name)")
                }
            }
            if entry.returns != nil && entry.returnsType == nil { untyped.append("\(entry.name): returns_type") }
        }
        #expect(
            untyped.isEmpty, "add a type ({name, meaning, type}) or returns_type in the api.define table: \(untyped)")
    }

    /// Reference text shows in Markdown as written: no emphasis from `__screenshots__`, no tag
    /// from `<name>`, no dash from `--clock-limit`; code spans are left alone.
    @Test func markdownProseShowsTheTextAsWritten() {
        #expect(
            ScriptAPIReference.prose("in __screenshots__/<script>/x.png, or --clock-limit; `--in_code <x>`")
                == "in \\_\\_screenshots\\_\\_/\\<script\\>/x.png, or `--clock-limit`; `--in_code <x>`")
        #expect(ScriptAPIReference.prose("a-b--c and x > 0 * 2") == "a-b--c and x \\> 0 \\* 2")
    }

    @Test func signaturesReadAsParameters() throws {
        let tap = try #require(ScriptAPISignature("tap(locator [, {timeout = seconds}])"))
        #expect(tap.parameters.map(\.name) == ["locator", "options"])
        #expect(tap.parameters.map(\.optional) == [false, true])
        #expect(tap.parameters[1].keys == ["timeout"])
        let press = try #require(ScriptAPISignature("long_press(locator [, seconds [, {timeout = seconds}]])"))
        #expect(press.parameters.map(\.name) == ["locator", "seconds", "options"])
        #expect(press.parameters.map(\.optional) == [false, true, true])
        let test = try #require(ScriptAPISignature("test(name [, {clock_limit = seconds, tags = {\"a\", \"b\"}}], fn)"))
        #expect(test.parameters.map(\.name) == ["name", "options", "fn"])
        #expect(test.parameters.map(\.optional) == [false, true, false])
        #expect(test.parameters[1].keys == ["clock_limit", "tags"])
        let transition = try #require(ScriptAPISignature("expect.transition{from =, to =, kind =}"))
        #expect(transition.parameters.first?.keys == ["from", "to", "kind"])
        let matcher = try #require(ScriptAPISignature("expect(x).to_be_close_to(y [, tolerance])"))
        #expect(matcher.parameters.map(\.name) == ["y", "tolerance"])
        #expect(ScriptAPISignature("log.message(...)")?.parameters.map(\.name) == ["..."])
        #expect(ScriptAPISignature("state.key")?.isFunction == false)
        #expect(ScriptAPISignature("scene()")?.parameters.isEmpty == true)
        #expect(ScriptAPISignature("tap(locator [, {timeout}])") == nil, "a table key without =")
        #expect(ScriptAPISignature("tap(locator [") == nil)
    }

    /// luacheck with the shipped `.luacheckrc` reports a misspelt field of an API table
    /// (`expect.scen`, `log.warning`, `expect.soft.scen`) and accepts the real ones.
    @Test func luacheckReportsMisspeltAPIFields() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("luacheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("walk.lua")
        try """
        test("walk", function()
          expect.scen "home"
          log.warning("slow")
          expect.soft.scen "home"
          expect.scene "home"
          expect.soft.visible "Back"
          expect(1).to_be(1)
          log.warn(state.anything)
          tap "Back"
        end)

        """.write(to: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "luacheck", "--no-color", "--codes", "--config", Self.root.appendingPathComponent(".luacheckrc").path,
            script.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(!output.contains("No such file"), "luacheck is not installed (Scripts/setup.sh installs lua-check)")
        #expect(
            output.contains("walk.lua:2:3: (W143) accessing undefined field 'scen' of global 'expect'"), "\(output)")
        #expect(
            output.contains("walk.lua:3:3: (W143) accessing undefined field 'warning' of global 'log'"), "\(output)")
        #expect(
            output.contains("walk.lua:4:3: (W143) accessing undefined field 'soft.scen' of global 'expect'"),
            "\(output)")
        #expect(output.contains("3 warnings / 0 errors"), "only the three misspellings: \(output)")
    }
}
