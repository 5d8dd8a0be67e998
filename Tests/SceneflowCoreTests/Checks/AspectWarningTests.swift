import Testing

@testable import SceneflowCore

/// Screenshots drawn stretched: `sceneflow check`'s warnings and `sceneflow new`'s plan.
@Suite struct AspectWarningTests {
    let device = Device(width: 360, height: 800, scale: 3)

    /// Fake measurements by image name (whole image), with screen rectangles measured as given.
    func measure(_ sizes: [String: (Int, Int)]) -> PrototypeChecker.ScreenMeasure {
        { image, screen in
            if case .rect(let r) = screen { return (r.width, r.height) }
            return sizes[image].map { (width: $0.0, height: $0.1) }
        }
    }

    @Test func stretchedScenesAndPortraitShapedLandscapeVariantsAreWarned() {
        var video = Scene(name: "video", image: "video.png")
        video.design.landscape = LandscapeVariant(image: "video_tall.png")
        var sheet = Scene(name: "sheet", image: "sheet.png")
        sheet.design.overlay = OverlayStyle()
        var long = Scene(name: "long", image: "long.png")
        long.design.scroll = ScrollRegion()
        let framed = Scene(
            name: "framed", image: "framed.png", screen: .rect(PixelRect(x: 60, y: 65, width: 1080, height: 2400)))
        let prototype = Prototype(
            name: "P", device: device, start: "home",
            scenes: [
                Scene(name: "home", image: "home.png"), Scene(name: "wide", image: "wide.png"), video, sheet, long,
                framed, Scene(name: "near", image: "near.png"),
            ])
        let sizes = [
            "home.png": (1080, 2400), "wide.png": (2400, 1080), "video.png": (1080, 2400),
            "video_tall.png": (1080, 2400), "sheet.png": (1080, 1200), "long.png": (1080, 6000),
            "framed.png": (1211, 2474), "near.png": (1080, 2340),
        ]
        let warnings = PrototypeChecker.aspectWarnings(for: prototype, file: "p.lua", measure: measure(sizes))
        #expect(warnings.map(\.path) == ["scenes.wide.image", "scenes.video.landscape.image"], "\(warnings)")
        #expect(warnings.allSatisfy { $0.severity == .warning })
        #expect(
            warnings.first?.message
                == "scene \"wide\" draws \"wide.png\" (2400x1080 px, landscape, aspect 2.222) stretched into the portrait 360x800 pt device (aspect 0.450, 394 % apart); a landscape screenshot belongs in a portrait scene's landscape = { image = \"wide.png\" }"
        )
        #expect(
            warnings.last?.message.hasPrefix(
                "the landscape variant of scene \"video\" draws \"video_tall.png\" (1080x2400 px, portrait, aspect 0.450) stretched into the landscape 800x360 pt device (aspect 2.222"
            ) == true, "\(warnings)")
        #expect(warnings.last?.message.hasSuffix("it is portrait-shaped: is it the portrait screenshot?") == true)
    }

    @Test func overlayScenesAreComparedWithTheirOverlayRectangle() {
        var sheet = Scene(name: "sheet", image: "sheet.png")  // default bottom sheet: 360x400 pt
        sheet.design.overlay = OverlayStyle()
        var dialog = Scene(name: "dialog", image: "dialog.png")
        dialog.design.overlay = OverlayStyle(position: .center, size: Size(width: 300, height: 200))
        var full = Scene(name: "full", image: "full.png")  // a full screenshot used as a sheet
        full.design.overlay = OverlayStyle()
        let prototype = Prototype(
            name: "P", device: device, start: "sheet", scenes: [sheet, dialog, full])
        let sizes = ["sheet.png": (1080, 1200), "dialog.png": (900, 600), "full.png": (1080, 2400)]
        let warnings = PrototypeChecker.aspectWarnings(for: prototype, file: "p.lua", measure: measure(sizes))
        #expect(warnings.map(\.path) == ["scenes.full.image"], "\(warnings)")
        #expect(
            warnings.first?.message
                == "overlay scene \"full\" draws \"full.png\" (1080x2400 px, portrait, aspect 0.450) stretched into the portrait 360x400 pt bottom overlay (aspect 0.900, 50 % apart); give the overlay a size = {w, h} in points matching its image",
            "\(warnings)")
    }

    @Test func anOverlayPresentedInLandscapeIsComparedOnTheTurnedDevice() {
        let show = Action.present(scene: "sheet", transition: Transition(kind: .coverUp, duration: 0.3))
        func prototype(fromLandscape: Bool) -> Prototype {
            var video = Scene(name: "video", image: "video.png")
            let element = Element(
                label: "Sheet", frame: Rect(x: 0, y: 0, width: 50, height: 50), onTap: show,
                path: fromLandscape ? "scenes.video.landscape.elements[1]" : "scenes.video.elements[1]")
            if fromLandscape {
                video.design.landscape = LandscapeVariant(image: "video_land.png", elements: [element])
            } else {
                video.elements = [element]
            }
            var sheet = Scene(name: "sheet", image: "sheet_land.png")  // 800x180 pt: the turned default
            sheet.design.overlay = OverlayStyle()
            return Prototype(name: "P", device: device, start: "video", scenes: [video, sheet])
        }
        let sizes = ["video.png": (1080, 2400), "video_land.png": (2400, 1080), "sheet_land.png": (2400, 540)]
        let turned = PrototypeChecker.aspectWarnings(
            for: prototype(fromLandscape: true), file: "p.lua", measure: measure(sizes))
        #expect(turned.isEmpty, "presented over the landscape variant: fits \(turned)")
        let upright = PrototypeChecker.aspectWarnings(
            for: prototype(fromLandscape: false), file: "p.lua", measure: measure(sizes))
        #expect(upright.map(\.path) == ["scenes.sheet.image"], "presented upright: 360x400 pt \(upright)")
    }

    @Test func separateLandscapeScenesAreComparedWithTheTurnedDevice() {
        var gallery = Scene(name: "gallery", image: "gallery.png")
        gallery.design.landscapeScene = "gallery_wide"
        var list = Scene(name: "list", image: "list.png")
        list.design.landscapeScene = "list_wide"
        var scrolled = Scene(name: "scrolled", image: "scrolled.png")
        scrolled.design.landscape = LandscapeVariant(image: "long_land.png", scroll: ScrollRegion())
        let prototype = Prototype(
            name: "P", device: device, start: "gallery",
            scenes: [
                gallery, Scene(name: "gallery_wide", image: "wide.png"), list,
                Scene(name: "list_wide", image: "tall.png"), scrolled,
            ])
        let sizes = [
            "gallery.png": (1080, 2400), "wide.png": (2400, 1080), "list.png": (1080, 2400), "tall.png": (1080, 2400),
            "scrolled.png": (1080, 2400), "long_land.png": (2400, 4000),
        ]
        let warnings = PrototypeChecker.aspectWarnings(for: prototype, file: "p.lua", measure: measure(sizes))
        #expect(warnings.map(\.path) == ["scenes.list_wide.image"], "\(warnings)")
        #expect(warnings.first?.message.contains("into the landscape 800x360 pt device") == true, "\(warnings)")
        #expect(warnings.first?.message.hasSuffix("shown on the turned device) but portrait-shaped") == true)
    }

    @Test func framedShotsCompareTheirScreenAreaNotTheWholeFile() {
        // The file (1211x2474, aspect 0.489) is 9 % off the device; its screen area is exact.
        let framed = Scene(name: "framed", image: "f.png", screen: .auto)
        let prototype = Prototype(name: "P", device: device, start: "framed", scenes: [framed])
        let fits = PrototypeChecker.aspectWarnings(for: prototype, file: "p.lua") { _, screen in
            screen == .auto ? (1080, 2400) : (1211, 2474)
        }
        #expect(fits.isEmpty)
        let stretched = PrototypeChecker.aspectWarnings(for: prototype, file: "p.lua") { _, _ in (1080, 2160) }
        #expect(stretched.first?.message.contains("(screen area 1080x2160 px, portrait, aspect 0.500)") == true)
        #expect(stretched.first?.message.contains("11 % apart") == true, "\(stretched)")
    }

    @Test func toleranceIsAFewPercent() {
        #expect(!AspectCheck.isStretched(width: 1080, height: 2340, into: device))  // 2.6 %
        #expect(AspectCheck.isStretched(width: 1080, height: 2280, into: device))  // 5.3 %
        #expect(!AspectCheck.isStretched(width: 2400, height: 1080, into: device.rotated))
    }

    // MARK: sceneflow new

    func shot(_ file: String, _ w: Int, _ h: Int) -> ScaffoldPlan.Measured {
        ScaffoldPlan.Measured(file: file, pixelWidth: w, pixelHeight: h)
    }

    @Test func namedLandscapeShotsBecomeVariantsOthersAreWarnedAbout() {
        let plan = ScaffoldPlan.plan([
            shot("home-landscape.png", 2400, 1080), shot("home.png", 1080, 2400), shot("list.png", 1080, 2400),
            shot("list_land.png", 2400, 1080), shot("video.png", 2400, 1080), shot("short.png", 1080, 1920),
        ])
        #expect(plan.device == device, "the device comes from the first portrait shot, not the first file")
        #expect(plan.shots.map(\.scene) == ["home", "list", "video", "short"])
        #expect(plan.shots[0].landscape?.image == "home-landscape.png")
        #expect(plan.shots[1].landscape?.image == "list_land.png")
        #expect(plan.shots[2].landscape == nil)
        #expect(plan.warnings.map(\.file) == ["video.png", "short.png"])
        #expect(
            plan.warnings[0].message.hasSuffix(
                "no portrait screenshot is named like it: to make it a scene's landscape variant, name it after that scene's image with _land or -landscape (e.g. home_land.png for home.png)"
            ), "\(plan.warnings[0])")
        #expect(plan.warnings[0].message.hasPrefix("scene \"video\" draws it (2400x1080 px, landscape, aspect 2.222)"))
        #expect(plan.warnings[1].message.contains("(1080x1920 px, portrait, aspect 0.562)"))
    }

    @Test func pairingIgnoresCaseSeparatorsAndWorksForOtherScripts() {
        let plan = ScaffoldPlan.plan([
            shot("Home Screen.png", 1080, 2400), shot("home_screen-Landscape.png", 2400, 1080),
            shot("日本.png", 1080, 2400),
            shot("日本_land.png", 2400, 1080), shot("wide_land.png", 2400, 1080),
        ])
        #expect(plan.shots.map(\.scene) == ["home_screen", "scene_2", "wide_land"])
        #expect(plan.shots[0].landscape?.image == "home_screen-Landscape.png")
        #expect(plan.shots[1].landscape?.image == "日本_land.png")
        #expect(plan.warnings.map(\.file) == ["wide_land.png"], "no wide.png to pair with")
    }

    @Test func fittingShotsGiveNoWarningsAndAllLandscapeSetsStayLandscape() {
        let portrait = ScaffoldPlan.plan([shot("1.png", 1080, 2400), shot("2.png", 1080, 2400)])
        #expect(portrait.warnings.isEmpty && portrait.shots.allSatisfy { $0.landscape == nil })
        let landscape = ScaffoldPlan.plan([shot("a.png", 2400, 1080), shot("a_land.png", 2400, 1080)])
        #expect(landscape.device == device.rotated)
        #expect(landscape.shots.count == 2 && landscape.warnings.isEmpty, "no pairing on a landscape device")
        let framed = ScaffoldPlan.plan([
            ScaffoldPlan.Measured(
                file: "f.png", pixelWidth: 1211, pixelHeight: 2474, screen: .auto, screenWidth: 1080, screenHeight: 2340
            )
        ])
        #expect(framed.warnings.isEmpty, "a framed shot is measured inside the frame")
    }

    @Test func scaffoldedLandscapeVariantHasItsImageAndALandscapeNext() {
        let plan = ScaffoldPlan.plan([
            shot("home.png", 1080, 2400), shot("home_land.png", 2400, 1080), shot("list.png", 1080, 2400),
        ])
        let text = ScaffoldWriter.prototypeFile(name: "D", device: plan.device, deviceSource: "x", shots: plan.shots)
        #expect(text.contains("      landscape = {\n        image = \"home_land.png\",\n"), "\(text)")
        #expect(text.contains("{ label = \"Next\", frame = {0, 306, 800, 54}, on_tap = go(\"list\""), "\(text)")
        let script = ScaffoldWriter.starterScript(name: "D", prototypePath: "..", shots: plan.shots)
        #expect(script.contains("rotate \"landscape\"\n  expect.scene \"home\"\n  tap \"Next\""), "\(script)")
    }
}
