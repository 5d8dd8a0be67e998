internal import CSDL2
import Foundation
import SceneflowCore
import Testing

@testable import SceneflowSDL

/// Runs without a display: SDL's `dummy` video driver (a 1024 x 768 display, software
/// rendering into a framebuffer). Serialized because SDL's event queue is process-wide.
@Suite(.serialized) struct WindowTests {
    let device = Device(width: 360, height: 800, scale: 3)  // 1080 x 2400 px

    init() { SDLContext.useDummyVideoDriver() }

    @Test func fitsNinetyPercentOfTheDisplayButNeverMoreThanTheDevicePixels() {
        let small = WindowHandle.fittedSize(pixelWidth: 1080, pixelHeight: 2400, usableWidth: 1920, usableHeight: 1040)
        #expect(small == (421, 936))  // 0.9 * 1040 = 936 high, 936 * 0.45 = 421.2 wide
        let huge = WindowHandle.fittedSize(pixelWidth: 1080, pixelHeight: 2400, usableWidth: 8000, usableHeight: 8000)
        #expect(huge == (1080, 2400))
    }

    @Test func opensDrawsAndPresentsWithoutADisplay() throws {
        let window = try Window(title: "Store", device: device)
        #expect(window.size == (311, 691))  // dummy display 1024 x 768: 0.9 * 768 / 2400
        #expect(window.rendererName == "software")
        window.setTitle("Store — home")
        let folder = try TempFolder()
        defer { folder.remove() }
        try folder.png("home.png", RGBAImage(width: 1080, height: 2400, fill: (1, 2, 3, 255)))
        let images = window.makeTextureCache(directory: folder.path)
        try window.draw(FrameDescription(device: device, layers: [layer("home.png")]), images: images)
        window.present()
        #expect(images.count == 1)
    }

    @Test func mouseEventsArriveInPointsThroughTheView() throws {
        let window = try Window(title: "Store", device: device)
        _ = window.pollEvents()
        // Window coordinates (155, 345) of a 311 x 691 window are the screen's middle:
        // about (538, 1198) device pixels, (179.4, 399.3) points.
        var event = SDL_Event()
        event.button = SDL_MouseButtonEvent(
            type: SDL_MOUSEBUTTONDOWN.rawValue, timestamp: 0, windowID: window.id, which: 0,
            button: UInt8(SDL_BUTTON_LEFT), state: UInt8(SDL_PRESSED), clicks: 1, padding1: 0, x: 155, y: 345)
        #expect(SDL_PushEvent(&event) == 1)
        event.button.type = SDL_MOUSEBUTTONUP.rawValue
        #expect(SDL_PushEvent(&event) == 1)
        let events = window.pollEvents()
        let down = events.compactMap { if case .pointerDown(let p) = $0 { p } else { nil } }
        let up = events.compactMap { if case .pointerUp(let p) = $0 { p } else { nil } }
        #expect(down.count == 1 && up.count == 1)
        let expected = Point(x: 155 * 1080 / 311 / 3, y: 345 * 2400 / 691 / 3)
        #expect(down.first.map { $0.distance(to: expected) < 1.5 } == true, "got \(down), want about \(expected)")
    }

    @Test func oneToOneIsClampedToTheDisplayAndClicksFollowThePan() throws {
        let window = try Window(title: "Store", device: device)
        _ = window.pollEvents()
        window.setZoom(.actual)  // 1080 x 2400 px on the dummy 1024 x 768 display
        #expect(window.size == (1024, 768))
        #expect(window.view.isCropped && window.view.scale == 1)
        #expect(window.view.pan == Point(x: 28, y: 816), "the middle shows: \(window.view.pan)")
        window.pan(byWindowPixels: 0, 5000)
        var event = SDL_Event()
        event.button = SDL_MouseButtonEvent(
            type: SDL_MOUSEBUTTONDOWN.rawValue, timestamp: 0, windowID: window.id, which: 0,
            button: UInt8(SDL_BUTTON_LEFT), state: UInt8(SDL_PRESSED), clicks: 1, padding1: 0, x: 0, y: 767)
        #expect(SDL_PushEvent(&event) == 1)
        let down = window.pollEvents().compactMap { if case .pointerDown(let p) = $0 { p } else { nil } }
        // Window (0, 767) shows device pixel (28, 2399) once panned to the bottom: (9.33, 799.67) pt.
        let expected = Point(x: 28.0 / 3, y: 2399.0 / 3)
        #expect(down.count == 1 && down.first.map { $0.distance(to: expected) < 1e-9 } == true, "\(down)")
        window.setZoom(.fit)
        #expect(window.size == (311, 691) && !window.view.isCropped)
    }

    @Test func keysBecomeBackNamedKeysAndQuit() throws {
        let window = try Window(title: "Store", device: device)
        _ = window.pollEvents()
        func key(_ code: SDL_KeyCode) {
            var event = SDL_Event()
            event.key.type = SDL_KEYDOWN.rawValue
            event.key.windowID = window.id
            event.key.keysym.sym = Int32(code.rawValue)
            SDL_PushEvent(&event)
        }
        key(SDLK_ESCAPE)
        key(SDLK_BACKSPACE)
        key(SDLK_t)
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
        SDL_PushEvent(&quit)
        #expect(window.waitEvents(timeout: 0.5))
        var events: [WindowEvent] = []
        window.pollEvents(into: &events)
        #expect(events == [.back, .back, .key("T"), .quit])
        #expect(!window.waitEvents(timeout: 0.01))
    }
}
