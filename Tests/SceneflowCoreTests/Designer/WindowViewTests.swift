import Testing

@testable import SceneflowCore

/// The window's zoom, pan and input mapping, and where a resized window goes.
@Suite struct WindowViewTests {
    let phone = Size(width: 1080, height: 2400)  // 360 x 800 pt at scale 3

    @Test func fitScalesTheWholeScreenAndCentresItInTheWindow() {
        let v = WindowView(content: phone, window: Size(width: 500, height: 922), zoom: .fit)
        #expect(abs(v.scale - 922.0 / 2400) < 1e-12)
        #expect(!v.isCropped)
        #expect(v.origin.y == 0 && v.origin.x == 110, "(500 / 0.3842 - 1080) / 2 = 110.8, down: \(v.origin)")
        let p = v.point(atWindow: Point(x: 250, y: 461), deviceScale: 3)
        #expect(abs(p.x - (250 / v.scale - 110) / 3) < 1e-9 && abs(p.y - 400) < 1e-9, "\(p)")
    }

    @Test func actualSizeLargerThanTheWindowIsCroppedAndPansWithinIt() {
        var v = WindowView(content: phone, window: Size(width: 1080, height: 1024), zoom: .fit)
        v.set(zoom: .actual)
        #expect(v.scale == 1 && v.isCropped)
        #expect(v.visible == Rect(x: 0, y: 688, width: 1080, height: 1024), "the middle stays: \(v.visible)")
        #expect(v.origin.x == 0 && v.origin.y == -688)
        // Window pixel (540, 100) shows device pixel (540, 788) = point (180, 262.67).
        let p = v.point(atWindow: Point(x: 540, y: 100), deviceScale: 3)
        #expect(p.x == 180 && abs(p.y - 788.0 / 3) < 1e-9, "\(p)")
        let moved = v.pan(byWindowPixels: 0, 5000)
        #expect(moved)
        #expect(v.pan == Point(x: 0, y: 1376), "clamped to the hidden 2400 - 1024 px")
        let stuck = v.pan(byWindowPixels: 0, 1)
        #expect(!stuck, "at the end")
        #expect(v.devicePixel(atWindow: Point(x: 0, y: 1023)) == Point(x: 0, y: 2399))
        let back = v.pan(byWindowPixels: -300, -5000)
        #expect(back)
        #expect(v.pan == Point(x: 0, y: 0), "no horizontal room: x stays 0")
    }

