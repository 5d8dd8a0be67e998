import Testing

@testable import SceneflowCore

/// The soft failures a limit's failure message lists (the runner appends them when the memory
/// limit, a signal or a prototype action ends a test from Swift) are cut as every message is:
/// each line to `MessageClip.maxLength` characters, at most `MessageClip.maxLines` lines
/// (red-team 11 m5: 1 000 soft failures of 30 KB made a 4.1 MB failure message in every
/// report, 8.3 MB in JUnit, while the same list ended by the test itself was cut).
@Suite struct SoftFailureListClipTests {
    @Test func aLongListOfLongSoftFailuresIsCutAsAnyMessage() throws {
        var journal = TestRecordJournal()
        let long = String(repeating: "k", count: 30_000)
        for i in 1...2_000 { journal.apply(.softFailed("t.lua:4: expected \"\(long)\(i)\" to be \"x\"")) }
        let list = try #require(journal.softFailureList)
        // Every soft failure is counted, past the 1 000 kept too (red-team 29 F5).
        #expect(list.hasPrefix("2000 soft expectations failed:"))
        #expect(list.hasSuffix("\n… (1901 more lines)"), "\(list.suffix(40))")
        #expect(list.utf8.count < 200_000, "\(list.utf8.count) bytes")
        let lines = list.split(separator: "\n")
        #expect(lines.count <= MessageClip.maxLines + 1, "\(lines.count) lines")
        #expect(lines.last?.contains("more lines") == true, "\(lines.last ?? "")")
        #expect(lines.dropFirst().first?.hasSuffix("to be \"x\"") == true, "the reason after a long value stays")
    }

    @Test func aShortListIsKeptWhole() throws {
        var journal = TestRecordJournal()
        journal.apply(.softFailed("t.lua:4: expected 1 to be 2"))
        journal.apply(.softFailed("t.lua:5: expected 3 to be 4"))
        #expect(
            journal.softFailureList
                == "2 soft expectations failed:\nt.lua:4: expected 1 to be 2\nt.lua:5: expected 3 to be 4")
    }
}

/// A message that ends with a note of the lines already cut (`… (N more lines)`, as a list of
/// soft failures cut in Lua ends) keeps it, past the 100 lines, or adds its count to the note
/// of the lines cut later (red-team 29 F5).
@Suite struct LinesNoteClipTests {
    static func list(_ count: Int, noted: Int) -> String {
        (["\(count + noted) soft expectations failed:"] + (1...count).map { "  line 4: expected \($0) to be 0" }
            + [MessageClip.linesNote(noted)]).joined(separator: "\n")
    }

    @Test func aNoteAfterAFullListIsKept() {
        let list = Self.list(99, noted: 1901)
        #expect(MessageClip.clip(list) == list)
    }

    @Test func theLinesCutLaterJoinTheNote() {
        let clipped = MessageClip.clip("a hard failure\nand " + Self.list(99, noted: 1901))
        let lines = clipped.components(separatedBy: "\n")
        #expect(lines.count == MessageClip.maxLines + 1)
        #expect(lines.last == "… (1902 more lines)")
        #expect(lines[lines.count - 2] == "  line 4: expected 98 to be 0")
    }

    @Test func onlyANoteOfLinesIsOne() {
        #expect(MessageClip.linesLeftOut(noted: "… (12 more lines)") == 12)
        #expect(MessageClip.linesLeftOut(noted: "… (12 more bytes)") == nil)
        #expect(MessageClip.linesLeftOut(noted: "x… (12 more lines)") == nil)
    }
}
