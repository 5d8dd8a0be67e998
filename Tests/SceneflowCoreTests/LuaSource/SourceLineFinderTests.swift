import Testing

@testable import SceneflowCore

/// `SourceLineFinder`: lines for table-path diagnostics only when the source is unambiguous.
@Suite struct SourceLineFinderTests {
    let source = """
        return {
          scenes = {
            home = { image = "home.png", elements = {
              { label = "Next", on_tapp = go("list") },  -- on_tapp is a typo
              { label = "Pic", ["pressd"] = "a.png" },
            } },
            list = { image = "list.png", landscape = "lsit" },
            more = { image = "list.png" },
          },
        }
        """

    @Test func aWordWrittenOnceGivesItsLine() {
        #expect(SourceLineFinder.line(for: #"unknown key "on_tapp"; did you mean "on_tap"?"#, in: source) == 4)
        #expect(SourceLineFinder.line(for: #"unknown key "pressd""#, in: source) == 5, "a bracketed key")
        #expect(SourceLineFinder.line(for: #"no scene "lsit"; did you mean "list"?"#, in: source) == 7)
        #expect(SourceLineFinder.line(for: #"file "home.png" not found in the prototype folder"#, in: source) == 3)
    }

    @Test func ambiguousOrUnnamedWordsGiveNoLine() {
        #expect(SourceLineFinder.line(for: #"file "list.png" not found"#, in: source) == nil, "written twice")
        #expect(SourceLineFinder.line(for: #"unknown key "image""#, in: source) == nil, "a key on many lines")
        #expect(SourceLineFinder.line(for: #"unknown key "ghost""#, in: source) == nil, "built by code")
        #expect(
            SourceLineFinder.line(for: #"scene "home" draws "home.png" stretched"#, in: source) == nil,
            "only messages that name what is written")
    }

    @Test func locateKeepsAKnownLineAndNeedsATablePath() {
        let known = Diagnostic(file: "p.lua", line: 9, path: "scenes.home", message: #"no scene "lsit""#)
        #expect(SourceLineFinder.locate(known, in: source).line == 9)
        let noPath = Diagnostic(file: "p.lua", message: #"no scene "lsit""#)
        #expect(SourceLineFinder.locate(noPath, in: source).line == nil)
        let found = Diagnostic(file: "p.lua", path: "scenes.list.landscape", message: #"no scene "lsit""#)
        #expect(
            SourceLineFinder.locate(found, in: source).description
                == #"p.lua:7: scenes.list.landscape: no scene "lsit""#)
    }
    @Test func aValueErrorGetsTheLineOfItsKeyWhenWrittenOnce() {
        let splash = """
            return { scenes = {
              splash = { image = "splash.png", after = -1, on_after = go("home") },
              home = { image = "home.png", after_x = 2, ["on_after"] = back() },
            } }
            """
        let bad = Diagnostic(file: "p.lua", path: "scenes.splash.after", message: "expected a number of seconds > 0")
        #expect(SourceLineFinder.locate(bad, in: splash).line == 2, "on_after and after_x are other keys")
        let twiceOnALine = "a = { after = 1 }, b = { after = 2 }\n"
        #expect(SourceLineFinder.line(ofPathKey: "scenes.a.after", in: twiceOnALine) == nil, "written twice")
        #expect(SourceLineFinder.line(ofPathKey: "scenes.a.elements[2]", in: splash) == nil, "not a key")
        #expect(SourceLineFinder.line(ofPathKey: "scenes.splash.image", in: splash) == nil, "on two lines")
    }
}
