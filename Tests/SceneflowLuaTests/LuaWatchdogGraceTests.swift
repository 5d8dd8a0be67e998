import CLua
import CLuaShim
import Foundation
import Testing

/// Subjects the watchdog reported as stuck in this test process.
nonisolated(unsafe) private var reportedSubjects: [String] = []
private let reportedLock = NSLock()

/// The watchdog's grace past a deadline is the stuck call's own CPU time (issue 15.2): a long
/// but finite library call slowed by a loaded machine is not mistaken for a stuck one, while a
/// call that keeps the CPU busy past its deadline is.
@Suite(.serialized) struct LuaWatchdogGraceTests {
    /// Runs `function` as a Lua C function under a 0.05 s deadline, with the watchdog
    /// watching; returns whether the watchdog reported it.
    func reported(_ subject: String, _ function: lua_CFunction) -> Bool {
        sf_watchdog_start { _, subject in
            reportedLock.lock()
            reportedSubjects.append(subject.map { String(cString: $0) } ?? "")
            reportedLock.unlock()
        }
        guard let state = sf_newstate(64 << 20) else { return false }
        sf_set_subject(state, subject)
        sf_reset_limits(state, 1_000_000_000)
        sf_set_deadline(state, 0.05)
        lua_pushcclosure(state, function, 0)
        _ = sf_pcall(state, 0, 0, 0)
        sf_close(state)
        reportedLock.lock()
        defer { reportedLock.unlock() }
        return reportedSubjects.contains(subject)
    }

    /// A call that waits 1.6 s of real time past its deadline without using the CPU (as a
    /// descheduled call on a loaded machine does) is not stuck.
    @Test func realTimeWithoutCPUIsNotStuck() {
        #expect(
            !reported("waits") { _ in
                usleep(1_600_000)
                return 0
            })
    }

    /// A call that keeps the CPU busy for 2 s of its thread's CPU time past its deadline is
    /// stuck.
    @Test func busyCPUPastTheDeadlineIsStuck() {
        #expect(
            reported("spins") { _ in
                func cpu() -> Double {
                    var now = timespec()
                    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
                    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
                }
                let start = cpu()
                var x = 0.0
                while cpu() - start < 2 { x += 1 }
                return x < 0 ? 1 : 0
            })
    }
}
