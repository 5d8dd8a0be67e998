import Foundation
import Testing

@testable import SceneflowLua

/// `sceneflow help api` is generated from the registration tables: every public name a
/// script gets is documented, and `.luacheckrc` declares exactly those names.
@Suite struct ScriptAPIReferenceTests {
    /// Names every sandbox has that are not part of the Sceneflow API.
    static let sandboxNames: Set<String> = [
        "assert", "error", "ipairs", "next", "pairs", "pcall", "print", "rawequal", "rawget", "rawlen", "rawset",
        "select", "setmetatable", "getmetatable", "tonumber", "tostring", "type", "xpcall", "collectgarbage",
        "warn", "string", "table", "math", "utf8", "_VERSION", "_G", "load", "coroutine", "os", "require",
    ]

    @Test func everyEntryIsComplete() throws {
        let (entries, groups) = try ScriptAPIReference.entries()
        #expect(entries.count > 30)
        for entry in entries {
            #expect(!entry.signature.isEmpty && !entry.summary.isEmpty && !entry.example.isEmpty, "\(entry.name)")
            #expect(groups.contains(entry.group), "\(entry.name) is in an unknown group \(entry.group)")
        }
        #expect(Set(entries.map(\.name)).count == entries.count, "names are unique")
    }

    @Test func everyScriptGlobalIsDocumented() throws {
        let path = ScriptAPIHarness.write("test(\"t\", function() end)\n")
        let runtime = try ScriptRuntime(scriptPath: path)
        let documented = Set(try ScriptAPIReference.entries().entries.map { topLevel($0.name) })
        let globals = Set(runtime.globalNames).subtracting(Self.sandboxNames)
        #expect(
            globals == documented,
            "undocumented: \(globals.subtracting(documented)); stale: \(documented.subtracting(globals))")
    }

    @Test func luacheckrcDeclaresExactlyTheAPI() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent(".luacheckrc"), encoding: .utf8)
        let start = try #require(text.range(of: "-- sceneflow script api begin"))
        let end = try #require(text.range(of: "-- sceneflow script api end"))
        let block = text[start.upperBound..<end.lowerBound]
        // The globals are the block's top level: quoted names and `name = {` tables, two spaces in.
        var declared: Set<String> = []
        for line in block.split(separator: "\n") where line.hasPrefix("  ") && !line.hasPrefix("   ") {
            let body = line.dropFirst(2)
            if body.hasPrefix("\"") {
                declared.formUnion(
                    body.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter {
                        $0.offset % 2 == 1
                    }.map { String($0.element) })
            } else if let equals = body.range(of: " = {") {
                declared.insert(String(body[..<equals.lowerBound]))
            }
        }
        let documented = Set(try ScriptAPIReference.entries().entries.map { topLevel($0.name) })
        #expect(
            declared == documented,
            "missing in .luacheckrc: \(documented.subtracting(declared)); extra: \(declared.subtracting(documented))")
    }

    @Test func scriptingSummaryTableNamesEveryFunction() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let scripting = root.appendingPathComponent("Sources/SceneflowCLI/Sceneflow.docc/Scripting.md")
        let readme = try String(contentsOf: scripting, encoding: .utf8)
        let start = try #require(readme.range(of: "| group | functions |"))
        let rest = readme[start.upperBound...]
        let table = String(rest[..<(rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex)])
        var missing: [String] = []
        for entry in try ScriptAPIReference.entries().entries {
            let base = String(entry.name.prefix { $0 != "(" && $0 != "{" && $0 != " " })
            if let chained = entry.name.range(of: ").") {  // expect(x).to_be: the method name
                var method = entry.name[chained.upperBound...].prefix { $0 != "(" }
                // Each matcher's `not_` form is covered by the table's "each with a `not_` form".
                if method.hasPrefix("not_to_"), table.contains("each with a `not_` form") { method.removeFirst(4) }
                if !table.contains(" \(method) ") && !table.contains(".\(method) ") && !table.contains(" \(method)`") {
                    missing.append(entry.name)
                }
            } else if !["(", "`", "{", " ", "."].contains(where: { table.contains("`\(base)\($0)") }) {
                missing.append(entry.name)
            }
        }
        #expect(missing.isEmpty, "Scripting.md's summary table (| group | functions |) lacks: \(missing)")
    }

    @Test func referenceTextListsSignaturesAndExamples() throws {
        let text = try ScriptAPIReference.text()
        #expect(text.contains("\nGESTURES\n"))
        #expect(text.contains("  tap(locator [, {timeout = seconds}])\n"))
        #expect(text.contains("      waits: until settled and the element is present;"))
        #expect(text.contains("  expect(x).to_be(y)\n"))
    }

    private func topLevel(_ name: String) -> String {
        String(name.prefix { $0 != "." && $0 != "(" })
    }
}
