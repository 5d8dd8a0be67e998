import Testing

@testable import SceneflowCore

@Suite struct DeviceGuessTests {
    @Test(arguments: [
        (1080, 2400, 360.0, 800.0, 3.0), (1170, 2532, 390, 844, 3), (750, 1334, 375, 667, 2),
        (1440, 3200, 360, 800, 4), (2400, 1080, 800, 360, 3), (2048, 2732, 1024, 1366, 2),
    ])
    func knownSizes(w: Int, h: Int, pw: Double, ph: Double, scale: Double) {
        let (device, source) = DeviceGuess.device(pixelWidth: w, pixelHeight: h)
        #expect(device == Device(width: pw, height: ph, scale: scale))
        #expect(source != "fallback")
        #expect(device.pixelWidth == w && device.pixelHeight == h)
    }

    @Test func unknownSizesFallBackToAboutThreeHundredSixtyPointsAcross() {
        let (shop, source) = DeviceGuess.device(pixelWidth: 526, pixelHeight: 935)
        #expect(source == "fallback")
        #expect(shop == Device(width: 263, height: 467.5, scale: 2))
        #expect(DeviceGuess.device(pixelWidth: 1211, pixelHeight: 2474).device.scale == 3)
        #expect(DeviceGuess.device(pixelWidth: 300, pixelHeight: 500).device.scale == 1)
        #expect(DeviceGuess.device(pixelWidth: 0, pixelHeight: 0).device.pixelWidth == 1)
    }
}

@Suite struct SceneNamerTests {
    @Test func namesAreLuaIdentifiersAndUnique() {
        let names = SceneNamer.names(for: [
            "1.apps.png", "screenshot-02.png", "Home Screen.PNG", "end.png", "a/b/---.png", "home_screen.jpg",
        ])
        #expect(names == ["s1_apps", "screenshot_02", "home_screen", "end_scene", "scene_5", "home_screen_2"])
        for name in names { #expect(name.wholeMatch(of: /[a-z_][a-z0-9_]*/) != nil) }
    }

    @Test func nonASCIINamesAreTransliteratedOrNumberedAndStayDistinct() {
        let files = [
            "Über-Ansicht.png", "café.png", "日本.png", "中国.png", "Straße.png", "Łódź ﬁle.png", "Ｆｕｌｌ.png",
            "cafe.png", "scene_3.png", "日本-2.png", "Ελληνικά.png",
        ]
        let names = SceneNamer.names(for: files)
        #expect(
            names == [
                "uber_ansicht", "cafe", "scene_3", "scene_4", "strasse", "lodz_file", "full", "cafe_2", "scene_3_2",
                "scene_10_2", "scene_11",
            ])
        #expect(Set(names).count == names.count, "scene names are unique")
        for name in names { #expect(name.wholeMatch(of: /[a-z_][a-z0-9_]*/) != nil, "\(name)") }
    }
}

@Suite struct ScaffoldWriterTests {
    let shots = [
        ScaffoldWriter.Shot(scene: "s1", image: "1.png", pixelWidth: 1080, pixelHeight: 2400),
        ScaffoldWriter.Shot(
            scene: "s2", image: "two \"quoted\".png", pixelWidth: 1211, pixelHeight: 2474, screen: .auto),
        ScaffoldWriter.Shot(scene: "s3", image: "3.png", pixelWidth: 1080, pixelHeight: 2400),
    ]
    let device = Device(width: 360, height: 800, scale: 3)

    @Test func prototypeChainsScenesWithNextAndMarksFramedShots() {
        let text = ScaffoldWriter.prototypeFile(name: "Demo", device: device, deviceSource: "Android", shots: shots)
        #expect(text.contains("device = { width = 360, height = 800, scale = 3 }"))
        #expect(text.contains("start = \"s1\""))
        #expect(
            text.contains("{ label = \"Next\", frame = {0, 680, 360, 120}, on_tap = go(\"s2\", \"push_left\", 0.35) }"))
        #expect(text.contains("go(\"s3\""))
        #expect(text.contains("image = \"two \\\"quoted\\\".png\""))
        #expect(text.components(separatedBy: "screen = \"auto\",").count == 2)
        #expect(text.components(separatedBy: "label = \"Next\"").count == 3, "the last scene has no Next")
        #expect(text.hasPrefix("-- Demo: scaffolded"))
    }

    @Test func starterScriptWalksTheChain() {
        let text = ScaffoldWriter.starterScript(name: "Demo", prototypePath: "..", shots: shots)
        #expect(text.contains("prototype \"..\""))
        #expect(
            text.contains(
                "expect.scene \"s1\"\n  tap \"Next\"\n  expect.scene \"s2\"\n  tap \"Next\"\n  expect.scene \"s3\"\nend)"
            ))
        #expect(text.contains("back()"))
    }

    @Test func nextFrameCoversTheBottomBand() {
        #expect(ScaffoldWriter.nextFrame(device) == Rect(x: 0, y: 680, width: 360, height: 120))
        #expect(ScaffoldWriter.luaString("a\\b\n") == "\"a\\\\b\\n\"")
    }
}
