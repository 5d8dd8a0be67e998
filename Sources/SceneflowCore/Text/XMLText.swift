/// Escaping for text and attribute values in XML and HTML documents Sceneflow writes (SVG
/// charts, the HTML report, the HTML-like labels of the flow map's DOT).
public enum XMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }
}
