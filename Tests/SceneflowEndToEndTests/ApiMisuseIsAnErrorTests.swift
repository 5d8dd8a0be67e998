import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// Red-team 51 A F2: a bad argument to a Sceneflow call (`tap(nil)`, `wait(0/0)`, a misspelt
/// matcher or option, a scene that does not exist) was a JUnit `<failure type="expectation">`
/// and JSON kind `expectation`, while a bad argument to Lua's own library is an `<error>`:
/// CI dashboards that split failures from errors counted a script's bug as a failed assertion.
/// A call the script made wrongly is an error, in every report and in `expect.soft` too (which
/// stops the test, as Playwright's `expect.soft` does on a TypeError); an expectation, gesture
/// or wait that did not hold stays an expectation.
@Suite struct ApiMisuseIsAnErrorTests {
    /// Calls the script made wrongly: each is its own test's only line.
    static let misuses = [
        "tap(nil)", "tap(42)", "tap(\"Open\", {timeot = 1})", "tap(\"Open\", 3)", "tap({lable = \"Open\"})",
        "tap({pattern = \"[\"})", "wait(0/0)", "wait(-1)", "expect.scene(\"home\", 0)", "expect.scene(\"nosuch\")",
        "expect.scene(42)", "expect(1).to_bee(1)", "expect.soft(1).to_bee(1)", "expect.sof(1)",
        "expect.soft.scene(\"nosuch\")", "swipe(\"sideways\")", "expect.transition{to = 3}",
        "expect.transition{kind = \"wobble\"}", "expect.visible(\"Open\", {timeout = 1/0})",
        "expect.screenshot(\"a/b\")", "capture(\"\")", "step(42, function() end)", "within(\"Open\", 3)",
        "with_timeout(1, 2)", "expect.count(\"Open\", -1)", "local _ = last_transition().stat",
        "tap_at(1e12, 1)", "type_text(\"Open\", 5)",
        // Red-team 54 A A3: typos found without the app, and a matcher left out.
        "within(\"othr\", function() end)", "local _ = state.coutn", "element(\"Goo\")",
        "expect.hidden(\"Goo\")", "expect.count(\"Goo\", 0)", "expect(1)",
    ]

    /// Expectations, gestures and waits that did not hold: the app's state, not the script.
    static let unmet = [
        "expect.scene(\"detail\", {timeout = 0})", "tap(\"Nothing\", {timeout = 0})", "expect(1).to_be(2)",
        "expect.soft(1).to_be(2)", "expect.visible(\"Back\", {timeout = 0})", "expect.count(\"Open\", 2)",
        "expect.soft.scene(\"detail\", {timeout = 0})",
    ]

    /// Each test's kind, JUnit element and TAP `failure_kind`, by test name (its body).
    static func kinds(_ bodies: [String], jobs: String) throws -> [String: (TestFailureKind?, String, String)] {
        let tmp = try TempFolder()
        try tmp.prototype()
        var script = "prototype \"Proto\"\n"
        for body in bodies {
            let name = body.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            script += "test(\"\(name)\", function() \(body) end)\n"
        }
        try tmp.write("s.lua", script)
        let r = try Sceneflow.run(
            ["test", "s.lua", "--jobs", jobs, "--json", "r.json", "--junit", "j.xml", "--tap"], in: tmp.url,
            timeout: 300)
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let junit = try String(contentsOfFile: tmp.file("j.xml"), encoding: .utf8)
        let cases = junit.components(separatedBy: "<testcase ").dropFirst()
        let points = r.stdout.components(separatedBy: "\nnot ok ").dropFirst()
        var found: [String: (TestFailureKind?, String, String)] = [:]
        for (index, outcome) in report.files.flatMap(\.outcomes).enumerated() {
            #expect(outcome.verdict == .failed, "\(outcome.name): \(outcome)")
            let testcase = index < cases.count ? cases[cases.startIndex + index] : ""
            let element = testcase.contains("<error") ? "error" : testcase.contains("<failure") ? "failure" : "none"
            let point = index < points.count ? points[points.startIndex + index] : ""
            let tap = point.components(separatedBy: "failure_kind: ").dropFirst().first?.prefix { $0 != "\n" } ?? ""
            found[outcome.name] = (outcome.failureKind, element, String(tap))
        }
        #expect(found.count == bodies.count, "\(r)")
        return found
    }

