import Foundation
import Testing

/// A baseline path that holds something other than a file (a FIFO, a folder, a device node)
/// is neither read nor written, in every `--update-baselines` mode, for screenshots and trees:
/// `--update-baselines all` wrote a screenshot into a character device, printed "baseline
/// written" and passed, and the next run failed again (red-team 15 F5). The test fails naming
/// what is there, and the node is left as it was.
@Suite struct BaselineNotAFileTests {
    static let checks = [
        ("screenshot", "expect.screenshot \"s\"", "s.png"), ("tree", "expect.tree \"s\"", "s.tree.txt"),
    ]

    @Test(
        arguments: ["fifo", "folder", "device"],
        [[], ["--update-baselines", "all"], ["--update-baselines", "changed"], ["--update-baselines", "missing"]])
    func aBaselineThatIsNotAFileFailsTheTest(kind: String, mode: [String]) throws {
        for (what, call, file) in Self.checks {
            let tmp = try TempFolder()
            try tmp.prototype()
            try tmp.write("ss.lua", "prototype \"Proto\"\ntest(\"x\", function() \(call) end)\n")
            try FileManager.default.createDirectory(
                atPath: tmp.file("__screenshots__/ss"), withIntermediateDirectories: true)
            let target = tmp.file("__screenshots__/ss/\(file)")
            let expected: String
            switch kind {
            case "fifo":
                #expect(mkfifo(target, 0o644) == 0)
                expected = "is a FIFO (named pipe), not a file"
            case "folder":
                try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
                expected = "is a folder, not a file"
            default:
                // A null device of our own (needs root, as CI runs; else this kind is left out).
                guard mknod(target, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 else { continue }
                expected = "is a character device, not a file"
            }
            let r = try Sceneflow.run(["test", "ss.lua"] + mode, in: tmp.url, timeout: 60)
            #expect(r.didNotCrash && !r.timedOut && r.status == 1, "\(what) \(kind) \(mode): \(r)")
            #expect(
                r.stdout.contains(expected) && r.stdout.contains("nothing was read or written"),
                "\(what) \(kind) \(mode): \(r.stdout)")
            #expect(!r.stdout.contains("baseline written"), "\(what) \(kind) \(mode): \(r.stdout)")
            var info = stat()
            #expect(lstat(target, &info) == 0 && info.st_mode & S_IFMT != S_IFREG, "\(what) \(kind) \(mode): replaced")
        }
    }
}
