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

    /// A hard failure of many lines after soft failures leaves room for their list: the
    /// message keeps the first lines of each, within the 100 lines of any message (red-team
    /// 30 F6: a 200-line error pushed the whole soft list out). In the test body and in an
    /// after_each hook.
    @Test(arguments: [(5, 200), (300, 200), (5, 99), (150, 20)])
    func aLongErrorLeavesRoomForTheSoftList(soft: Int, errorLines: Int) throws {
        let long = """
            for i = 1, \(soft) do expect.soft(i).to_be(0) end
            local t = {} for i = 1, \(errorLines) do t[i] = "entry " .. i end
            error(table.concat(t, "\\n"), 0)
            """
        let body = try H.run("test(\"body\", function() \(long) end)")
        let hook = try H.run("after_each(function() \(long) end)\ntest(\"hook\", function() end)")
        for (name, r) in [("body", body), ("hook", hook)] {
            let failure = try #require(r[name]?.failure, "\(name) passed")
            let lines = failure.components(separatedBy: "\n")
            #expect(lines.count <= 101, "\(name): \(lines.count) lines")
            #expect(lines.contains { $0.hasSuffix("entry 1") }, "\(name): \(failure)")
            #expect(failure.contains("\(soft) soft expectation\(soft == 1 ? "" : "s") failed:"), "\(name): \(failure)")
            #expect(failure.contains("expected 1 to be 0"), "\(name): \(failure)")
            let shownSoft = lines.filter { $0.contains("to be 0") }.count
            #expect(shownSoft >= min(soft, 40), "\(name): \(shownSoft) soft lines shown")
            if soft + errorLines <= 100 {
                #expect(lines.contains { $0.hasSuffix("entry \(errorLines)") }, "\(name): \(failure)")
                #expect(shownSoft == soft, "\(name): \(shownSoft) soft lines shown")
            }
        }
    }

    /// A message over 64 KiB whose lines are long keeps every line it can, each cut to its
    /// first characters with the count of the bytes left out, so what follows a long line
    /// stays: the soft list after a one-line error of 70 000 bytes, and the failure of an
    /// after_each hook after the test's soft list (red-team 31 F1, F2: only the long line's
    /// first 900 characters, or `1 soft expectation failed:\n… (1 more lines)`, were kept).
    @Test(arguments: [70_000, 1 << 20])
    func longLinesKeepWhatFollowsThem(bytes: Int) throws {
        let body = try H.run(
            """
            test("body", function() expect.soft(1).to_be(2); error(string.rep("y", \(bytes))) end)
            """)
        let failure = try #require(body["body"]?.failure)
        #expect(failure.contains("1 soft expectation failed:"), "\(failure.prefix(2000))")
        #expect(failure.contains("expected 1 to be 2"), "\(failure.suffix(500))")
        #expect(failure.contains("more bytes)"), "\(failure.suffix(500))")
        #expect(failure.utf8.count < 8_000, "\(failure.utf8.count) bytes")
        let hook = try H.run(
            """
            after_each(function() error(string.rep("h", \(bytes))) end)
            test("hook", function() expect.soft(1).to_be(2) end)
            """)
        let hookFailure = try #require(hook["hook"]?.failure)
        #expect(hookFailure.contains("expected 1 to be 2"), "\(hookFailure.prefix(2000))")
        #expect(hookFailure.contains("after_each"), "\(hookFailure.prefix(2000))")
        #expect(hookFailure.contains("hhhh"), "\(hookFailure.prefix(2000))")
    }
}