    @Test(arguments: ["1", "2"])
    func aCallMadeWronglyIsAnErrorInEveryReport(jobs: String) throws {
        let found = try Self.kinds(Self.misuses, jobs: jobs)
        for body in Self.misuses {
            let kind = found[body]
            #expect(kind?.0 == .error, "\(body): \(String(describing: kind))")
            #expect(kind?.1 == "error" && kind?.2 == "error", "\(body): \(String(describing: kind))")
        }
    }

    @Test(arguments: ["1", "2"])
    func anExpectationThatDidNotHoldStaysAnExpectation(jobs: String) throws {
        let found = try Self.kinds(Self.unmet, jobs: jobs)
        for body in Self.unmet {
            let kind = found[body]
            #expect(kind?.0 == .expectation, "\(body): \(String(describing: kind))")
            #expect(kind?.1 == "failure" && kind?.2 == "expectation", "\(body): \(String(describing: kind))")
        }
    }

    /// A wrong call inside `expect.soft` stops the test (its later lines do not run); an
    /// unmet soft expectation lets it go on.
    @Test func aWrongCallInsideExpectSoftStopsTheTest() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("wrong", function() expect.soft(1).to_bee(1); log.message("went on") end)
            test("unmet", function() expect.soft(1).to_be(2); log.message("went on") end)

