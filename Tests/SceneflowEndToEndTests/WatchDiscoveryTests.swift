import Foundation
import Testing

/// `test --watch` finds scripts added while it watches as the first run found them, and drops
/// the ones removed (red-team finding P6: a new failing file never ran and the watch stayed
/// green; a removed one was still counted and "run").
@Suite struct WatchDiscoveryTests {
    @Test func scriptsAddedWhileWatchingRunAndRemovedOnesAreDropped() throws {
        let tmp = try TempFolder()
        try tmp.prototype("w/proto")
        try tmp.write("w/a.lua", "prototype \"proto\"\ntest(\"a\", function() end)\n")
        let watching = "for changes (Ctrl-C to stop)"
        let watch = try WatchTests.Watch(["test", tmp.file("w"), "--watch", "--json", tmp.file("w.json")])
        defer { if watch.process.isRunning { kill(watch.process.processIdentifier, SIGKILL) } }
        #expect(watch.wait(for: watching, count: 1), "\(watch.text)")
        #expect(watch.text.contains("watching 1 script,"), "\(watch.text)")

        // A new script in the watched folder: it runs, and is watched from then on.
        try tmp.write("w/c.lua", "prototype \"proto\"\ntest(\"c\", function() error(\"c fails\") end)\n")
        #expect(watch.wait(for: watching, count: 2), "\(watch.text)")
        var part = watch.text.components(separatedBy: watching)[1]
        #expect(part.contains("added: \(tmp.file("w/c.lua"))"), "\(part)")
        #expect(part.contains("c fails") && part.contains("0 passed, 1 failed"), "\(part)")
        #expect(part.contains("watching 2 scripts,"), "\(part)")
        // The report covers the whole watched suite: a.lua's last result and c.lua's.
        let json = try String(contentsOfFile: tmp.file("w.json"), encoding: .utf8)
        #expect(json.contains("1 passed, 1 failed"), "\(json)")

        // In a new sub-folder, as the first discovery finds it; a module under lib/ is not a script.
        try tmp.write("w/lib/m.lua", "return {}\n")
        try tmp.write("w/sub/d.lua", "prototype \"../proto\"\ntest(\"d\", function() end)\n")
        #expect(watch.wait(for: watching, count: 3), "\(watch.text)")
        part = watch.text.components(separatedBy: watching)[2]
        #expect(part.contains("added: \(tmp.file("w/sub/d.lua"))") && !part.contains("m.lua"), "\(part)")
        #expect(part.contains("1 passed, 0 failed") && part.contains("watching 3 scripts,"), "\(part)")

        // A new script changed later runs alone, as any watched script.
        try tmp.write("w/c.lua", "prototype \"proto\"\ntest(\"c\", function() end)\n")
        #expect(watch.wait(for: watching, count: 4), "\(watch.text)")
        part = watch.text.components(separatedBy: watching)[3]
        #expect(part.contains("changed: running \(tmp.file("w/c.lua"))") && part.contains("1 passed, 0 failed"))

        // A removed script is dropped: nothing runs, and it is no longer counted.
        try FileManager.default.removeItem(atPath: tmp.file("w/c.lua"))
        #expect(watch.wait(for: watching, count: 5), "\(watch.text)")
        part = watch.text.components(separatedBy: watching)[4]
        #expect(part.contains("removed: \(tmp.file("w/c.lua"))") && part.contains("watching 2 scripts,"), "\(part)")
        #expect(!part.contains("no *.lua scripts found") && !part.contains("passed"), "\(part)")

        kill(watch.process.processIdentifier, SIGINT)
        #expect(watch.wait(for: "stopped watching", count: 1), "\(watch.text)")
        watch.process.waitUntilExit()
        #expect(watch.process.terminationStatus == 0, "\(watch.text)")
    }
}
