import Foundation

/// A command-line option or flag, in the shape of swift-argument-parser's `@Option`/`@Flag`.
struct OptionSpec {
    /// `--out`
    let name: String
    /// `FILE` for options that take a value; nil for flags.
    let valueName: String?
    /// One line of help.
    let help: String
    /// What the option writes, for output options (`--junit FILE`, `--report DIR`): their
    /// names are checked before the command runs and `-` means standard output for text and
    /// binary files (`OutputOptions`); nil for every other option.
    var output: OutputKind? = nil
    /// The values the option takes, when it takes one of a fixed set (`changed`, `all`,
    /// `missing`): shown in help and offered by the shell completions.
    var choices: [String]? = nil
    /// True when the value may be left out (`--update-baselines` alone means its first
    /// choice): the value is then given as `--name=value`, or as the next word when that is
    /// one of `choices` or no path (so `--update-baselines sometimes` is refused, and
    /// `--update-baselines Scripts` leaves `Scripts` a path).
    var valueOptional = false
    /// True when the option may be given several times and takes every value (`--tag`,
    /// `--param`); any other option that takes a value is refused when given twice, so
    /// `--filter a --filter b` never quietly runs with `b` alone.
    var repeatable = false
}

/// A positional argument.
struct ArgumentSpec {
    /// `PROTOTYPE`
    let name: String
    /// One line of help.
    let help: String
    /// True when it may be given several times.
    let repeating: Bool
    /// True when it may be left out.
    let optional: Bool
    /// What the message for an empty value (`""`) asks for: most arguments are paths, but
    /// `hotspot`'s ACTION, SCENE and LABEL are not (red-team 26 F4).
    var whenEmpty = "give a path"
}

/// Bad usage: printed with the subcommand's usage line, exit code 64.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// The result of parsing: positional values, option values and flags.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    /// Every value of each option, in the order given (for repeatable options such as
    /// `--param`); `values` keeps the last.
    var allValues: [String: [String]] = [:]

    func value(_ name: String) -> String? { values[name] }
    /// Every value given for `name`, in order; empty when it was not given.
    func values(_ name: String) -> [String] { allValues[name] ?? [] }
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// Whether `word`, after an option whose value may be left out, is its value: one of its
    /// choices, or a word that is no option and names no file or folder.
    static func isOptionalValue(_ word: String, _ spec: OptionSpec) -> Bool {
        if spec.choices?.contains(word) == true { return true }
        return !word.hasPrefix("-") && !word.contains("/") && !word.hasSuffix(".lua")
            && !FileManager.default.fileExists(atPath: word)
    }

    /// Keeps `value` for the option `spec`; throws when an option that takes one value was
    /// given one already (even the same one: a repeated option is most often a script that
    /// meant something else).
    private mutating func store(_ value: String, for spec: OptionSpec) throws(UsageError) {
        if !spec.repeatable, let earlier = allValues[spec.name]?.first {
            throw UsageError(
                message:
                    "\(spec.name) is given twice (\"\(earlier)\", then \"\(value)\"); it takes one value: give it once")
        }
        values[spec.name] = value
        allValues[spec.name, default: []].append(value)
    }

    /// Parses `arguments` against the specs; `--name=value` and `--name value` both work.
    static func parse(_ arguments: [String], options: [OptionSpec], arguments specs: [ArgumentSpec]) throws(UsageError)
        -> ParsedArguments
    {
        var result = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                result.positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            var name = word
            var inline: String?
            if let eq = word.firstIndex(of: "=") {
                name = String(word[..<eq])
                inline = String(word[word.index(after: eq)...])
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                let hint = NearestOption.hint(name, options.map(\.name))
                throw UsageError(message: "unknown option \(name)\(hint)")
            }
            if spec.valueName == nil {
                if inline != nil { throw UsageError(message: "\(name) takes no value") }
                result.flags.insert(name)
            } else if spec.valueOptional && inline == nil {
                // Given before, with or without its value (red-team 27 F3: `--update-baselines
                // missing --update-baselines` kept `missing` without a word).
                if result.flags.contains(name) && !spec.repeatable {
                    throw UsageError(message: "\(name) is given twice; it takes one value: give it once")
                }
                result.flags.insert(name)
                if index < arguments.count, Self.isOptionalValue(arguments[index], spec) {
                    try result.store(arguments[index], for: spec)
                    index += 1
                }
            } else if let inline {
                if spec.valueOptional && result.flags.contains(name) && !spec.repeatable {
                    throw UsageError(message: "\(name) is given twice; it takes one value: give it once")
                }
                if spec.valueOptional { result.flags.insert(name) }
                try result.store(inline, for: spec)
            } else {
                guard index < arguments.count else {
                    throw UsageError(message: "\(name) needs a value (\(spec.valueName!))")
                }
                try result.store(arguments[index], for: spec)
                index += 1
            }
        }
        let required = specs.filter { !$0.optional }.count
        if result.positionals.count < required {
            let missing = specs.filter { !$0.optional }[result.positionals.count].name
            throw UsageError(message: "missing argument \(missing)")
        }
        if !specs.contains(where: \.repeating), result.positionals.count > specs.count {
            throw UsageError(message: "unexpected argument \"\(result.positionals[specs.count])\"")
        }
        // "" (often an unset shell variable) names nothing; the spec says what to give instead.
        if let index = result.positionals.firstIndex(of: ""), let spec = index < specs.count ? specs[index] : specs.last
        {
            throw UsageError(message: "the \(spec.name) argument is empty (\"\"); \(spec.whenEmpty)")
        }
        return result
    }
}

/// Did-you-mean for option names.
enum NearestOption {
    static func hint(_ name: String, _ names: [String]) -> String {
        var best: (String, Int)?
        for candidate in names {
            let d = editDistance(Array(name), Array(candidate))
            if best == nil || d < best!.1 { best = (candidate, d) }
        }
        guard let best, best.1 <= 3 else { return "" }
        return "; did you mean \(best.0)?"
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...b.count {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
