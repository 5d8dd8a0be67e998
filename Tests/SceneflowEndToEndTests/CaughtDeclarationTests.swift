import Foundation
import Testing

/// Red-team 35 W1: a declaration refused inside a test or a hook (`test`, `only`, `skip`, a
/// hook, one with a bad option) was dropped without a word when the script's `pcall` caught
/// it, and the run passed in every report; inside a coroutine of the script's own it was not
/// even refused. Wherever it stands after the file loaded, and however it is caught, it fails
/// what it ran in: the test, or the file's `(after_all)` entry.
@Suite struct CaughtDeclarationTests {
    static let declarations = [
        #"test("inner", function() error("INNER FAILS") end)"#,
        #"only("inner", function() end)"#,
        #"skip("inner", function() end)"#,
        #"after_each(function() error("LATE HOOK FAILS") end)"#,
        #"test("inner", {colck_limit = 5}, function() end)"#,
    ]

    /// Where the declaration runs: `%` stands for it.
    static let places = [
        ("test", "test(\"t\", function() pcall(function() % end) end)"),
        ("coroutine", "test(\"t\", function() pcall(coroutine.wrap(function() % end)) end)"),
        ("before_all", "before_all(function() pcall(function() % end) end)\ntest(\"t\", function() end)"),
        ("before_each", "before_each(function() pcall(function() % end) end)\ntest(\"t\", function() end)"),
        ("after_each", "after_each(function() pcall(function() % end) end)\ntest(\"t\", function() end)"),
        ("after_all", "after_all(function() pcall(function() % end) end)\ntest(\"t\", function() end)"),
    ]

    @Test(arguments: places.indices, declarations.indices)
    func aCaughtDeclarationFailsWhatItRanIn(_ place: Int, _ declaration: Int) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let (name, shape) = Self.places[place]
        let body = shape.replacingOccurrences(of: "%", with: Self.declarations[declaration])
        try tmp.write("d.lua", "prototype \"Proto\"\n\(body)\n")
        let r = try Sceneflow.run(["test", "d.lua", "--json", "r.json"], in: tmp.url)
        #expect(r.status == 1, "\(name): \(body)\n\(r)")
        let outcomes = try AfterAllVerdictTests.outcomes(tmp.file("r.json"))
        let entry = name == "after_all" ? "d.lua: (after_all)" : "d.lua: t"
        let failure = outcomes[entry] ?? "missing"
        #expect(
            failure.hasPrefix("failed") && failure.contains("declared at the top level"),
            "\(name): \(body)\n\(outcomes)")
    }
}
