import Foundation

/// What `sceneflow detect` prints (issue 16.1): ready-to-paste Lua element lines per scene,
/// or JSON of exactly the shape
/// `{"scenes": {"<scene>": [{"label": "...", "frame": [x, y, w, h], "confidence": 0.93, "kind": "row"}]}}`
/// with frames in points and scenes in the prototype's order.
public enum DetectionOutput {
    /// One element line: `{ label = "Settings", frame = { 0, 96, 360, 56 } },  -- row 0.93`.
    public static func luaLine(_ proposal: DetectionProposal) -> String {
        let numbers = [proposal.frame.x, proposal.frame.y, proposal.frame.width, proposal.frame.height].map {
            formatNumber($0)
        }
        return "{ label = \(LuaStringLiteral.quoted(proposal.label)), frame = { \(numbers.joined(separator: ", ")) } },"
            + "  -- \(proposal.kind.rawValue) \(String(format: "%.2f", proposal.confidence))"
    }

    /// The plain text: per scene a comment line naming it and its image, then its lines.
    public static func lua(_ scenes: [(scene: String, image: String, proposals: [DetectionProposal])]) -> String {
        var text = ""
        for entry in scenes {
            text += "-- scene \"\(entry.scene)\" (\(entry.image)): \(counted(entry.proposals.count, "proposal"))\n"
            for proposal in entry.proposals { text += luaLine(proposal) + "\n" }
        }
        return text
    }

    /// The JSON text (one line per proposal), ending with a line break.
    public static func json(_ scenes: [(scene: String, proposals: [DetectionProposal])]) -> String {
        var parts: [String] = []
        for entry in scenes {
            let items = entry.proposals.map { p in
                let frame = [p.frame.x, p.frame.y, p.frame.width, p.frame.height].map { formatNumber($0) }
                return
                    "    {\"label\": \(jsonString(p.label)), \"frame\": [\(frame.joined(separator: ", "))], \"confidence\": \(String(format: "%.2f", p.confidence)), \"kind\": \"\(p.kind.rawValue)\"}"
            }
            let list = items.isEmpty ? "[]" : "[\n" + items.joined(separator: ",\n") + "\n  ]"
            parts.append("  \(jsonString(entry.scene)): \(list)")
        }
        return "{\"scenes\": {" + (parts.isEmpty ? "" : "\n" + parts.joined(separator: ",\n") + "\n") + "}}\n"
    }

    /// `text` as a JSON string literal.
    public static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
