import Testing

@testable import SceneflowCore

/// `ScaffoldPlan`'s device: the most common portrait size, never a long scroll screenshot,
/// which becomes a scroll scene instead.
@Suite struct ScaffoldDeviceTests {
    func shot(_ file: String, _ w: Int, _ h: Int) -> ScaffoldPlan.Measured {
        ScaffoldPlan.Measured(file: file, pixelWidth: w, pixelHeight: h)
    }

    /// Red-team finding P11: a narrow, very long screenshot (100x8000 px among 1080x2400 phone
    /// shots) became a scroll scene 86 400 px tall at scale 3, which `check` then refused. It
    /// now stays a plain scene, with a warning that says why and what to do.
    @Test func aScreenshotTooLongToScrollIsNotMadeAScrollScene() {
        let plan = ScaffoldPlan.plan([
            shot("home.png", 1080, 2400), shot("other.png", 1080, 2400), shot("tall.png", 100, 8000),
            shot("long.png", 1080, 9000),
        ])
        #expect(plan.device.scale == 3, "\(plan.device)")
        #expect(plan.shots.map(\.scrolls) == [false, false, false, true], "1080x9000 px is 9 000 px: it scrolls")
        let warning = plan.warnings.first { $0.file == "tall.png" }
        #expect(warning?.message.contains("does not scroll") == true, "\(plan.warnings)")
        #expect(warning?.message.contains("86400 px at scale 3, more than 16384 px") == true, "\(plan.warnings)")
        let text = ScaffoldWriter.prototypeFile(
            name: "T", device: plan.device, deviceSource: plan.deviceSource, shots: plan.shots)
        #expect(text.components(separatedBy: "scroll = {").count == 2, "only long.png scrolls: \(text)")
    }

    @Test func aLongScrollShotFirstDoesNotSetTheDevice() {
        let plan = ScaffoldPlan.plan([
            shot("a_long.png", 720, 6000), shot("b.png", 720, 1600), shot("c.png", 720, 1600),
        ])
        #expect(plan.device == Device(width: 360, height: 800, scale: 2), "\(plan.device)")
        #expect(plan.deviceSource == "Android HD+ 20:9")
        #expect(plan.shots.map(\.scrolls) == [true, false, false])
        #expect(plan.warnings.isEmpty, "a scroll scene is not stretched: \(plan.warnings)")
        let text = ScaffoldWriter.prototypeFile(
            name: "T", device: plan.device, deviceSource: plan.deviceSource, shots: plan.shots)
        #expect(text.contains("scroll = { header = 0, footer = 120 },"), "\(text)")
        #expect(text.contains("{ label = \"Next\", frame = {0, 2880, 360, 120}"), "Next in the footer: \(text)")
    }

    @Test func theMostCommonPortraitSizeWinsTiesGoToTheFirst() {
        let common = ScaffoldPlan.plan([
            shot("1.png", 1080, 1920), shot("2.png", 1080, 2400), shot("3.png", 1080, 2400), shot("4.png", 2400, 1080),
        ])
        #expect(common.device == Device(width: 360, height: 800, scale: 3))
        let tie = ScaffoldPlan.plan([shot("1.png", 1080, 1920), shot("2.png", 1080, 2400)])
        #expect(tie.device == Device(width: 360, height: 640, scale: 3))
    }
}
