import Foundation
import Testing

/// The cache folder keeps the last-run states of the most recent sets of script paths only:
/// each run into a new temporary folder (a CI job, a test suite's fixtures) saved one more
/// `last-run-<hash>.json`, and a machine's cache folder held 2 800 of them. A run that saves
/// its state removes the oldest states beyond `LastRunState.keptStates` (by modification
/// time), never its own, and never a file that is not a state.
@Suite struct LastRunStatePruningTests {
    /// Plants `count` state-named files, the first the oldest (a minute apart, a day ago), and
    /// returns their names in that order.
    static func plant(_ count: Int, in folder: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let start = Date().timeIntervalSince1970 - 86_400
        return try (0..<count).map { index in
            let name = "last-run-" + String(0xabc000 + index, radix: 16) + ".json"
            let path = folder + "/" + name
            try Data("{}\n".utf8).write(to: URL(fileURLWithPath: path))
            let when = start + Double(index) * 60
            var times = [
                timeval(tv_sec: Int(when), tv_usec: 0), timeval(tv_sec: Int(when), tv_usec: 0),
            ]
            #expect(utimes(path, &times) == 0)
            return name
        }
    }

    /// The state-named files in `folder`.
    static func states(_ folder: String) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("last-run-") })
    }

    @Test func aRunKeepsOnlyTheNewestStates() throws {
        let tmp = try LastRunStaleStateTests.project()
        let folder = tmp.file("cache/sceneflow")
        let planted = try Self.plant(300, in: folder)
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: folder + "/last-run-notmine.txt"))
        let run = try LastRunStaleStateTests.shell("sceneflow test LX/y.lua", in: tmp)
        #expect(run.status == 0, "\(run)")
        let left = try Self.states(folder)
        let own = try #require(
            left.first { !planted.contains($0) && $0 != "last-run-notmine.txt" }, "this run saved no state: \(left)")
        // This run's state, the newest 255 planted ones, and the file that is no state.
        #expect(left.count == 257, "\(left.count) left")
        #expect(Set(planted.suffix(255)).subtracting(left).isEmpty, "newest states removed")
        #expect(left.intersection(planted.prefix(45)).isEmpty, "oldest states kept")
        #expect(left.contains("last-run-notmine.txt"))
        #expect(FileManager.default.fileExists(atPath: folder + "/notes.txt"))
        // The state this run saved is still the one --last-failed reads.
        let rerun = try LastRunStaleStateTests.shell("sceneflow test LX/y.lua --last-failed", in: tmp)
        #expect(rerun.status == 0, "\(rerun)")
        #expect(try Self.states(folder).contains(own))
    }

    @Test func statesWithinTheLimitAreLeftAlone() throws {
        let tmp = try LastRunStaleStateTests.project()
        let folder = tmp.file("cache/sceneflow")
        let planted = try Self.plant(100, in: folder)
        let run = try LastRunStaleStateTests.shell("sceneflow test LX/y.lua --jobs 2", in: tmp)
        #expect(run.status == 0, "\(run)")
        let left = try Self.states(folder)
        #expect(left.count == 101)
        #expect(Set(planted).subtracting(left).isEmpty, "states removed within the limit")
    }

    @Test func anOldStateOfThisRunIsNeverTheOneRemoved() throws {
        // This run's own state is the oldest file of a full folder: it is rewritten, so it is
        // kept, and the oldest planted one goes instead.
        let tmp = try LastRunStaleStateTests.project()
        let folder = tmp.file("cache/sceneflow")
        let first = try LastRunStaleStateTests.shell("sceneflow test LX/y.lua", in: tmp)
        #expect(first.status == 0, "\(first)")
        let own = try #require(try Self.states(folder).first)
        var old = [timeval(tv_sec: 1_000_000, tv_usec: 0), timeval(tv_sec: 1_000_000, tv_usec: 0)]
        #expect(utimes(folder + "/" + own, &old) == 0)
        let planted = try Self.plant(256, in: folder)
        let second = try LastRunStaleStateTests.shell("sceneflow test LX/y.lua", in: tmp)
        #expect(second.status == 0, "\(second)")
        let left = try Self.states(folder)
        #expect(left.contains(own))
        #expect(left.count == 256, "\(left.count) left")
        #expect(!left.contains(planted[0]), "the oldest planted state was kept")
    }
}
