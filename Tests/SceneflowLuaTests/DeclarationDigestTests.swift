import Foundation
import Testing

@testable import SceneflowLua

/// The runner loads a script afresh for every test and compares one digest of its
/// declarations with the first load's, instead of reading and comparing every test again
/// (a file of N tests cost N² work). The digest must tell every difference that matters.
@Suite struct DeclarationDigestTests {
    static let body = "function() end"

    /// Each variant differs from `base` in one thing the runner relies on.
    static let base = "prototype \"proto\"\ntest(\"a\", \(body))\ntest(\"b\", \(body))\n"
    static let variants: [String: String] = [
        "a name": "prototype \"proto\"\ntest(\"a\", \(body))\ntest(\"c\", \(body))\n",
        "a line": "prototype \"proto\"\n\ntest(\"a\", \(body))\ntest(\"b\", \(body))\n",
        "an order": "prototype \"proto\"\ntest(\"b\", \(body))\ntest(\"a\", \(body))\n",
        "one more test": "prototype \"proto\"\ntest(\"a\", \(body))\ntest(\"b\", \(body))\ntest(\"d\", \(body))\n",
        "skip": "prototype \"proto\"\ntest(\"a\", \(body))\nskip(\"b\", \(body))\n",
        "a skip reason": "prototype \"proto\"\ntest(\"a\", \(body))\nskip(\"b\", \(body), \"later\")\n",
        "only": "prototype \"proto\"\ntest(\"a\", \(body))\nonly(\"b\", \(body))\n",
        "a clock limit": "prototype \"proto\"\ntest(\"a\", \(body))\ntest(\"b\", {clock_limit = 5}, \(body))\n",
        "a tag": "prototype \"proto\"\ntest(\"a\", \(body))\ntest(\"b\", {tags = {\"smoke\"}}, \(body))\n",
        "the prototype": "prototype \"proto/\"\ntest(\"a\", \(body))\ntest(\"b\", \(body))\n",
    ]

    func load(_ lua: String, reusing: ScriptDeclarations? = nil, test: Int = 0) throws -> ScriptRuntime {
        let path = ScriptRuntimeTests.script(lua)
        return try ScriptRuntime(scriptPath: path, reusing: reusing, test: test)
    }

    @Test func theSameFileMatchesForEveryTest() throws {
        let first = try load(Self.base)
        #expect(!first.declarationDigest.isEmpty && first.matchesEarlierLoad)
        for test in first.tests.indices {
            let again = try load(Self.base, reusing: first.declarations, test: test)
            #expect(again.matchesEarlierLoad, "test \(test)")
            #expect(again.declarationDigest == first.declarationDigest)
            #expect(again.tests == first.tests && again.prototypePath == first.prototypePath)
        }
    }

    @Test(arguments: variants.keys.sorted()) func everyDifferenceIsFound(_ what: String) throws {
        let first = try load(Self.base)
        for test in first.tests.indices {
            let other = try load(Self.variants[what]!, reusing: first.declarations, test: test)
            #expect(!other.matchesEarlierLoad, "\(what), test \(test)")
        }
    }

    /// A load for another test records the tests without options by name alone: options that
    /// are gone, or a test that became one without options, must still differ.
    @Test func optionsGoneInALaterLoadDiffer() throws {
        let withOptions = [
            "prototype \"proto\"\ntest(\"a\", \(Self.body))\ntest(\"b\", {tags = {\"smoke\"}}, \(Self.body))\n",
            "prototype \"proto\"\ntest(\"a\", \(Self.body))\nskip(\"b\", \(Self.body))\n",
            "prototype \"proto\"\ntest(\"a\", {clock_limit = 5}, \(Self.body))\ntest(\"b\", \(Self.body))\n",
        ]
        for lua in withOptions {
            let first = try load(lua)
            for test in first.tests.indices {
                #expect(
                    try !load(Self.base, reusing: first.declarations, test: test).matchesEarlierLoad, "\(lua) \(test)")
            }
        }
    }

    @Test func aLineMovedAfterTheTestThatRunsDoesNotMatter() throws {
        let first = try load(Self.base)
        let moved = "prototype \"proto\"\ntest(\"a\", \(Self.body))\n\ntest(\"b\", \(Self.body))\n"
        #expect(try load(moved, reusing: first.declarations, test: 0).matchesEarlierLoad)
        #expect(try !load(moved, reusing: first.declarations, test: 1).matchesEarlierLoad)
    }

    @Test func namesThatDependOnTheLoadDiffer() throws {
        // Table addresses differ between two live Lua states.
        let lua = "prototype \"proto\"\ntest(\"t\" .. tostring({}), \(Self.body))\n"
        let path = ScriptRuntimeTests.script(lua)
        let first = try ScriptRuntime(scriptPath: path)
        let again = try ScriptRuntime(scriptPath: path, reusing: first.declarations, test: 0)
        #expect(!again.matchesEarlierLoad)
        #expect(again.declarationDigest != first.declarationDigest)
    }

    @Test func aTestDeclaredInsideATestAfterAReloadIsStillRefused() throws {
        let lua = "prototype \"proto\"\ntest(\"a\", function() test(\"inner\", function() end) end)\n"
        let path = ScriptRuntimeTests.script(lua)
        let first = try ScriptRuntime(scriptPath: path)
        let again = try ScriptRuntime(scriptPath: path, reusing: first.declarations, test: 0)
        #expect(again.matchesEarlierLoad)
        let results = try ScriptRuntimeTests.run(path)
        guard case .failed(let failure) = results["a"] else {
            Issue.record("\(results)")
            return
        }
        #expect(failure.message.contains("not inside another test"), "\(failure)")
    }
}