    @Test(arguments: [WindowZoom.fit, .actual, .half])
    func windowPixelOfAPointMapsBackToThePoint(zoom: WindowZoom) {
        // Generated windows (narrow, wide, smaller and larger than the screen) and pans: the
        // pixel a made-up click lands on is read back as the point it aimed at, so in-process
        // clicks (`bench --memory --window`) take the mouse's mapping.
        for (width, height) in [(500.0, 922.0), (1280, 1024), (390, 844), (2000, 700), (1080, 2400)] {
            var v = WindowView(content: phone, window: Size(width: width, height: height), zoom: .fit)
            v.set(zoom: zoom)
            _ = v.pan(byWindowPixels: 37, 211)
            for point in [Point(x: 0, y: 0), Point(x: 180, y: 400), Point(x: 359.5, y: 799.5), Point(x: 12.25, y: 633)]
            {
                let pixel = v.windowPixel(ofPoint: point, deviceScale: 3)
                let back = v.point(atWindow: pixel, deviceScale: 3)
                #expect(
                    abs(back.x - point.x) < 1e-9 && abs(back.y - point.y) < 1e-9,
                    "\(zoom) \(width)x\(height): \(point) -> \(pixel) -> \(back)")
            }
        }
        let v = WindowView(content: phone, window: Size(width: 500, height: 922), zoom: .fit)
        let centre = v.windowPixel(ofPoint: Point(x: 180, y: 400), deviceScale: 3)
        #expect(abs(centre.y - 461) < 1e-9, "the middle of the screen is the middle of the window: \(centre)")
    }

    @Test func windowPixelRectsBecomePointsOfTheVisiblePartAtEveryZoom() {
        // 1:1, panned to device pixel y 688: 30 window px = 30 device px = 10 pt, from the visible top.
        var v = WindowView(content: phone, window: Size(width: 1080, height: 1024), zoom: .fit)
        v.set(zoom: .actual)
        let r = Rect(x: 8, y: 28, width: 30, height: 60)
        let p = v.points(ofWindowRect: r, deviceScale: 3)
        #expect(abs(p.x - 8.0 / 3) < 1e-9 && abs(p.y - 716.0 / 3) < 1e-9 && p.width == 10 && p.height == 20, "\(p)")
        #expect(v.visibleWindowSize == Size(width: 1080, height: 1024))
        // At 50 % a window pixel is two device pixels: 30 px = 20 pt.
        v.set(zoom: .half)
        #expect(v.points(ofWindowRect: r, deviceScale: 3).width == 20)
        #expect(v.visibleWindowSize == Size(width: 540, height: 1024), "the screen is narrower than the window")
    }

    @Test func halfSizePansInDevicePixelsAtTwoPerWindowPixel() {
        var v = WindowView(content: phone, window: Size(width: 540, height: 1000), zoom: .half)
        #expect(v.isCropped && v.visible.height == 2000)
        v.pan(byWindowPixels: 0, 100)
        #expect(v.pan.y == 200)
        #expect(v.devicePixel(atWindow: Point(x: 10, y: 10)) == Point(x: 20, y: 220))
        v.set(zoom: .fit)
        #expect(!v.isCropped && v.pan == Point(x: 0, y: 0))
    }

    @Test func aWiderWindowCentresAndATurnedDeviceStartsAtTheTopLeft() {
        var v = WindowView(content: phone, window: Size(width: 1280, height: 1000), zoom: .actual)
        #expect(v.origin.x == 100, "(1280 - 1080) / 2 of black bars")
        #expect(v.devicePixel(atWindow: Point(x: 100, y: 0)) == Point(x: 0, y: 0))
        v.pan(byWindowPixels: 0, 700)
        v.set(content: Size(width: 2400, height: 1080))
        #expect(v.pan == Point(x: 0, y: 0) && v.isCropped)
        v.resize(window: Size(width: 2400, height: 1080))
        #expect(!v.isCropped)
    }

    @Test func aWindowThatWouldRunOffTheDisplayIsClampedAndCentred() {
        let usable = Rect(x: 0, y: 0, width: 1280, height: 1024)
        let tall = WindowPlacement.frame(
            size: Size(width: 1080, height: 2400), position: Point(x: 432, y: 51), usable: usable)
        #expect(tall == Rect(x: 100, y: 0, width: 1080, height: 1024))
        let fits = WindowPlacement.frame(
            size: Size(width: 300, height: 600), position: Point(x: 432, y: 51), usable: usable)
        #expect(fits == Rect(x: 432, y: 51, width: 300, height: 600), "inside: stays where it is")
        let turned = WindowPlacement.frame(
            size: Size(width: 1152, height: 576), position: Point(x: 432, y: 51), usable: usable)
        #expect(turned == Rect(x: 64, y: 224, width: 1152, height: 576), "ran off the right edge: centred")
        let panel = Rect(x: 0, y: 30, width: 1280, height: 994)  // a top panel of 30
        let framed = WindowPlacement.frame(
            size: Size(width: 1080, height: 2400), position: Point(x: 0, y: 0), usable: panel,
            borders: .init(top: 24, left: 2, bottom: 2, right: 2))
        #expect(framed == Rect(x: 100, y: 54, width: 1080, height: 968), "client area inside with its title bar")
    }

    @Test func leavingACroppedZoomCentresTheWindowAgain() {
        let usable = Rect(x: 0, y: 0, width: 1280, height: 1024)
        let fit = WindowPlacement.frame(
            size: Size(width: 415, height: 922), position: Point(x: 0, y: 0),
            current: Size(width: 1280, height: 1024), usable: usable)
        #expect(fit == Rect(x: 432, y: 51, width: 415, height: 922), "was filling the display: centred")
        let moved = WindowPlacement.frame(
            size: Size(width: 415, height: 922), position: Point(x: 10, y: 20),
            current: Size(width: 830, height: 1000), usable: usable)
        #expect(moved == Rect(x: 10, y: 20, width: 415, height: 922), "a window that fitted stays where it was put")
    }
}
