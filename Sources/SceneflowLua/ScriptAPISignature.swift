import Foundation

/// The positional parameters of a reference entry, read from its signature as the reference
/// writes it: `tap(locator [, {timeout = seconds}])` is `locator`, then an optional options
/// table with the key `timeout`; `expect.transition{from =, to =}` is one options table;
/// `log.message(...)` takes any values; `state.key` is a value, not a function.
public struct ScriptAPISignature: Equatable, Sendable {
    /// One positional parameter.
    public struct Parameter: Equatable, Sendable {
        /// Its name in the signature (`locator`, `...`); `options` for an inline table.
        public var name: String
        /// Written inside `[ ]`: the call may leave it out.
        public var optional: Bool
        /// For an inline options table (`{timeout = seconds}`): its keys, in order; else nil.
        public var keys: [String]?
    }

    /// The parameters in order; empty for `scene()` and for a value.
    public var parameters: [Parameter]
    /// False for a documented value such as `state.key`.
    public var isFunction: Bool

    /// Reads `signature`; nil when it is neither a call nor a plain name (a malformed entry).
    public init?(_ signature: String) {
        let text = Substring(signature)
        guard let open = text.firstIndex(where: { $0 == "(" || $0 == "{" }) else {
            // `state.key`: a value.
            guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
                return nil
            }
            parameters = []
            isFunction = false
            return
        }
        isFunction = true
        if text[open] == "{" {
            // `expect.transition{from =, to =}`: the table is the one argument.
            guard let keys = Self.keys(of: text[open...]) else { return nil }
            parameters = [Parameter(name: "options", optional: false, keys: keys)]
            return
        }
        // The last call's parentheses: `expect(x).to_be(y)` takes `y`.
        guard let lastOpen = Self.lastCallOpen(text), let inner = Self.inside(text, from: lastOpen) else {
            return nil
        }
        var result: [Parameter] = []
        var optionalDepth = 0
        var braceDepth = 0
        var token = ""
        var tokenOptional = false
        func finish() -> Bool {
            let trimmed = token.trimmingCharacters(in: .whitespaces)
            token = ""
            guard !trimmed.isEmpty else { return true }
            if trimmed.hasPrefix("{") {
                guard let keys = Self.keys(of: Substring(trimmed)) else { return false }
                result.append(Parameter(name: "options", optional: tokenOptional, keys: keys))
            } else {
                guard trimmed == "..." || trimmed.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                    return false
                }
                result.append(Parameter(name: trimmed, optional: tokenOptional, keys: nil))
            }
            return true
        }
        for character in inner {
            switch character {
            case "[" where braceDepth == 0: optionalDepth += 1
            case "]" where braceDepth == 0: optionalDepth -= 1
            case "," where braceDepth == 0:
                guard finish() else { return nil }
            default:
                if character == "{" { braceDepth += 1 }
                if character == "}" { braceDepth -= 1 }
                if token.trimmingCharacters(in: .whitespaces).isEmpty && !character.isWhitespace {
                    tokenOptional = optionalDepth > 0
                }
                token.append(character)
            }
        }
        guard optionalDepth == 0, braceDepth == 0, finish() else { return nil }
        parameters = result
    }

    /// Where the parenthesised list of the last call starts (`to_be(` in `expect(x).to_be(y)`).
    private static func lastCallOpen(_ text: Substring) -> Substring.Index? {
        var depth = 0
        var lastTopLevelOpen: Substring.Index?
        for index in text.indices {
            switch text[index] {
            case "(":
                if depth == 0 { lastTopLevelOpen = index }
                depth += 1
            case ")": depth -= 1
            default: break
            }
        }
        return lastTopLevelOpen
    }

    /// The text between the bracket at `open` and its match, or nil when unbalanced.
    private static func inside(_ text: Substring, from open: Substring.Index) -> Substring? {
        var depth = 0
        for index in text[open...].indices {
            switch text[index] {
            case "(", "{", "[": depth += 1
            case ")", "}", "]":
                depth -= 1
                if depth == 0 { return text[text.index(after: open)..<index] }
            default: break
            }
        }
        return nil
    }

    /// The keys of an inline table `{a = x, b =, c = {…}}`, or nil when one has no `=`.
    private static func keys(of table: Substring) -> [String]? {
        guard let inner = inside(table, from: table.startIndex) else { return nil }
        var keys: [String] = []
        var depth = 0
        var part = ""
        func take() -> Bool {
            defer { part = "" }
            guard let equals = part.firstIndex(of: "=") else {
                return part.trimmingCharacters(in: .whitespaces).isEmpty
            }
            let key = part[..<equals].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { return false }
            keys.append(key)
            return true
        }
        for character in inner {
            if character == "{" || character == "(" { depth += 1 }
            if character == "}" || character == ")" { depth -= 1 }
            if character == "," && depth == 0 {
                guard take() else { return nil }
            } else {
                part.append(character)
            }
        }
        guard take(), !keys.isEmpty else { return nil }
        return keys
    }
}
