import Foundation
import SceneflowCore

/// `sceneflow help api --format markdown` (the DocC catalog's Script API page) and
/// `--format luacheck` (the `read_globals` block of `.luacheckrc`), from the same entries as
/// the text reference.
extension ScriptAPIReference {
    /// The formats `sceneflow help api --format` writes.
    public enum Format: String, CaseIterable, Sendable {
        /// For a terminal (the default).
        case text
        /// A DocC article (`Sources/SceneflowCLI/Sceneflow.docc/ScriptAPI.md`).
        case markdown
        /// A lua-language-server definitions file (`types/sceneflow.lua`).
        case luals
        /// The `read_globals` block of `.luacheckrc`.
        case luacheck
    }

    /// The reference in `format`.
    /// - Throws: `DiagnosticList` when the script API cannot start (a bug, not user input).
    public static func render(_ format: Format) throws(DiagnosticList) -> String {
        switch format {
        case .text: return try text()
        case .markdown: return try markdown()
        case .luals: return try luaLanguageServer()
        case .luacheck: return try luacheck()
        }
    }

    /// The reference as a DocC article: per group, each entry's signature, summary, typed
    /// arguments, return value, waiting, errors and example; then the table shapes.
    public static func markdown() throws(DiagnosticList) -> String {
        let (entries, groups, shapes) = try catalog()
        var out = """
            # Script API

            Every function a Sceneflow script can call, with its arguments, what it waits for and when it fails.

            ## Overview

            Scripts are Lua 5.4. Points are measured from the top-left of the device screen; times are seconds of \
            the virtual clock unless they say "real time". A locator is an accessibility label (exact match) or a \
            table with one of `label = "…"`, `contains = "…"`, `pattern = "<Lua pattern>"`, plus optional \
            `kind = "…"` and `index = n`; text compares after Unicode NFC and white-space normalisation (a \
            no-break space matches a typed space, as in Playwright's text locators). Sandbox: base, string, \
            table, math, utf8, coroutine, `os.clock`/`time`/`date`, `require` (modules beside the script only); \
            no `io`, no other `os`, no `debug`.

            This page is generated from the tables that register the functions (`sceneflow help api --format markdown`; \
            run `Scripts/make-reference.sh` after changing them), as are `sceneflow help api` for a terminal, \
            `types/sceneflow.lua` for lua-language-server and the `read_globals` of `.luacheckrc`.

            """
        for group in groups {
            let members = entries.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            out += "\n## \(group)\n"
            for entry in members {
                out += "\n### \(prose(entry.name))\n\n`\(entry.signature)`\n\n\(prose(entry.summary))\n"
                if !entry.arguments.isEmpty { out += "\n" }
                for argument in entry.arguments {
                    let type = entry.argumentTypes[argument.name].map { " (`\($0)`)" } ?? ""
                    out += "- `\(argument.name)`\(type): \(prose(argument.text))\n"
                }
                if let returns = entry.returns {
                    let type = entry.returnsType.map { " (`\($0)`)" } ?? ""
                    out += "\n**Returns**\(type): \(prose(returns))\n"
                }
                if let waits = entry.waits { out += "\n**Waits:** \(prose(waits))\n" }
                if let errors = entry.errors { out += "\n**Fails when:** \(prose(errors))\n" }
                out += "\n```lua\n\(entry.example)\n```\n"
            }
        }
        out +=
            "\n## Types\n\nThe shapes of tables the functions take and return, as `types/sceneflow.lua` names them.\n"
        for shape in shapes {
            out += "\n### \(shape.name)\n\n\(prose(shape.summary))\n"
            if let alias = shape.alias { out += "\nOne of: `\(alias)`.\n" }
            if !shape.fields.isEmpty { out += "\n" }
            for field in shape.fields {
                out += "- `\(field.name)` (`\(field.type)`): \(prose(field.text))\n"
            }
        }
        return out
    }

    /// `read_globals` for luacheck: every global of the API, and for each table (`expect`,
    /// `log`) its fields, so `expect.scen` and `log.warning` are reported; `state`'s keys are
    /// the prototype's own, so any field is allowed there. Between the marker lines
    /// `.luacheckrc` holds it verbatim.
    public static func luacheck() throws(DiagnosticList) -> String {
        let (entries, _, _) = try catalog()
        var fields: [String: Set<String>] = [:]
        var globals: Set<String> = []
        var values: Set<String> = []
        for entry in entries {
            let top = String(entry.name.prefix { $0 != "." && $0 != "(" })
            globals.insert(top)
            if !entry.name.contains("("), entry.name.contains(".") {
                let parts = entry.name.split(separator: ".").map(String.init)
                for depth in 1..<parts.count {
                    fields[parts[0..<depth].joined(separator: "."), default: []].insert(parts[depth])
                }
            }
            if let signature = ScriptAPISignature(entry.signature), !signature.isFunction { values.insert(top) }
        }
        for entry in entries {
            guard let mirrored = entry.mirrors else { continue }
            let own = entry.name.split(separator: ".").last.map(String.init) ?? entry.name
            fields[entry.name, default: []].formUnion(fields[mirrored, default: []].subtracting([own]))
        }
        func definition(_ table: String, indent: String) -> String {
            let names = fields[table, default: []]
            let plain = names.filter { fields[table + "." + $0] == nil }.sorted().map { "\"\($0)\"" }
            let nested = names.filter { fields[table + "." + $0] != nil }.sorted()
            var out = "{ fields = {\n"
            out += wrapped(plain, indent: indent + "  ")
            for name in nested {
                out += "\(indent)  \(name) = \(definition(table + "." + name, indent: indent + "  ")),\n"
            }
            return out + "\(indent)} }"
        }
        var out = """
            -- sceneflow script api begin: generated by `sceneflow help api --format luacheck` (Scripts/make-reference.sh)
            read_globals = {

            """
        out += wrapped(
            globals.filter { fields[$0] == nil && !values.contains($0) }.sorted().map { "\"\($0)\"" }, indent: "  ")
        for table in globals.filter({ fields[$0] != nil }).sorted() {
            out += "  \(table) = \(definition(table, indent: "  ")),\n"
        }
        for value in values.sorted() {
            out += "  \(value) = { other_fields = true },\n"
        }
        return out + "}\n-- sceneflow script api end\n"
    }

    /// Plain reference text as Markdown: characters Markdown would read as markup (`__x__`,
    /// `<name>`, `*`, `[`) are escaped outside code spans, so the text shows as written, and
    /// command-line options (`--clock-limit`) become code, so no renderer turns `--` into a dash.
    static func prose(_ text: String) -> String {
        let segments = text.split(separator: "`", omittingEmptySubsequences: false)
        return segments.enumerated().map { index, segment in
            guard index % 2 == 0 else { return String(segment) }  // inside a code span
            var escaped = ""
            for character in segment {
                if "\\*_<>[]".contains(character) { escaped.append("\\") }
                escaped.append(character)
            }
            return escaped.replacing(/(^|[^\w-])(--[a-z][a-z0-9-]*)/) { "\($0.output.1)`\($0.output.2)`" }
        }.joined(separator: "`")
    }

    /// `items` joined by ", " in lines of at most 118 characters, each ending with a comma.
    private static func wrapped(_ items: [String], indent: String) -> String {
        var lines: [String] = []
        var line = indent
        for item in items {
            if line.count > indent.count && line.count + item.count + 2 > 118 {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + item + ","
        }
        if line.count > indent.count { lines.append(line) }
        return lines.map { $0 + "\n" }.joined()
    }
}
