import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// A prototype with more errors than are shown (100) still gives each shown error its
/// did-you-mean, and the rest are counted: the hints of errors not shown are never worked out
/// (red-team finding Q11: 3 000 misspelt `go()` targets took `check` 203 s; see Speed.md).
@Suite struct ManyErrorsHintTests {
    /// `count` scenes, each with a button whose `go()` target is its own name misspelt.
    static func prototype(count: Int, nameLength: Int) -> String {
        var generator = SplitMix(seed: 5)
        var scenes: [String] = []
        for index in 0..<count {
            let name =
                String((0..<nameLength).map { _ in Character(UnicodeScalar(UInt8(97 + generator.next() % 10))) })
                + "\(index)"
            scenes.append(
                "[\"\(name)\"] = { image = \"home.png\", elements = { { label = \"Go\", frame = { 0, 0, 10, 10 }, on_tap = go(\"\(name.dropLast())z\") } } }"
            )
        }
        let start = scenes[0].split(separator: "\"")[1]
        return "return { device = { width = 36, height = 80, scale = 1 }, start = \"\(start)\", scenes = {\n"
            + scenes.joined(separator: ",\n") + "\n} }\n"
    }

    @Test(arguments: [150, 1_000])
    func shownErrorsKeepTheirHintsAndTheRestAreCounted(count: Int) throws {
        let problems = TestFolders.problems(Self.prototype(count: count, nameLength: 40))
        let misspelt = problems.filter { $0.message.hasPrefix("no scene") }
        #expect(misspelt.count == PrototypeValidator.maxErrorsKept, "\(problems.count)")
        for problem in misspelt { #expect(problem.message.contains("; did you mean \""), "\(problem.message)") }
        #expect(
            problems.last?.message
                == "\(count - PrototypeValidator.maxErrorsKept) more errors not shown (fix the first ones and check again)",
            "\(String(describing: problems.last))")
    }
}

/// A small deterministic generator (SplitMix64), so the generated names are the same each run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
