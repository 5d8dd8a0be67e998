import Foundation
import SceneflowCore

/// The reference of the script API, read from the `api.docs` entries that `api.define`
/// records while it registers each function (see `ScriptPrelude`), so `sceneflow help api`
/// always lists exactly what a script can call.
public enum ScriptAPIReference {
    /// One documented function or value.
    public struct Entry: Equatable, Sendable {
        /// `tap`, `expect.scene`, `expect(x).to_be`, `state`.
        public var name: String
        /// The group it is listed under ("Gestures", "Expectations", …).
        public var group: String
        /// How it is called, with optional parts in brackets.
        public var signature: String
        /// What it does.
        public var summary: String
        /// `(name, meaning with units)` per argument.
        public var arguments: [(name: String, text: String)]
        /// Each argument's type in lua-language-server's notation (`"number"`, `"Locator"`),
        /// by argument name; an argument without one is missing here.
        public var argumentTypes: [String: String] = [:]
        /// What it returns, if anything.
        public var returns: String?
        /// The type of what it returns, in lua-language-server's notation, if documented.
        public var returnsType: String?
        /// For a table of functions that has the same functions as another one
        /// (`expect.soft` mirrors `expect`): that other table's name.
        public var mirrors: String?
        /// What it waits for before and after acting, if anything.
        public var waits: String?
        /// When it fails.
        public var errors: String?
        /// A short example.
        public var example: String

        public static func == (a: Entry, b: Entry) -> Bool {
            a.name == b.name && a.signature == b.signature && a.summary == b.summary
        }
    }

    /// A shape of table the API takes or returns (`Locator`, `Element`), from `api.define_class`.
    public struct Shape: Equatable, Sendable {
        /// The bare name types refer to it by (`Element`).
        public var name: String
        /// What it is.
        public var summary: String
        /// For a name that stands for another type (`Locator` = `string|LocatorTable`): that type.
        public var alias: String?
        /// The fields of a table shape: name, meaning, type (`"string?"`: may be nil).
        public var fields: [Field]

        /// One field of a `Shape`.
        public struct Field: Equatable, Sendable {
            /// The key.
            public var name: String
            /// What it holds, with units.
            public var text: String
            /// Its type in lua-language-server's notation; a trailing `?` means it may be nil.
            public var type: String
        }
    }

    /// Every documented entry in registration order, and the group order.
    /// - Throws: `DiagnosticList` when the script API cannot start (a bug, not user input).
    public static func entries() throws(DiagnosticList) -> (entries: [Entry], groups: [String]) {
        let all = try catalog()
        return (all.entries, all.groups)
    }

    /// Every documented entry in registration order, the group order and the table shapes.
    /// - Throws: `DiagnosticList` when the script API cannot start (a bug, not user input).
    public static func catalog() throws(DiagnosticList) -> (entries: [Entry], groups: [String], shapes: [Shape]) {
        guard let state = LuaState() else {
            throw DiagnosticList([Diagnostic(file: "[sceneflow]", message: "could not start Lua")])
        }
        let module = ScriptModule()
        do {
            _ = try ScriptRuntime.startAPI(state: state, module: module, chunkName: "@reference", settleTimeout: 5)
        } catch {
            throw DiagnosticList([Diagnostic(file: "[sceneflow]", message: error.message)])
        }
        let main = state.main
        main.pushRef(module.apiRef)
        let api = state.snapshotTop().table
        main.pop()
        let groups = (api?["groups"].table?.sequence ?? []).compactMap(\.string)
        var result: [Entry] = []
        for item in api?["docs"].table?.sequence ?? [] {
            guard let doc = item.table, let name = doc["name"].string else { continue }
            let triples = (doc["args"].table?.sequence ?? []).compactMap { Self.triple($0) }
            var entry = Entry(
                name: name, group: doc["group"].string ?? "", signature: doc["signature"].string ?? name,
                summary: doc["summary"].string ?? "", arguments: triples.map { ($0.name, $0.text) },
                returns: doc["returns"].string, waits: doc["waits"].string, errors: doc["errors"].string,
                example: doc["example"].string ?? "")
            for argument in triples {
                if let type = argument.type { entry.argumentTypes[argument.name] = type }
            }
            entry.returnsType = doc["returns_type"].string
            entry.mirrors = doc["mirrors"].string
            result.append(entry)
        }
        var shapes: [Shape] = []
        for item in api?["classes"].table?.sequence ?? [] {
            guard let shape = item.table, let name = shape["name"].string else { continue }
            let fields = (shape["fields"].table?.sequence ?? []).compactMap { Self.triple($0) }.map {
                Shape.Field(name: $0.name, text: $0.text, type: $0.type ?? "any")
            }
            shapes.append(
                Shape(
                    name: name, summary: shape["summary"].string ?? "", alias: shape["alias"].string,
                    fields: fields))
        }
        return (result, groups, shapes)
    }

    /// `{name, meaning [, type]}` from an `args` or `fields` list, or nil when malformed.
    private static func triple(_ value: LuaValue) -> (name: String, text: String, type: String?)? {
        guard let items = value.table?.sequence, items.count == 2 || items.count == 3,
            let name = items[0].string, let text = items[1].string
        else { return nil }
        return (name, text, items.count == 3 ? items[2].string : nil)
    }

    /// The reference as text for a terminal: per group, each entry's signature, summary,
    /// arguments, return value, waiting, errors and example.
    public static func text() throws(DiagnosticList) -> String {
        let (entries, groups) = try entries()
        var text = """
            Sceneflow script API (Lua 5.4). Points are measured from the top-left of the device
            screen; times are seconds of the virtual clock unless they say "real time".
            A locator is an accessibility label (exact match) or a table with one of
            label = "…", contains = "…", pattern = "<Lua pattern>", plus optional kind = "…" and
            index = n; text compares after Unicode NFC and white-space normalisation (a no-break
            space matches a typed space, as in Playwright's text locators). Sandbox: base, string,
            table, math, utf8, coroutine, os.clock/time/date, require (modules beside the script
            only); no io, no other os, no debug.

            """
        for group in groups {
            let members = entries.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            text += "\n\(group.uppercased())\n"
            for entry in members {
                text += "\n  \(entry.signature)\n"
                text += wrap(entry.summary, indent: "      ")
                for argument in entry.arguments {
                    text += wrap("\(argument.name): \(argument.text)", indent: "      - ")
                }
                if let returns = entry.returns { text += wrap("returns: \(returns)", indent: "      ") }
                if let waits = entry.waits { text += wrap("waits: \(waits)", indent: "      ") }
                if let errors = entry.errors { text += wrap("fails when: \(errors)", indent: "      ") }
                let example = entry.example.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n")
                text += "      example:\n\(example)\n"
            }
        }
        return text
    }

    private static func wrap(_ text: String, indent: String, width: Int = 96) -> String {
        var lines: [String] = []
        var current = indent
        let continuation = String(repeating: " ", count: indent.count)
        for word in text.split(separator: " ") {
            if current.count + word.count + 1 > width && current.trimmingCharacters(in: .whitespaces).count > 0 {
                lines.append(current)
                current = continuation
            }
            current += (current.hasSuffix(" ") ? "" : " ") + word
        }
        lines.append(current)
        return lines.map { String($0) }.joined(separator: "\n") + "\n"
    }
}
