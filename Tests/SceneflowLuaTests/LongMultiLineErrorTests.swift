import Testing

@testable import SceneflowLua

/// An error message of many lines past 64 KiB keeps its whole lines up to that size (then cut
/// to 100 as any message) and counts the lines left out, never cutting a line in the middle
/// (red-team 29 F5: it kept 900 bytes, cut inside a line, and counted bytes).
@Suite struct LongMultiLineErrorTests {
    typealias H = ScriptAPIHarness

    @Test(arguments: [2_000, 20_000])
    func aLongErrorKeepsWholeLines(count: Int) throws {
        let r = try H.one(
            """
            local t = {} for i = 1, \(count) do t[i] = "entry " .. i .. " " .. string.rep("x", 60) .. " end" end
            error(table.concat(t, "\\n"), 0)
            """)
        let lines = try #require(r.failure).components(separatedBy: "\n")
        #expect(lines.count == 101, "\(lines.count) lines: \(lines.suffix(2))")
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix(" end") }, "\(lines.suffix(2))")
        #expect(lines.last == "… (\(count - 100) more lines)")
    }

    /// 99 lines of a nested table's text (4.5 KB each once its strings are shortened) are
    /// still over 64 KiB: the whole lines that fit in it are kept, each then cut to 1 000
    /// characters as any line, and the note counts every soft failure left out.
    @Test func longLinesOfTheSoftListAreKeptWhole() throws {
        let r = try H.one(
            """
            local v = {} for k = 1, 50 do v[k] = {a = string.rep("q", 500), b = k} end
            for i = 1, 300 do expect.soft(v).to_be(i) end
            """)
        let lines = try #require(r.failure).components(separatedBy: "\n")
        #expect(lines.first == "300 soft expectations failed:")
        let kept = lines.count - 2
        #expect(kept >= 10, "\(lines.count) lines")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("  line 4: expected {{a = ") })
        #expect(lines.last == "… (\(300 - kept) more lines)", "\(lines.suffix(2))")
    }
}
