/// File names on one line: every string of a prototype that names a file is one line of text
/// (the prototype validator's rule for names and labels), so `sceneflow new` gives a screenshot
/// whose name breaks it a name that keeps it.
public enum OneLineFileName {
    /// True for the characters the one-line rule refuses: C0 controls (tab and line breaks
    /// among them), DEL, C1 controls (U+0085 among them), and the line and paragraph separators
    /// U+2028 and U+2029.
    public static func breaksTheLine(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
    }

    /// `name` with each character that breaks the line replaced by `-` (`new\nline.png` →
    /// `new-line.png`); `name` itself when it has none.
    public static func cleaned(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: breaksTheLine) else { return name }
        var out = String.UnicodeScalarView()
        for scalar in name.unicodeScalars { out.append(breaksTheLine(scalar) ? "-" : scalar) }
        return String(out)
    }

    /// One-line names for `names` (file names, all different), in their order: a name on one
    /// line stays as it is; another is cleaned (`cleaned`) and, when that name is taken (by
    /// another of `names`, a name given earlier, or `isTaken`, a file already there), gets
    /// `-2`, `-3`, … before its extension (`a-b-2.png`).
    public static func unique(_ names: [String], isTaken: (String) -> Bool = { _ in false }) -> [String] {
        var taken = Set(names.filter { cleaned($0) == $0 })
        return names.map { name in
            let clean = cleaned(name)
            guard clean != name else { return name }
            let dot = clean.lastIndex(of: ".").flatMap { $0 == clean.startIndex ? nil : $0 }
            let stem = dot.map { String(clean[..<$0]) } ?? clean
            let suffix = dot.map { String(clean[$0...]) } ?? ""
            var candidate = clean
            var number = 1
            while taken.contains(candidate) || isTaken(candidate) {
                number += 1
                candidate = "\(stem)-\(number)\(suffix)"
            }
            taken.insert(candidate)
            return candidate
        }
    }
}
