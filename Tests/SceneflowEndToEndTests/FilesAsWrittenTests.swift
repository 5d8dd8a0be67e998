import Foundation
import Testing

/// Files as phones, editors and file systems write them, through the built binary (issue 14.3
/// and 14.4): a rotated phone photo is measured and drawn upright by `check`, `new` and
/// `render`; Lua files with a UTF-8 byte-order mark load; image names and accessibility labels
/// compare after NFC normalisation, locators normalise white space as Playwright's text locators
/// do, and a did-you-mean that would look identical shows the difference as escapes.
@Suite struct FilesAsWrittenTests {
    /// `convert` on the PATH, or nil (the photo tests skip, printing why, without it).
    static let convert: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
        .split(separator: ":").map { "\($0)/convert" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    static func magick(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(convert))
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "convert \(arguments)")
        return data
    }

    /// A portrait 1080x1920 px phone photo stored sideways (1920x1080 px of pixels) with EXIF
    /// orientation 6, as phone cameras write it: red on top and blue at the bottom when upright.
    static func sidewaysPhoto(in tmp: TempFolder, _ relative: String) throws {
        let stored = tmp.file("stored.jpg")
        _ = try magick([
            "-size", "1080x960", "xc:rgb(220,30,30)", "-size", "1080x960", "xc:rgb(30,30,220)", "-append",
            "-rotate", "-90", "-quality", "90", stored,
        ])
        let jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: stored)))
        let exif: [UInt8] =
            Array("Exif".utf8) + [0, 0] + Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1]
            + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        let app1 = [0xFF, 0xE1, 0, UInt8(exif.count + 2)] + exif
        try tmp.write(relative, Data(jpeg.prefix(2) + app1 + jpeg.dropFirst(2)))
    }

    @Test func aSidewaysPhoneShotIsAPortraitScreenForCheckNewAndRender() throws {
        guard Self.convert != nil else { return print("skipped: ImageMagick's convert is not installed") }
        let tmp = try TempFolder()
        try Self.sidewaysPhoto(in: tmp, "src/shot.jpg")
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "Photo", device = { width = 360, height = 640, scale = 3 }, start = "home",
              scenes = { home = { image = "shot.jpg" } },
            }

            """)
        try FileManager.default.copyItem(atPath: tmp.file("src/shot.jpg"), toPath: tmp.file("P/shot.jpg"))
        let check = try Sceneflow.run(["check", tmp.file("P")])
        #expect(check.status == 0 && check.stdout.hasSuffix("1 scene, 0 elements, 0 warnings\n"), "\(check)")
        #expect(!check.output.contains("landscape"), "\(check)")

        let new = try Sceneflow.run(["new", tmp.file("N"), tmp.file("src/shot.jpg")])
        #expect(new.status == 0 && new.stdout.contains("360x640 pt at scale 3"), "\(new)")

        let out = tmp.file("frame.png")
        let render = try Sceneflow.run(["render", tmp.file("P"), "--out", out])
        #expect(render.status == 0, "\(render)")
        let top = [UInt8](try Self.magick([out, "-crop", "1x1+540+200", "-depth", "8", "rgb:-"]))
        let bottom = [UInt8](try Self.magick([out, "-crop", "1x1+540+1700", "-depth", "8", "rgb:-"]))
        #expect(top.count == 3 && top[0] > 180 && top[2] < 80, "top pixel \(top): the photo is not upright")
        #expect(bottom.count == 3 && bottom[2] > 180 && bottom[0] < 80, "bottom pixel \(bottom)")
    }

    @Test func newTakesWebPAndTIFFScreenshotsFromAFolder() throws {
        guard Self.convert != nil else { return print("skipped: ImageMagick's convert is not installed") }
        let tmp = try TempFolder()
        try FileManager.default.createDirectory(atPath: tmp.file("shots"), withIntermediateDirectories: true)
        _ = try Self.magick(["-size", "360x800", "xc:rgb(200,40,40)", tmp.file("shots/1.webp")])
        _ = try Self.magick(["-size", "360x800", "xc:rgb(40,40,200)", tmp.file("shots/2.tif")])
        let new = try Sceneflow.run(["new", tmp.file("N"), tmp.file("shots")])
        #expect(new.status == 0 && new.stdout.contains("2 scenes"), "\(new)")
        let test = try Sceneflow.run(["test", tmp.file("N/Scripts")])
        #expect(test.status == 0, "\(test)")
    }

    static let bom = "\u{FEFF}"

    @Test func luaFilesWithAByteOrderMarkLoad() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let proto = try String(contentsOfFile: tmp.file("Proto/prototype.lua"), encoding: .utf8)
        try tmp.write("Proto/prototype.lua", Self.bom + proto)
        try tmp.write("helpers.lua", Self.bom + "local M = {}\nfunction M.open() tap \"Open\" end\nreturn M\n")
        try tmp.write(
            "s.lua",
            Self.bom
                + "prototype \"Proto\"\nlocal helpers = require \"helpers\"\ntest(\"opens\", function()\n  helpers.open()\n  expect.scene \"detail\"\nend)\n"
        )
        let check = try Sceneflow.run(["check", tmp.file("Proto")])
        #expect(check.status == 0, "\(check)")
        let run = try Sceneflow.run(["test", tmp.file("s.lua")])
        #expect(run.status == 0 && run.outputLines.last == "1 passed, 0 failed", "\(run)")
        // A syntax error after the mark still names line 1 of the file.
        try tmp.write("bad.lua", Self.bom + "prototype \"Proto\" +\n")
        let bad = try Sceneflow.run(["test", tmp.file("bad.lua")])
        #expect(bad.status == 65 && bad.output.contains("bad.lua:1: ") && !bad.output.contains("<\\239>"), "\(bad)")
    }

    /// NFC é (U+00E9) and NFD e + U+0301, as macOS writes file names.
    static let composed = "Relev\u{E9}.png"
    static let decomposed = "Releve\u{301}.png"

    @Test func imageNamesMatchTheFileWhateverItsNormalisation() throws {
        for (onDisk, written) in [(Self.decomposed, Self.composed), (Self.composed, Self.decomposed)] {
            let tmp = try TempFolder()
            try tmp.prototype()
            try tmp.image("Proto/" + onDisk)
            let proto = try String(contentsOfFile: tmp.file("Proto/prototype.lua"), encoding: .utf8)
            try tmp.write(
                "Proto/prototype.lua", proto.replacingOccurrences(of: "\"detail.png\"", with: "\"\(written)\""))
            let check = try Sceneflow.run(["check", tmp.file("Proto")])
            #expect(check.status == 0, "\(check)")
            let render = try Sceneflow.run([
                "render", tmp.file("Proto"), "--scene", "detail", "--out", tmp.file("d.png"),
            ])
            #expect(render.status == 0, "\(render)")
        }
    }

    @Test func twoFilesThatDifferOnlyInNormalisationAreAnErrorThatShowsBoth() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.image("Proto/\u{C5}.png")
        try tmp.image("Proto/A\u{30A}.png")
        let proto = try String(contentsOfFile: tmp.file("Proto/prototype.lua"), encoding: .utf8)
        // U+212B ANGSTROM SIGN: canonically the same as both files' names, byte-equal to neither.
        try tmp.write("Proto/prototype.lua", proto.replacingOccurrences(of: "\"detail.png\"", with: "\"\u{212B}.png\""))
        let check = try Sceneflow.run(["check", tmp.file("Proto")])
        #expect(check.status == 65, "\(check)")
        #expect(
            check.stderr.contains(
                "scenes.detail.image: \"\\u{212B}.png\" matches 2 files whose names differ only in Unicode normalisation (\"A\\u{30A}.png\", \"\u{C5}.png\"); rename all but one"
            ), "\(check)")
    }

    /// A prototype whose home scene has the given labels (each opens the detail scene).
    func labelled(_ labels: [String], script: String) throws -> TempFolder {
        let tmp = try TempFolder()
        let elements = labels.enumerated().map { i, label in
            "{ label = \"\(label)\", frame = { 2, \(2 + i * 12), 30, 10 }, on_tap = go(\"detail\") },"
        }
        try tmp.prototype(
            scenes: """
                    home = { image = "home.png", elements = {
                      \(elements.joined(separator: "\n      "))
                    } },
                    detail = { image = "detail.png" },
                """)
        try tmp.write("s.lua", "prototype \"Proto\"\n" + script)
        return tmp
    }

    @Test func labelsCompareAfterNFCNormalisation() throws {
        let tmp = try labelled(
            ["Cafe\\u{301}", "Cr\u{E8}me br\u{FB}l\u{E9}e"],
            script: """
                test("composed finds decomposed", function() tap "Caf\u{E9}"; expect.scene "detail" end)
                test("decomposed finds composed", function() tap "Cre\\u{300}me bru\\u{302}le\\u{301}e"; expect.scene "detail" end)
                test("contains", function() tap { contains = "af\u{E9}" }; expect.scene "detail" end)

                """)
        let r = try Sceneflow.run(["test", tmp.file("s.lua")])
        #expect(r.status == 0 && r.outputLines.last == "3 passed, 0 failed", "\(r)")
    }

    @Test func locatorsNormaliseWhiteSpaceAndShowInvisibleDifferences() throws {
        let tmp = try labelled(
            ["Pay 42,00\\u{A0}\u{20AC}", "Pay\\u{200E} now"],
            script: """
                test("a typed space finds a no-break space", function() tap "Pay 42,00 \u{20AC}"; expect.scene "detail" end)
                test("runs and ends of white space", function() tap "  Pay   42,00 \u{20AC} "; expect.scene "detail" end)
                test("an invisible mark still differs", function() with_timeout(0.1, function() tap "Pay now" end) end)

                """)
        let r = try Sceneflow.run(["test", tmp.file("s.lua")])
        #expect(r.status == 1 && r.outputLines.last == "2 passed, 1 failed", "\(r)")
        #expect(
            r.stdout.contains(
                "tap(\"Pay now\"): no element labelled \"Pay now\" in scene \"home\"; did you mean \"Pay\\u{200E} now\"? (it looks like \"Pay now\" but differs in invisible or look-alike characters, shown as \\u{…})"
            ), "\(r)")
        // Two labels that look alike: the strict-mode message shows which is which.
        let twin = try labelled(
            ["Pay 42,00 \u{20AC}", "Pay 42,00\\u{A0}\u{20AC}"],
            script: "test(\"twins\", function() tap \"Pay 42,00 \u{20AC}\" end)\n")
        let t = try Sceneflow.run(["test", twin.file("s.lua")])
        #expect(t.status == 1, "\(t)")
        #expect(
            t.stdout.contains(
                "2 elements match \"Pay 42,00 \u{20AC}\" in scene \"home\": \"Pay 42,00 \u{20AC}\" (hotspot at {2, 2, 30, 10}), \"Pay 42,00\\u{A0}\u{20AC}\" (hotspot at {2, 14, 30, 10}); make the locator exact or add index = n"
            ), "\(t)")
    }

    @Test func aDidYouMeanThatLooksIdenticalShowsEscapes() throws {
        let tmp = try TempFolder()
        try tmp.prototype(
            scenes: """
                    home = { image = "home.png", elements = {
                      { label = "Open", frame = { 2, 10, 30, 20 }, on_tap = go("detail") },
                    } },
                    ["detail\\u{A0}"] = { image = "detail.png" },
                """)
        let r = try Sceneflow.run(["check", tmp.file("Proto")])
        #expect(r.status == 65, "\(r)")
        #expect(
            r.stderr.contains(
                "no scene \"detail\"; did you mean \"detail\\u{A0}\"? (it looks like \"detail\" but differs in invisible or look-alike characters, shown as \\u{…})"
            ), "\(r)")
    }
}
