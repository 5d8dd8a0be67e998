import Foundation
import Testing

/// `sceneflow play` without a display, and with SDL's dummy video driver.
@Suite struct PlayTests {
    @Test func playWithoutDisplayExits70WithHeadlessHint() throws {
        let r = try Sceneflow.run(
            ["play", "Prototypes/Notes"],
            environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil], timeout: 20)
        #expect(r.status == 70, "\(r)")
        #expect(r.stderr.contains("no display"), "\(r)")
        #expect(r.stderr.contains("sceneflow test"), "\(r)")
        #expect(r.stderr.contains("--frames"), "\(r)")
        #expect(r.didNotCrash)
    }

    @Test func playWithDummyDriverQuitsAfterHalfASecond() throws {
        let r = try Sceneflow.run(["play", "Prototypes/Notes", "--quit-after", "0.5"], timeout: 20)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("playing Notes"), "\(r)")
        #expect(r.seconds >= 0.5 && r.seconds < 10, "\(r)")
    }

    @Test func playRejectsBadPrototypeBeforeOpeningAWindow() throws {
        let tmp = try TempFolder()
        let r = try Sceneflow.run(["play", tmp.file("absent")], timeout: 20)
        #expect(r.status == 65, "\(r)")
        #expect(r.stderr.contains("no prototype folder at \(tmp.file("absent"))"), "\(r)")
    }
}
