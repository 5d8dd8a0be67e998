import Testing

@testable import SceneflowCore

/// `LuaStringLiteral` writes any label as a literal that reads back as the same text, and
/// `LuaTableOutline` finds fields and their string values where the file writes them.
@Suite struct LuaStringLiteralTests {
    /// Labels with quotes, backslashes, every control character, digits after controls and
    /// non-ASCII text.
    static let labels: [String] = {
        var labels = [
            "Über Einstellungen 日本語 ✓", "say \"hi\"", "it's", "back\\slash", "tab\there", "line\nbreak", "\u{1}2",
            "\u{7F}9", "🇩🇪 flag", "", "e\u{301}", "]]", "--not a comment",
        ]
        var generator = SystemRandomNumberGenerator()
        let pool = Array("aZ9 \"'\\\n\r\t\u{0}\u{1B}\u{7F}é日✓-[]=") + ["\u{1F600}"]
        for _ in 0..<200 {
            labels.append(String((0..<Int.random(in: 0...12, using: &generator)).map { _ in pool.randomElement()! }))
        }
        return labels
    }()

    @Test func everyLabelReadsBackInBothQuotes() {
        for label in Self.labels {
            for quote: Character in ["\"", "'"] {
                let literal = LuaStringLiteral.quoted(label, quote: quote)
                #expect(!literal.dropFirst().dropLast().contains("\n"), "a literal stays on one line: \(literal)")
                let outline = LuaTableOutline("return { label = \(literal) }")
                #expect(outline.roots.first?.field("label")?.string == label, "\(literal)")
            }
        }
    }

    @Test func controlsAreThreeDigitEscapesSoADigitAfterThemIsKept() {
        #expect(LuaStringLiteral.quoted("\u{1}2") == "\"\\0012\"")
        #expect(LuaStringLiteral.quoted("it's", quote: "'") == "'it\\'s'")
        #expect(LuaStringLiteral.quoted("a\"b\\") == "\"a\\\"b\\\\\"")
    }

    /// Every writer of Lua source (hotspot, edit mode, detection, `new`, `record`) escapes the
    /// characters that make a line read otherwise than it runs (bidirectional overrides and
    /// isolates, invisible marks, C1 controls, line separators) as `\u{…}` (red-team finding m10:
    /// `record` wrote U+202E raw, an editor showed the label reversed), and they read back.
    @Test func bidiControlsAndInvisibleBreaksAreEscapedByEveryWriter() {
        let label = "Pay \u{202E}9.99\u{2066}\u{200F}\u{85}\u{2028}x"
        let escaped = "\"Pay \\u{202E}9.99\\u{2066}\\u{200F}\\u{85}\\u{2028}x\""
        #expect(LuaStringLiteral.quoted(label) == escaped)
        #expect(ScaffoldWriter.luaString(label) == escaped)
        #expect(ScriptRecorder.quote(label) == escaped)
        #expect(LuaTableOutline("return { label = \(escaped) }").roots.first?.field("label")?.string == label)
        // A digit after a control never joins its escape in any writer.
        #expect(ScaffoldWriter.luaString("\u{1}2") == "\"\\0012\"")
    }

    @Test func longStringsAndEscapesDecodeAsLuaReadsThem() {
        let outline = LuaTableOutline(
            "return { a = [[\nfirst]], b = [==[x]]y]==], c = \"\\x41\\u{E9}\\65\\z   b\", d = 'caf\\195\\169' }")
        let root = outline.roots[0]
        #expect(root.field("a")?.string == "first")
        #expect(root.field("b")?.string == "x]]y")
        #expect(root.field("c")?.string == "AéAb")
        #expect(root.field("d")?.string == "café")
    }

    @Test func outlineFollowsTablesNotCode() {
        let source = """
            local shared = { label = "Shared" }
            return {
              scenes = {
                -- home = { image = "commented.png" },
                home = { image = "h.png", elements = { { label = "A", frame = { 1, 2, 3, 4 } }, shared } },
                ["detail view"] = { image = "d.png", on = function(app) local a, b = 1, 2; return { x = a } end, z = 1 },
                made = make("m.png"),
              },
            }
            """
        let outline = LuaTableOutline(source)
        let scenes = outline.all.compactMap { $0.field("scenes")?.table }
        #expect(scenes.count == 1)
        let fields = scenes[0].fields
        #expect(fields.map(\.key) == [.named("home"), .named("detail view"), .named("made")])
        #expect(fields[0].table?.field("elements")?.table?.fields.count == 2)
        #expect(fields[1].table?.field("z") != nil, "a function body's commas do not end the field")
        #expect(fields[2].table == nil, "a call is not a written table")
    }
}