            """)
        let r = try Sceneflow.run(["test", "s.lua", "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let outcomes = report.files.flatMap(\.outcomes)
        let wrong = try #require(outcomes.first { $0.name == "wrong" })
        let unmet = try #require(outcomes.first { $0.name == "unmet" })
        let text = try String(contentsOf: tmp.url.appendingPathComponent("r.json"), encoding: .utf8)
        #expect(wrong.failureKind == .error && unmet.failureKind == .expectation, "\(text)")
        #expect(text.components(separatedBy: "went on").count == 2, "only the unmet test went on: \(text)")
    }

    /// Red-team 54 A A2: an expectation that did not hold in before_each, before_all or
    /// after_each, hard or soft, was an error (the hook's name before the message hid it);
    /// it is an expectation wherever it runs, and a call made wrongly in a hook an error.
    @Test(arguments: ["before_each", "before_all", "after_each"], ["1", "2"])
    func aHookKeepsTheKindOfItsFailure(hook: String, jobs: String) throws {
        let unmet = [
            "expect.scene(\"detail\", {timeout = 0})", "expect.soft.scene(\"detail\", {timeout = 0})",
            "expect(1).to_be(2)",
        ]
        for body in unmet + ["tap(nil)", "expect.soft(1).to_bee(1)"] {
            let tmp = try TempFolder()
            try tmp.prototype()
            try tmp.write(
                "s.lua", "prototype \"Proto\"\n\(hook)(function() \(body) end)\ntest(\"t\", function() end)\n")
            let r = try Sceneflow.run(
                ["test", "s.lua", "--jobs", jobs, "--json", "r.json", "--junit", "j.xml"], in: tmp.url, timeout: 120)
            #expect(r.status == 1, "\(r)")
            let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
            let test = try #require(report.files.flatMap(\.outcomes).first { $0.name == "t" })
            let expected: TestFailureKind = unmet.contains(body) ? .expectation : .error
            #expect(
                test.failureKind == expected, "\(hook) \(body) jobs \(jobs): \(String(describing: test.failureKind))")
            let junit = try String(contentsOfFile: tmp.file("j.xml"), encoding: .utf8)
            #expect(junit.contains(expected == .expectation ? "<failure" : "<error"), "\(hook) \(body): \(junit)")
        }
    }

    /// After the test failed by an expectation, an after_each that fails too keeps the test's
    /// kind (the first failure's), whichever the hook's is.
    @Test func theFirstFailureGivesTheKind() throws {
        for (testBody, hookBody, expected) in [
            ("expect(1).to_be(2)", "tap(nil)", TestFailureKind.expectation),
            ("tap(nil)", "expect(1).to_be(2)", TestFailureKind.error),
        ] {
            let tmp = try TempFolder()
            try tmp.prototype()
            try tmp.write(
                "s.lua",
                "prototype \"Proto\"\nafter_each(function() \(hookBody) end)\ntest(\"t\", function() \(testBody) end)\n"
            )
            let r = try Sceneflow.run(["test", "s.lua", "--json", "r.json"], in: tmp.url, timeout: 120)
            let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
            let test = try #require(report.files.flatMap(\.outcomes).first { $0.name == "t" }, "\(r)")
            #expect(test.failureKind == expected, "\(testBody) then \(hookBody): \(test)")
        }
    }

    /// Red-team 54 A A4: an unknown matcher the script's pcall caught failed the test at its end
    /// with "was never called"; it is caught as every other wrong call is. A5: a kind no element
    /// of the prototype has gets a did-you-mean.
    @Test func aCaughtUnknownMatcherLeavesNothingAndAKindTypoIsNamed() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("caught", function() pcall(function() expect(1).to_bee(1) end); pcall(function() expect.soft(1).to_bee(1) end) end)
            test("kind", function() tap({kind = "hotspt"}, {timeout = 0}) end)

            """)
        let r = try Sceneflow.run(["test", "s.lua"], in: tmp.url, timeout: 120)
        #expect(r.stdout.contains("PASS  caught"), "\(r.stdout)")
        #expect(
            r.stdout.contains("no element of the prototype is of kind \"hotspt\"; did you mean \"hotspot\"?"),
            "\(r.stdout)")
    }

    /// Red-team 55 A B1, B2, B3: a test that failed by an expectation turned into an error when
    /// its after_each failed by one too (soft or hard), or caught one with pcall; an unmet
    /// expectation that left a coroutine through `coroutine.wrap` (which puts its place before
    /// the message) was an error. Each stays an expectation.
    @Test(arguments: ["1", "2"])
    func anExpectationStaysOneWhateverFollowsIt(jobs: String) throws {
        let cases: [(test: String, hook: String?)] = [
            ("expect.soft(1).to_be(2)", "expect.soft(1).to_be(3)"), ("expect.soft(1).to_be(2)", "expect(1).to_be(3)"),
            ("expect(1).to_be(2)", "expect.soft(1).to_be(3)"), ("expect(1).to_be(2)", "expect(1).to_be(3)"),
            ("expect(1).to_be(2)", "pcall(function() expect(1).to_be(3) end)"),
            ("expect(1).to_be(2)", "pcall(step, \"s\", function() expect(1).to_be(3) end)"),
            ("coroutine.wrap(function() expect(1).to_be(2) end)()", nil),
            (
                "coroutine.wrap(function() expect(1).to_be(2) end)()",
                "coroutine.wrap(function() expect(1).to_be(3) end)()"
            ),
        ]
        for (testBody, hookBody) in cases {
            let tmp = try TempFolder()
            try tmp.prototype()
            let hook = hookBody.map { "after_each(function() \($0) end)\n" } ?? ""
            try tmp.write("s.lua", "prototype \"Proto\"\n\(hook)test(\"t\", function() \(testBody) end)\n")
            let r = try Sceneflow.run(["test", "s.lua", "--jobs", jobs, "--json", "r.json"], in: tmp.url, timeout: 120)
            let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
            let test = try #require(report.files.flatMap(\.outcomes).first { $0.name == "t" }, "\(r)")
            #expect(
                test.verdict == .failed && test.failureKind == .expectation,
                "\(testBody) then \(hookBody ?? "-"): \(test)")
        }
    }

    /// Red-team 56 W1: a failure passed on through `coroutine.wrap` had its place once per
    /// coroutine (`s.lua:3: s.lua:3: expected 1 to be 2`), and after_all listed it twice.
    @Test(arguments: ["test", "after_each", "after_all"])
    func aFailurePassedOnThroughWrapShowsItsPlaceOnce(where place: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let wrapped = "coroutine.wrap(function() coroutine.wrap(function() expect(1).to_be(2) end)() end)()"
        let script =
            place == "test"
            ? "prototype \"Proto\"\ntest(\"t\", function() \(wrapped) end)\n"
            : "prototype \"Proto\"\n\(place)(function() \(wrapped) end)\ntest(\"t\", function() end)\n"
        try tmp.write("s.lua", script)
        let r = try Sceneflow.run(["test", "s.lua", "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let json = try String(contentsOf: tmp.url.appendingPathComponent("r.json"), encoding: .utf8)
        #expect(json.components(separatedBy: "expected 1 to be 2").count == 2, "once in the JSON: \(json)")
        #expect(!json.contains("s.lua:2: s.lua:2:") && !r.stdout.contains("s.lua:2: s.lua:2:"), "\(r.stdout)")
    }
}
