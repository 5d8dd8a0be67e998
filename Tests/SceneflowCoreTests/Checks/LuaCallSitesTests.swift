import Testing

@testable import SceneflowCore

/// `prototype.lua` is scanned once for `go`/`replace`/`present` calls, each with its line, and
/// every function's targets are the calls on its lines: the same answer the old per-function
/// scan of the function's own text gave, without splitting and scanning the file again for
/// every function (a worker loads the prototype for every test).
@Suite struct LuaCallSitesTests {
    @Test func eachCallKeepsTheLineItsNameIsWrittenOn() {
        let source = """
            -- go("commented")
            on_tap = go("details"),
            on_change = function(app)
              app:go(
                "thanks")
              --[[ app:present("orphan")
              ]] app:present 'home'
            end,
            """
        let sites = LuaCallSites(source)
        #expect(sites.all.map(\.name) == ["details", "thanks", "home"])
        #expect(sites.all.map(\.line) == [2, 5, 7])
    }

    @Test func aLineRangeHoldsOnlyTheCallsWrittenOnIt() {
        let p = CodeReachTests.prototype()
        let source = """
            on_tap = go("details"),
            on_change = function(app)
              app:go("thanks")
            end,
            other = function(app) app:replace("home") end,
            """
        let sites = LuaCallSites(source)
        #expect(p.codeTargets(calls: sites, lines: 2...4) == ["thanks"])
        #expect(p.codeTargets(calls: sites, lines: 5...5) == ["home"])
        #expect(p.codeTargets(calls: sites, lines: 1...5) == ["details", "thanks", "home"])
        #expect(p.codeTargets(calls: sites, lines: 9...12).isEmpty, "past the end")
        #expect(p.codeTargets(in: source, lines: 2...4) == ["thanks"], "the text form agrees")
    }

    /// Generated sources: for every range of lines, the calls found by scanning the whole file
    /// once and keeping that range's lines equal a scan of the range's own text, when the range
    /// starts outside a long comment (as a function's first line does).
    @Test func oneScanAgreesWithScanningEachRangeOnItsOwn() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            #"go("a")"#, #"app:go('b')"#, #"present "c""#, "x = 1", #"print('go("z")')"#, #"-- go("y")"#,
            #"app:replace("a") app:go("b")"#, "local t = {}", #"s = "go""#,
        ]
        for _ in 0..<200 {
            let count = Int.random(in: 1...12, using: &generator)
            let lines = (0..<count).map { _ in pieces.randomElement(using: &generator)! }
            let source = lines.joined(separator: "\n")
            let sites = LuaCallSites(source)
            for first in 1...count {
                for last in first...count {
                    let own = lines[(first - 1)..<last].joined(separator: "\n")
                    let expected = LuaCallScan.calledNames(in: own)
                    let found = sites.all.filter { (first...last).contains($0.line) }.map(\.name)
                    #expect(found == expected, "lines \(first)...\(last) of:\n\(source)")
                }
            }
        }
    }

    @Test func namesAreReadInAnyScriptAndBlanksOfAnyKind() {
        // Non-ASCII letters are part of a name (so `égo("x")` is no call); tabs, form feeds and
        // a no-break space are blanks between the name and its argument.
        let source = "égo(\"x\")\ngo\t\u{0C}(\"y\")\ngo\u{00A0}\"z\""
        #expect(LuaCallScan.calledNames(in: source) == ["y", "z"])
    }
}
