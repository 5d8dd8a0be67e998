import Foundation

/// `sceneflow test --param KEY=VALUE` and `--param-env NAME` (issue 20): the parameters
/// scripts read with `param("KEY")`. Environment variables reach scripts only when named with
/// `--param-env`, so a run does not depend on whatever the shell happens to hold.
enum ScriptParameters {
    /// The parameters from `params` (`KEY=VALUE` each, in order) and the variables
    /// `environmentNames` names that `environment` sets. Each key comes from one place, as an
    /// option that takes one value is given once: no precedence to learn.
    /// - Throws: `UsageError` (exit 64) for a value without `=` or an empty key, a key that is
    ///   not a name (letters, digits, `_`, `.`, `-`), a key given twice (by `--param`, by
    ///   `--param-env`, or by both, set in the environment or not: red-team 57 B P1, where
    ///   `--param` silently won), or a `--param-env` name that is not a variable name or names
    ///   a variable whose value is not valid UTF-8.
    static func parse(
        params: [String], environmentNames: [String], environment: [String: String]
    ) throws(UsageError) -> [String: String] {
        var result: [String: String] = [:]
        var fromEnvironment: Set<String> = []
        for name in environmentNames {
            guard isVariableName(name) else {
                throw UsageError(message: "--param-env: \"\(name)\" is not an environment variable name")
            }
            guard fromEnvironment.insert(name).inserted else {
                throw UsageError(message: "--param-env: \"\(name)\" is given twice")
            }
            // Read as text, an invalid byte would reach the script as U+FFFD without a word,
            // while `--param` refuses such a value (red-team finding o5).
            if let raw = getenv(name), String(validatingCString: raw) == nil {
                throw UsageError(
                    message: "--param-env: the variable \(name) is not valid UTF-8 text; Sceneflow takes UTF-8 text")
            }
            if let value = environment[name] { result[name] = value }
        }
        var given: Set<String> = []
        for text in params {
            guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
                throw UsageError(message: "--param expects KEY=VALUE, such as --param user=ada, got \"\(text)\"")
            }
            let key = String(text[..<eq])
            guard key.allSatisfy({ $0.isLetter || $0.isNumber || "_.-".contains($0) }) else {
                throw UsageError(message: "--param: the key \"\(key)\" is not a name (letters, digits, _, . and -)")
            }
            guard given.insert(key).inserted else { throw UsageError(message: "--param: \"\(key)\" is given twice") }
            if fromEnvironment.contains(key) {
                throw UsageError(
                    message: "\"\(key)\" is given twice: by --param-env \(key) and by --param \(text); give it once")
            }
            result[key] = String(text[text.index(after: eq)...])
        }
        return result
    }

    /// A POSIX environment variable name: letters, digits and `_`, not starting with a digit.
    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
        }
    }
}
