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

    /// Lua making an error of `count` lines of `width` characters (`12:LLLL…`).
    static func lines(_ count: Int, _ width: Int) -> String {
        "(function() local t = {} for i = 1, \(count) do t[i] = i .. \":\" .. string.rep(\"L\", \(width)) end return table.concat(t, \"\\n\") end)()"
    }

    /// The error lines (`12:LLL…`) a failure kept, and the lines its notes say were left out
    /// right after them.
    static func errorLines(_ failure: String) -> (kept: Int, noted: Int) {
        let lines = failure.components(separatedBy: "\n")
        let kept = lines.filter { $0.range(of: #"^\d+:L"#, options: .regularExpression) != nil }.count
        let after = lines.drop { $0.range(of: #"^\d+:L"#, options: .regularExpression) != nil || $0.isEmpty }
        let noted = after.first.flatMap { MessageClipNote.count($0) } ?? 0
        return (kept, noted)
    }

    /// Red-team 32 A1: an error of many lines whose kept lines still pass 64 KiB (90 lines of
    /// 900 characters) lost what follows it, the soft list or a failing after_each, and its
    /// `… (N more lines)` counted against the already cut message (200 x 2 000: "29 more" where
    /// 129 were left out). Each part of a joined message gets its own share of the lines and
    /// bytes, so every part stays and every note counts its own part's lines: over shapes from
    /// few long lines to many short ones, with a soft failure after it, a failing after_each
    /// (short or long, its own soft failure) after it.
    @Test(arguments: [(90, 900), (200, 2_000), (150, 500), (50, 1_500), (1_000, 80), (3, 30_000), (120, 3)])
    func aLongErrorOfManyLinesKeepsWhatFollowsIt(count: Int, width: Int) throws {
        let error = Self.lines(count, width)
        let cases: [(name: String, script: String, wanted: [String])] = [
            (
                "soft", "test(\"soft\", function() expect.soft(1).to_be(2); error(\(error), 0) end)",
                ["1 soft expectation failed:", "expected 1 to be 2"]
            ),
            (
                "hook",
                "after_each(function() error(\"HOOKFAIL short\", 0) end)\ntest(\"hook\", function() error(\(error), 0) end)",
                ["; then, in after_each: ", "HOOKFAIL short"]
            ),
            (
                "hooksoft",
                "after_each(function() expect.soft(3).to_be(4); error(\"HOOKFAIL\" .. string.rep(\"h\", 70000), 0) end)\ntest(\"hooksoft\", function() error(\(error), 0) end)",
                ["; then, in after_each: ", "HOOKFAILhhh", "expected 3 to be 4"]
            ),
            (
                "longhook",
                "after_each(function() error(\"HOOKFIRST\\n\" .. \(error), 0) end)\ntest(\"longhook\", function() expect.soft(1).to_be(2); error(\(error), 0) end)",
                ["expected 1 to be 2", "; then, in after_each: ", "HOOKFIRST"]
            ),
        ]
        for c in cases {
            let r = try H.run(c.script)
            let failure = try #require(r[c.name]?.failure, "\(c.name) passed")
            let lines = failure.components(separatedBy: "\n")
            #expect(lines.count <= 101, "\(c.name): \(lines.count) lines")
            #expect(lines.allSatisfy { $0.count <= 1_000 + 40 }, "\(c.name): a line of \(lines.map(\.count).max()!)")
            #expect(failure.utf8.count <= 64 << 10, "\(c.name): \(failure.utf8.count) bytes")
            for wanted in c.wanted {
                #expect(
                    failure.contains(wanted), "\(c.name) (\(count) x \(width)) lost \(wanted): …\(failure.suffix(600))")
            }
            #expect(failure.hasPrefix("1:L"), "\(c.name): \(failure.prefix(100))")
            let (kept, noted) = Self.errorLines(failure)
            if c.name == "soft" {
                #expect(kept + noted == count, "\(c.name): \(kept) error lines kept, \(noted) noted, of \(count)")
            }
        }
    }
}

/// Reads a `… (N more lines)` note.
enum MessageClipNote {
    static func count(_ line: String) -> Int? {
        guard line.hasPrefix("… ("), line.hasSuffix(" more lines)") else { return nil }
        return Int(line.dropFirst(3).dropLast(12))
    }
}
