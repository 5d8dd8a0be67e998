/// The table constructors (`{ … }`) written in Lua source text, with their fields and where
/// each is written (Unicode scalar offsets): what `HotspotEditor` edits `prototype.lua`
/// through. A reader of constructors only, not a Lua parser: an expression between fields is
/// skipped as tokens up to the next `,` or `;` outside brackets and `function … end` blocks,
/// and constructors inside it are read too (a table passed to a function is still found).
/// Tables the file builds by running code (loops, functions, tables made elsewhere) have no
/// constructor here, which is how editors tell them apart.
final class LuaTableConstructor {
    /// The offset of the opening `{`.
    let open: Int
    /// The offset of the closing `}` (the end of the text when it is never closed).
    var close: Int
    /// The fields in the order written.
    var fields: [LuaTableField] = []
    /// Constructors written inside this one's field values but not as a whole value
    /// (`go(…, { … })`, inside a function body).
    var nested: [LuaTableConstructor] = []

    init(open: Int, close: Int) {
        self.open = open
        self.close = close
    }

    /// The last field written with `key` (`name = …` or `["name"] = …`), as Lua keeps it.
    func field(_ key: String) -> LuaTableField? { fields.last { $0.key == .named(key) } }

    /// How many fields are written with `key`.
    func count(_ key: String) -> Int { fields.filter { $0.key == .named(key) }.count }

    /// This constructor and every one inside it, depth first.
    var all: [LuaTableConstructor] {
        [self] + (fields.compactMap(\.table) + nested).flatMap(\.all)
    }
}

/// One field of a table constructor: `name = value`, `["name"] = value`, `[expr] = value`
/// or a positional `value`.
struct LuaTableField {
    /// How the field is keyed.
    enum Key: Equatable {
        /// `name = …` or `["name"] = …`.
        case named(String)
        /// `[expression] = …` with a key that is not a string literal.
        case computed
        /// A positional value (the list part).
        case positional
    }

    /// How the field is keyed.
    let key: Key
    /// The offset of its first scalar (the key, or the value for a positional field).
    let start: Int
    /// The offset of its value's first scalar.
    let valueStart: Int
    /// The offset just past its value's last scalar.
    let valueEnd: Int
    /// The offset of the `,` or `;` after it, or nil for the last field without one.
    let separator: Int?
    /// The constructor, when the value is exactly one `{ … }`.
    let table: LuaTableConstructor?
    /// The decoded text, when the value is exactly one string literal.
    let string: String?
    /// The offset of the value's string literal opening quote (when `string` is set).
    let stringStart: Int?
    /// The offset just past the whole field (its separator included when it has one).
    var end: Int { separator.map { $0 + 1 } ?? valueEnd }
}

/// Reads the table constructors of a source text (see `LuaTableConstructor`).
struct LuaTableOutline {
    /// The text's scalars.
    let text: [Unicode.Scalar]
    /// The constructors not inside another one, in order.
    let roots: [LuaTableConstructor]

    /// Every constructor of the text, depth first.
    var all: [LuaTableConstructor] { roots.flatMap(\.all) }

    /// Reads `source`.
    init(_ source: String) {
        text = Array(source.unicodeScalars)
        var reader = Reader(tokens: LuaToken.tokens(of: text), end: text.count)
        var roots: [LuaTableConstructor] = []
        while reader.index < reader.tokens.count {
            if reader.tokens[reader.index].isSymbol("{") {
                roots.append(reader.constructor())
            } else {
                reader.index += 1
            }
        }
        self.roots = roots
    }

    /// Walks the tokens; `index` is the next one.
    private struct Reader {
        let tokens: [LuaToken]
        let end: Int
        var index = 0

        /// Reads the constructor whose `{` is the next token.
        mutating func constructor() -> LuaTableConstructor {
            let node = LuaTableConstructor(open: tokens[index].start, close: end)
            index += 1
            while index < tokens.count {
                if tokens[index].isSymbol("}") {
                    node.close = tokens[index].start
                    index += 1
                    return node
                }
                let before = index
                node.fields.append(field(into: node))
                if index == before { index += 1 }  // never stall on text Lua would refuse
            }
            return node
        }

        /// Reads one field and the separator after it.
        mutating func field(into node: LuaTableConstructor) -> LuaTableField {
            let start = tokens[index].start
            var key = LuaTableField.Key.positional
            if case .name(let name) = tokens[index].kind, index + 1 < tokens.count, tokens[index + 1].isSymbol("=") {
                key = .named(name)
                index += 2
            } else if tokens[index].isSymbol("["), let close = closingBracket(from: index),
                close + 1 < tokens.count, tokens[close + 1].isSymbol("=")
            {
                if close == index + 2, case .string(let name) = tokens[index + 1].kind {
                    key = .named(name)
                } else {
                    key = .computed
                }
                index = close + 2
            }
            let valueIndex = index
            let valueStart = index < tokens.count ? tokens[index].start : end
            var inner: [LuaTableConstructor] = []
            var depth = 0
            var blocks = 0
            var last = index
            while index < tokens.count {
                let token = tokens[index]
                if token.isSymbol("}") { break }  // nested constructors are read whole: this closes ours
                if depth == 0, blocks == 0, token.isSymbol(",") || token.isSymbol(";") { break }
                last = index
                switch token.kind {
                case .symbol("{"):
                    inner.append(constructor())
                    last = index - 1
                    continue
                case .symbol("("), .symbol("["): depth += 1
                case .symbol(")"), .symbol("]"): depth -= 1
                case .name("function"), .name("if"), .name("do"), .name("repeat"): blocks += 1
                case .name("end"), .name("until"): blocks -= 1
                default: break
                }
                index += 1
            }
            let valueEnd = index > valueIndex ? tokens[last].end : valueStart
            var separator: Int?
            if index < tokens.count, tokens[index].isSymbol(",") || tokens[index].isSymbol(";") {
                separator = tokens[index].start
                index += 1
            }
            let whole = index > valueIndex ? Array(tokens[valueIndex...last]) : []
            var table: LuaTableConstructor?
            if inner.count == 1, whole.first?.isSymbol("{") == true, inner[0].close == whole.last?.start {
                table = inner[0]
            } else {
                node.nested += inner
            }
            var string: String?
            if whole.count == 1, case .string(let text) = whole[0].kind { string = text }
            return LuaTableField(
                key: key, start: start, valueStart: valueStart, valueEnd: valueEnd, separator: separator, table: table,
                string: string, stringStart: string == nil ? nil : whole[0].start)
        }

        /// The index of the `]` closing the `[` at `open`, or nil.
        func closingBracket(from open: Int) -> Int? {
            var depth = 0
            for i in open..<tokens.count {
                if tokens[i].isSymbol("[") { depth += 1 }
                if tokens[i].isSymbol("]") {
                    depth -= 1
                    if depth == 0 { return i }
                }
            }
            return nil
        }
    }
}
