import Foundation
import Testing

/// Red-team 9 m3: under a process/thread limit (`ulimit -u`, a container's pids limit) a worker
/// could not start its threads (`clone3` EAGAIN): without its heartbeat, healthy files were
/// killed as "stopped or frozen from outside?" after 10 s each and the run exited 65; with the
/// heartbeat but no thread for loading the images, the run never ended. Under every limit from
/// one that leaves no worker to one that leaves all it needs, the run ends at once: every test
/// passes, or it exits 70 naming the limit, its reports written.
@Suite struct WorkerThreadLimitTests {
    @Test func aThreadLimitEndsTheRunAtOnceNamingIt() throws {
        // RLIMIT_NPROC binds only a user other than root: the run is made as `nobody`.
        guard getuid() == 0, let runuser = DesignerCommandTests.which("runuser"), getpwnam("nobody") != nil else {
            print("skipped: needs root and runuser to run sceneflow as nobody (RLIMIT_NPROC does not bind root)")
            return
        }
        let binary = try #require(Sceneflow.binary)
        let tmp = try TempFolder()
        try tmp.prototype(
            scenes: """
                    home = { image = "home.png", elements = { { label = "Open", frame = { 2, 10, 30, 20 }, on_tap = go("detail") } } },
                    detail = { image = "detail.png" },
                """)
        for name in ["a", "b", "c"] {
            try tmp.write(
                "S/\(name).lua", "prototype \"../Proto\"\ntest(\"t0\", function() end)\ntest(\"t1\", function() end)\n")
        }
        chmod(tmp.path, 0o777)
        for file in FileManager.default.enumerator(atPath: tmp.path)?.allObjects as? [String] ?? [] {
            chmod(tmp.file(file), 0o777)
        }
        var limitNamed = false
        for limit in 3...10 {
            let report = tmp.file("r\(limit).json")
            let r = try Sceneflow.run(
                [
                    "-u", "nobody", "--", "/bin/bash", "-c",
                    "ulimit -u \(limit) && exec \"$SF\" test S --json \"$REPORT\"",
                ], in: tmp.url,
                environment: ["SF": binary.path, "REPORT": report, "XDG_CACHE_HOME": tmp.file("cache")], timeout: 40,
                executable: URL(fileURLWithPath: runuser))
            #expect(!r.timedOut && r.didNotCrash, "ulimit -u \(limit): \(r)")
            #expect(!r.output.contains("frozen from outside"), "ulimit -u \(limit): \(r)")
            #expect(r.status == 0 || r.status == 70, "ulimit -u \(limit): \(r)")
            if r.status == 0 { #expect(r.stdout.contains("6 passed, 0 failed"), "ulimit -u \(limit): \(r)") }
            guard r.status == 70 else { continue }
            #expect(r.seconds < 8, "at once: ulimit -u \(limit): \(r)")
            #expect(FileManager.default.fileExists(atPath: report), "the report is written: ulimit -u \(limit): \(r)")
            if r.stderr.contains(
                "could not start a thread (its heartbeat): Resource temporarily unavailable (the process/thread limit: ulimit -u or a container's pids limit)"
            )
                || r.stderr.contains(
                    "could not start a thread (its watchdog): Resource temporarily unavailable (the process/thread limit: ulimit -u or a container's pids limit)"
                )
            {
                limitNamed = true
            } else {
                #expect(r.stderr.contains("could not start a worker process: "), "ulimit -u \(limit): \(r)")
            }
        }
        #expect(limitNamed, "some limit let the worker start but not its threads")
    }
}
