import SceneflowCore

/// A key of a Lua table as the loader sees it.
enum LuaKey: Hashable, Sendable, CustomStringConvertible {
    /// A string key (`label = ...`).
    case name(String)
    /// An integer key (array part, `[1]`).
    case index(Int)
    /// Any other key (a float, a boolean, a table...), described by its type.
    case other(String)

    var description: String {
        switch self {
        case .name(let name): return name
        case .index(let index): return "[\(index)]"
        case .other(let what): return "[\(what)]"
        }
    }
}

/// A plain Swift copy of a Lua value, taken once with raw access (no metamethods run) so the
/// validator never calls into Lua. Functions are kept as registry references.
/// `Sendable` is declared, not inferred: Swift 6.0 can fail with "circular reference" while
/// inferring it through `LuaTable.entries` (a tuple holding `LuaValue`) from some files.
indirect enum LuaValue: Sendable {
    case none
    case boolean(Bool)
    case number(Double)
    case string(String)
    case table(LuaTable)
    case function(ScriptFunctionRef)
    /// A userdata, thread, a table nested too deeply or met twice: described by a word.
    case other(String)

    /// The Lua type name, for messages ("expected a table, got a string").
    var typeName: String {
        switch self {
        case .none: return "nil"
        case .boolean: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .table(let t): return t.isAction ? "action" : "table"
        case .function: return "function"
        case .other(let what): return what
        }
    }

    /// The registry references of every function in this value, depth first in entry order.
    var functionRefIDs: [Int32] {
        switch self {
        case .function(let ref): return [ref.id]
        case .table(let table): return table.entries.flatMap(\.value.functionRefIDs)
        default: return []
        }
    }

    var isNone: Bool { if case .none = self { return true } else { return false } }
    var string: String? { if case .string(let s) = self { return s } else { return nil } }
    var number: Double? { if case .number(let n) = self { return n } else { return nil } }
    var table: LuaTable? { if case .table(let t) = self { return t } else { return nil } }
}

/// The entries of a Lua table: integer keys ascending, then names sorted, then other keys.
struct LuaTable: Sendable {
    var entries: [(key: LuaKey, value: LuaValue)]
    /// True when the table was made by `go`, `back`, `present` or `dismiss`.
    var isAction: Bool

    subscript(name: String) -> LuaValue {
        entries.first { $0.key == .name(name) }?.value ?? .none
    }

    /// The values at keys 1...n when the keys are exactly 1...n (a sequence), else nil.
    var sequence: [LuaValue]? {
        var result: [LuaValue] = []
        for (offset, entry) in entries.enumerated() {
            guard case .index(let i) = entry.key, i == offset + 1 else { return nil }
            result.append(entry.value)
        }
        return result
    }

    /// Names of string keys not in `known`, with the keys that are not strings.
    func unknownKeys(known: [String]) -> [LuaKey] {
        entries.map(\.key).filter {
            if case .name(let n) = $0 { return !known.contains(n) }
            return true
        }
    }
}
