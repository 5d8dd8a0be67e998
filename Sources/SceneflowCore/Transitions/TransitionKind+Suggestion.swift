import Foundation

extension TransitionKind {
    /// Every kind's name in declaration order: `none, crossfade, push_left, …, reveal_down`.
    public static var nameList: String { names.joined(separator: ", ") }

    /// Words people use for a kind in other tools (UIKit, SwiftUI, Android, CSS, Keynote),
    /// mapped to the Sceneflow family: `slide_left` is a push, `fade` a crossfade.
    static let familySynonyms: [String: String] = [
        "push": "push", "slide": "push", "move": "push", "swipe": "push", "scroll": "push",
        "cover": "cover", "over": "cover", "present": "cover", "enter": "cover", "overlay": "cover",
        "reveal": "reveal", "uncover": "reveal", "exit": "reveal", "pop": "reveal",
        "crossfade": "crossfade", "fade": "crossfade", "dissolve": "crossfade", "cross": "crossfade",
        "blend": "crossfade", "opacity": "crossfade",
        "none": "none", "cut": "none", "no": "none", "instant": "none", "immediate": "none",
    ]

    /// Direction words, including the usual abbreviations and screen-edge names.
    static let directionSynonyms: [String: String] = [
        "left": "left", "right": "right", "up": "up", "down": "down",
        "l": "left", "r": "right", "u": "up", "d": "down", "top": "up", "bottom": "down",
        "leading": "left", "trailing": "right", "upward": "up", "upwards": "up", "downward": "down",
        "downwards": "down",
    ]

    /// The kind most likely meant by an unknown name, or nil: first the nearest name by edit
    /// distance (`NearestName`: `push_lft` → `push_left`), then the name read as family and
    /// direction words in any spelling (`slide-left`, `SlideLeft`, `slide_lft` → `push_left`;
    /// `fade_in` → `crossfade`), each word matched to the nearest known word.
    public static func suggestion(for name: String) -> String? {
        if let near = NearestName.suggestion(for: name, among: names) { return near }
        let words = Self.words(of: name)
        guard let first = words.first else { return nil }
        guard let family = nearest(first, in: familySynonyms) else { return nil }
        if family == "none" || family == "crossfade" { return family }
        for word in words.dropFirst().reversed() {
            if let direction = nearest(word, in: directionSynonyms) { return "\(family)_\(direction)" }
        }
        return nil
    }

    /// The message for an unknown kind, with a did-you-mean and the valid names:
    /// `unknown transition "slide_lft"; did you mean "push_left"? (transitions: none, crossfade, …)`.
    public static func unknownNameMessage(_ name: String) -> String {
        let hint = suggestion(for: name).map { "; did you mean \"\($0)\"?" } ?? ""
        return "unknown transition \"\(name)\"\(hint) (transitions: \(nameList))"
    }

    /// Lower-case words of `name`, split at `_`, `-`, spaces, dots and lower-to-upper case changes.
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for character in name {
            if character == "_" || character == "-" || character == " " || character == "." {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            if character.isUppercase && previousWasLower && !current.isEmpty {
                words.append(current)
                current = ""
            }
            current += character.lowercased()
            previousWasLower = character.isLowercase
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The value of `word` in `table`, or of the key nearest to it (one- and two-letter words
    /// must match exactly, so that `in` is not read as `up`).
    static func nearest(_ word: String, in table: [String: String]) -> String? {
        if let exact = table[word] { return exact }
        guard word.count > 2, let key = NearestName.suggestion(for: word, among: Array(table.keys)) else { return nil }
        return table[key]
    }
}

extension TimingCurve {
    /// The message for an unknown curve, with a did-you-mean and the valid names:
    /// `unknown curve "eas_out"; did you mean "ease_out"? (curves: linear, ease_in, ease_out, ease_in_out)`.
    public static func unknownNameMessage(_ name: String) -> String {
        let names = allCases.map(\.rawValue)
        return "unknown curve \"\(name)\"" + NearestName.hint(for: name, among: names)
            + " (curves: \(names.joined(separator: ", ")))"
    }
}
