import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// The `(after_all)` entry of a later load (or worker) joined to the stop before it
/// (`HeadlessTestRunner.joinAfterAll`): each part says its hook and its own place once. Red-team
/// 35 U2: after a signal stopped a later hook, an earlier hook's error read
/// `fla.lua:5: fla.lua:4: AE2E` (the stopped hook's line before the error's own); a failing
/// prototype action after a stop read `then, ACTION ERR` with neither.
@Suite struct AfterAllJoinPlaceTests {
    static func entry(_ message: String, file: String = "f.lua", line: Int?) -> TestOutcome {
        TestOutcome(
            name: "(after_all)", file: "f.lua", line: line ?? 1, verdict: .failed,
            failure: Diagnostic(file: file, line: line, message: message))
    }

    @Test func eachJoinedPartKeepsOnePlace() {
        var joined = Self.entry("in after_all: AE1E", line: 2)
        // A part that holds its own place already: not placed again.
        HeadlessTestRunner.joinAfterAll(
            Self.entry("in after_all: f.lua:4: AE2E; then, after_all was stopped: the run was interrupted", line: 5),
            to: &joined)
        // A part whose place was taken out of its text: put back.
        HeadlessTestRunner.joinAfterAll(Self.entry("in after_all: AE3E", line: 7), to: &joined)
        // A stop or a failing action, which says neither hook nor place in its text.
        HeadlessTestRunner.joinAfterAll(
            Self.entry("ACTION ERR (in the prototype's Lua action)", file: "p/prototype.lua", line: 9), to: &joined)
        let message = joined.failure?.message ?? ""
        #expect(message.contains("; then, in after_all: f.lua:4: AE2E; then, after_all was stopped"), "\(message)")
        #expect(!message.contains("f.lua:5:"), "\(message)")
        #expect(message.contains("; then, in after_all: f.lua:7: AE3E"), "\(message)")
        #expect(message.contains("; then, in after_all: prototype.lua:9: ACTION ERR"), "\(message)")
    }
}
