import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Within one elements revision the locators keep each locator's matches under a key that
/// must name the locator exactly: `{kind = "btnC"}` and `{contains = "", kind = "btn"}` once
/// shared a key (the kind was not length-prefixed before the field flags), so whichever was
/// asked second got the other's matches and `expect.count` passed with a wrong count
/// (red-team finding T1). Every locator of a generated set, asked in one revision forwards
/// and backwards, must count what a plain reading of `elements()` counts.
@Suite struct LocatorMemoKeyTests {
    /// Kinds and labels built to collide when fields run together: a kind that ends in a
    /// field's flag letter, digits and colons as in the length prefixes.
    static let kinds = ["btn", "btnC", "btnL", "btnP", "btnLC", "1", "1:", "btn1:0:", ""]
    static let texts = ["C", "L", "P", "1:", "a", "aC", ":", "0:"]

    static var prototype: String {
        var elements: [String] = []
        var y = 0
        for (k, kind) in kinds.enumerated() {
            for (t, text) in texts.enumerated() where (k + t) % 3 != 0 {
                // An empty kind stands for an element without one (a prototype refuses "").
                let kindField = kind.isEmpty ? "" : "kind = \"\(kind)\", "
                elements.append("{ label = \"\(text)\", \(kindField)frame = { 0, \(y), 10, 2 } }")
                y += 3
            }
        }
        return """
            return {
              device = { width = 360, height = 800, scale = 1 },
              start = "a",
              scenes = { a = { image = "a.png", elements = {
                \(elements.joined(separator: ",\n    "))
              } } },
            }
            """
    }

    /// Every locator of the set, as Lua table constructors.
    static var locators: [String] {
        var all: [String] = []
        for kind in kinds.map({ "kind = \"\($0)\"" }) + [""] {
            let tail = kind.isEmpty ? "" : ", " + kind
            if !kind.isEmpty { all.append("{ \(kind) }") }
            for value in texts + [""] {
                all.append("{ contains = \"\(value)\"\(tail) }")
                all.append("{ pattern = \"\(value)\"\(tail) }")
                if !value.isEmpty { all.append("{ label = \"\(value)\"\(tail) }") }
            }
        }
        return all
    }

    @Test func everyLocatorCountsItsOwnMatchesWhateverWasAskedBefore() throws {
        let list = Self.locators.joined(separator: ",\n  ")
        let script = """
            local locators = {
              \(list)
            }
            local function reference(loc)
              local n = 0
              for _, e in ipairs(elements()) do
                local ok = loc.kind == nil or e.kind == loc.kind
                if ok and loc.label then ok = e.label == loc.label end
                if ok and loc.contains then ok = e.label:find(loc.contains, 1, true) ~= nil end
                if ok and loc.pattern then ok = e.label:find(loc.pattern) ~= nil end
                if ok then n = n + 1 end
              end
              return n
            end
            test("forwards then backwards", function()
              local counts = {}
              for i, loc in ipairs(locators) do counts[i] = reference(loc) end
              -- expect.count refuses a locator no scene matches (a typo): element() says nil for
              -- one of another scene and fails on one no scene has.
              local function check(i)
                if counts[i] == 0 then
                  local ok, got = pcall(element, locators[i])
                  assert((ok and got == nil) or (not ok and tostring(got):find("no scene of the prototype", 1, true)),
                    "element() found a match of locator " .. i .. ": " .. tostring(got))
                else
                  expect.count(locators[i], counts[i])
                end
              end
              for i = 1, #locators do check(i) end
              for i = #locators, 1, -1 do check(i) end
            end)
            """
        let results = try ScriptAPIHarness.run(script, prototype: Self.prototype, images: ["a"])
        let result = try #require(results["forwards then backwards"])
        #expect(result.failure == nil, "\(result.failure ?? "")")
        #expect(Self.locators.count > 150)
        // The set holds the finding's pair and locators of both outcomes.
        #expect(Self.locators.contains("{ kind = \"btnC\" }"))
        #expect(Self.locators.contains("{ contains = \"\", kind = \"btn\" }"))
    }
}
