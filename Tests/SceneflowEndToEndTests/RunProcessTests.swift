import Foundation
import Testing

@testable import SceneflowRunner

/// A report folder's journal names the run that wrote each line (`pid:start`), so a run still
/// going is told from one killed before its end, and from a later process that reuses a dead
/// run's number (`RunProcess`).
@Suite struct RunProcessTests {
    @Test func aRunIsItsProcessAndItsStartTime() throws {
        let me = try #require(RunProcess.identity(of: getpid()))
        #expect(me.hasPrefix("\(getpid()):"))
        #expect(me.split(separator: ":").count == 3 && UInt64(me.split(separator: ":")[1]) != nil, "\(me)")
        #expect(RunProcess.identity(of: getpid()) == me, "the same process reads the same")
        #expect(!RunProcess.isOtherLiveRun(RunProcess.current ?? me), "this process's own run is not another's")
    }

    @Test func aLiveProcessIsAnotherRunUntilItEnds() throws {
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["30"]
        try sleeper.run()
        defer { if sleeper.isRunning { kill(sleeper.processIdentifier, SIGKILL) } }
        let run = try #require(RunProcess.identity(of: sleeper.processIdentifier))
        #expect(RunProcess.isOtherLiveRun(run))
        // The same number with another start time is a later process, not that run.
        let start = try #require(UInt64(run.split(separator: ":")[1]))
        #expect(!RunProcess.isOtherLiveRun("\(sleeper.processIdentifier):\(start + 1)"))
        kill(sleeper.processIdentifier, SIGKILL)
        sleeper.waitUntilExit()
        #expect(!RunProcess.isOtherLiveRun(run), "an ended run is a killed run's, not a live one's")
        // A run in another PID namespace (a container sharing the folder) cannot be looked up:
        // it counts as going while its journal was written in the last day (red-team 62 B
        // C1-NS: its pid 1 here was taken for a dead run, and its fresh files were removed).
        let parts = run.split(separator: ":")
        let foreign = "1:\(parts[1]):\((UInt64(parts[2]) ?? 0) + 1)"
        #expect(RunProcess.isOtherLiveRun(foreign, journalAge: 60))
        #expect(!RunProcess.isOtherLiveRun(foreign, journalAge: RunProcess.foreignRunHours * 3600 + 1))
        for bad in ["", ":", "x:1", "-1:5", "0:0", "\(Int64(Int32.max) + 1):1"] {
            #expect(!RunProcess.isOtherLiveRun(bad), "\(bad)")
        }
    }
}
