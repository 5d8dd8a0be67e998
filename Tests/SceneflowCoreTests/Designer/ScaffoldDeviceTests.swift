import Testing

@testable import SceneflowCore

/// `ScaffoldPlan`'s device: the most common portrait size, never a long scroll screenshot,
/// which becomes a scroll scene instead.
@Suite struct ScaffoldDeviceTests {
    func shot(_ file: String, _ w: Int, _ h: Int) -> ScaffoldPlan.Measured {
        ScaffoldPlan.Measured(file: file, pixelWidth: w, pixelHeight: h)
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
