import Foundation
import Testing

@testable import SceneflowSDL

/// The cache of screenshots whose structure check passed finds exactly its own lines.
struct CacheLineSetTests {
    @Test func findsEveryWholeLineAndNothingElse() {
        var generator = SystemRandomNumberGenerator()
        let lines = (0..<2_000).map { _ in
            "\(UInt32.random(in: 1...9999, using: &generator)):\(UInt64.random(in: 1...UInt64.max, using: &generator)):\(Int.random(in: 0...99_999, using: &generator)) structure-1"
        }
        let set = CacheLineSet(Data((lines.joined(separator: "\n") + "\n").utf8))
        for line in lines { #expect(set.contains(line), "\(line)") }
        for line in lines.prefix(500) {
            // A line's prefix, suffix or neighbour is not the line.
            #expect(!set.contains(String(line.dropLast())), "\(line)")
            #expect(!set.contains(String(line.dropFirst())), "\(line)")
            #expect(!set.contains("1" + line), "\(line)")
            #expect(!set.contains(line + "1"), "\(line)")
        }
        #expect(!set.contains(""))
    }

    @Test func anUnfinishedLastLineIsNotTrusted() {
        let set = CacheLineSet(Data("a structure-1\nb struct".utf8))
        #expect(set.contains("a structure-1"))
        #expect(!set.contains("b struct"))
        #expect(!CacheLineSet().contains("a structure-1"))
    }

    @Test func linesAddedInThisProcessAreFound() {
        var set = CacheLineSet(Data("a\n".utf8))
        #expect(!set.contains("b"))
        set.insert("b")
        #expect(set.contains("b") && set.contains("a"))
    }
}
