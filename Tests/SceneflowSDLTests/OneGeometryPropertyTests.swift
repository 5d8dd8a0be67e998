import Foundation
import SceneflowCore
import SceneflowSDL
import Testing

/// Issue 13 item 2: one geometry for drawing, hit testing and reading. Generated prototypes put
/// one element ("Subject") of each kind (hotspot, star rating, element with a pressed image) in
/// each container (the full scene, a bottom or centred overlay of a generated size, a landscape
/// variant, a scroll region at several offsets, its fixed footer, and scenes caught in the
/// middle of a push or an overlay's slide) at generated places. For every case: the frame the
/// session reports (`screenElements`, what `element()` returns) is where the H outline is, where
/// the stars or the pressed image are drawn (pixels of an offscreen render), where a press at
/// its centre lands, and a press just outside it does not land on it; a star rating reads the
/// same value and accessibility value as in a full-screen scene.
@Suite("One geometry: every element kind in every container is drawn, hit and reported at one place")
struct OneGeometryPropertyTests {
    /// 200 x 400 pt at scale 2 (400 x 800 px): points and pixels differ, so a mix-up shows.
    static let device = Device(width: 200, height: 400, scale: 2)
    static let gold: (UInt8, UInt8, UInt8) = (255, 200, 0)
    static let magenta: (UInt8, UInt8, UInt8) = (255, 0, 255)

    enum Kind: CaseIterable { case hotspot, starRating, pressed }

    enum Container: CustomStringConvertible {
        case full
        case overlay(OverlayStyle.Position, Size)
        case landscape
        case landscapeSequence
        case scroll(offset: Double)
        case scrollFooter
        case midPush
        case midSlide(Size)
        case midScrollPush(offset: Double)

        var description: String {
            switch self {
            case .full: "full scene"
            case .overlay(let p, let s): "\(p) overlay \(formatNumber(s.width))x\(formatNumber(s.height))"
            case .landscape: "landscape variant"
            case .landscapeSequence: "second scene of a landscape sequence"
            case .scroll(let o): "scroll region at offset \(formatNumber(o))"
            case .scrollFooter: "scroll region's footer"
            case .midPush: "scene in the middle of a push"
            case .midSlide(let s): "bottom overlay \(formatNumber(s.width))x\(formatNumber(s.height)) mid-slide"
            case .midScrollPush(let o): "scroll region at \(formatNumber(o)) in the middle of a push"
            }
        }
    }

    /// A small deterministic generator (SplitMix64), so every run checks the same cases.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        /// A whole number of points from `low` to `high`.
        mutating func points(_ low: Double, _ high: Double) -> Double {
            guard high > low else { return low }
            return low + Double(next() % UInt64(high - low + 1))
        }
    }

    static let content = 1000.0  // scroll content height, points
    static let header = 40.0
    static let footer = 50.0

    /// The containers checked, with generated sizes and offsets.
    static func containers(_ g: inout Generator) -> [Container] {
        var list: [Container] = [.full, .landscape, .landscapeSequence, .scrollFooter, .midPush]
        for position in OverlayStyle.Position.allCases {
            for _ in 0..<2 {
                list.append(.overlay(position, Size(width: g.points(130, 200), height: g.points(110, 300))))
            }
        }
        for offset in [0, g.points(1, 599), 600] { list.append(.scroll(offset: offset)) }
        list.append(.midSlide(Size(width: 200, height: g.points(150, 300))))
        list.append(.midScrollPush(offset: 0))
        return list
    }

    /// The area (in the coordinates the element is declared in) where the element may go,
    /// and the element's size range.
    static func area(_ container: Container, _ g: inout Generator) -> Rect {
        switch container {
        case .full, .midPush: return Rect(x: 0, y: 0, width: 200, height: 400)
        case .overlay(_, let size), .midSlide(let size): return Rect(x: 0, y: 0, width: size.width, height: size.height)
        case .landscape, .landscapeSequence: return Rect(x: 0, y: 0, width: 400, height: 200)
        case .scroll(let offset), .midScrollPush(let offset):
            // In the middle band at this offset (image points).
            return Rect(x: 0, y: offset + header, width: 200, height: 400 - header - footer)
        case .scrollFooter: return Rect(x: 0, y: content - footer, width: 200, height: footer)
        }
    }

    static func element(_ kind: Kind, in area: Rect, _ g: inout Generator) -> Element {
        let width = g.points(min(80, area.width - 4), min(180, area.width - 4))
        let height = g.points(min(30, area.height - 4), min(90, area.height - 4))
        let frame = Rect(
            x: area.x + g.points(2, area.width - width - 2), y: area.y + g.points(2, area.height - height - 2),
            width: width, height: height)
        switch kind {
        case .hotspot:
            return Element(label: "Subject", frame: frame, onTap: .script(ScriptFunctionRef(id: 1)))
        case .starRating:
            let rating = StarRating(starImage: "empty.png", highlightedImage: "lit.png", touchBand: 6)
            return Element(label: "Subject", frame: frame, kind: "star_rating", control: .starRating(rating))
        case .pressed:
            var element = Element(label: "Subject", frame: frame, onTap: .script(ScriptFunctionRef(id: 1)))
            element.design.pressed = "pressed.png"
            return element
        }
    }

    /// The prototype for one case: "presenter" (the start) leads to "target", which holds the
    /// element, by a cut, a push, or as an overlay.
    static func prototype(_ kind: Kind, _ container: Container, _ g: inout Generator, folder: String) -> Prototype {
        let subject = element(kind, in: area(container, &g), &g)
        var target = Scene(name: "target", image: "target.png", elements: [subject])
        var action = Action.go(scene: "target", transition: .cut)
        switch container {
        case .full, .scroll, .scrollFooter, .landscapeSequence: break
        case .midPush, .midScrollPush:
            action = .go(scene: "target", transition: Transition(kind: .pushLeft, duration: 1, curve: .linear))
        case .overlay(let position, let size):
            target.image = "card.png"
            target.design.overlay = OverlayStyle(position: position, dim: 0.4, size: size)
            action = .present(
                scene: "target",
                transition: Transition(
                    kind: position == .bottom ? .coverUp : .crossfade, duration: 0.3, curve: .easeOut))
        case .midSlide(let size):
            target.image = "card.png"
            target.design.overlay = OverlayStyle(position: .bottom, dim: 0.4, size: size)
            action = .present(scene: "target", transition: Transition(kind: .coverUp, duration: 1, curve: .linear))
        case .landscape:
            target.elements = []
            target.design.landscape = LandscapeVariant(image: "wide.png", elements: [subject])
        }
        switch container {
        case .scroll, .scrollFooter, .midScrollPush:
            target.image = "tall.png"
            target.design.scroll = ScrollRegion(header: header, footer: footer, contentHeight: content)
        default: break
        }
        var presenter = Scene(
            name: "presenter", image: "presenter.png",
            elements: [Element(label: "Open", frame: Rect(x: 0, y: 0, width: 200, height: 400), onTap: action)])
        if case .landscapeSequence = container {
            // presenter turned shows "first"; its "Next" leads to the target, in landscape points.
            target.image = "wide.png"
            presenter.elements = []
            presenter.design.landscapeSequence = ["first", "target"]
            let first = Scene(
                name: "first", image: "wide.png",
                elements: [Element(label: "Next", frame: Rect(x: 0, y: 0, width: 400, height: 200), onTap: action)])
            return Prototype(
                name: "G", device: device, start: "presenter", scenes: [presenter, first, target], directory: folder)
        }
        return Prototype(name: "G", device: device, start: "presenter", scenes: [presenter, target], directory: folder)
    }

    /// Steps the session at 60 Hz for `seconds`.
    static func run(_ s: Session, for seconds: Double) {
        let end = s.now + seconds
        var t = s.now
        while t < end - 1e-9 {
            t += 1.0 / 60
            s.step(to: t)
            s.framePresented()
        }
    }

    static func tap(_ s: Session, _ p: Point) {
        s.schedule(InputEvent(.down, p, at: s.now))
        s.schedule(InputEvent(.up, p, at: s.now + 0.05))
        run(s, for: 0.6)  // past the double-tap window
    }

    /// Writes the images: solid colours, so a pixel says what was drawn there.
    static func writeImages(_ folder: TempFolder) throws {
        func solid(_ name: String, _ w: Int, _ h: Int, _ c: (UInt8, UInt8, UInt8)) throws {
            try folder.png(name, RGBAImage(width: w, height: h, fill: (c.0, c.1, c.2, 255)))
        }
        try solid("presenter.png", 400, 800, (20, 40, 120))
        try solid("target.png", 400, 800, (40, 40, 40))
        try solid("card.png", 400, 800, (250, 250, 250))
        try solid("wide.png", 800, 400, (60, 20, 60))
        try solid("tall.png", 400, 2000, (20, 110, 40))
        try solid("empty.png", 20, 20, (128, 128, 128))
        try solid("lit.png", 20, 20, gold)
        try solid("pressed.png", 40, 40, magenta)
    }

    /// Brings the session to the case's moment: the target shown (turned, scrolled) at rest,
    /// or halfway through the transition for the mid-transition containers.
    static func arrive(_ s: Session, _ container: Container) {
        let open = Point(x: 100, y: 200)  // "Open", through the finger's path
        switch container {
        case .midPush, .midSlide, .midScrollPush:
            s.schedule(InputEvent(.down, open, at: s.now))
            s.schedule(InputEvent(.up, open, at: s.now + 0.05))
            run(s, for: 0.05)
            return
        case .landscapeSequence:
            s.rotate(to: .landscape)
            run(s, for: 0.5)
            tap(s, Point(x: 200, y: 100))  // "Next" on the first scene of the sequence
            return
        default:
            tap(s, open)
        }
        switch container {
        case .midPush, .midSlide, .midScrollPush:
            break
        case .landscape:
            s.rotate(to: .landscape)
            run(s, for: 0.5)
        case .landscapeSequence:
            break
        case .scroll(let offset):
            s.scroll(by: offset)
            run(s, for: 0.1)
        case .scrollFooter, .full, .overlay:
            run(s, for: 0.5)
        }
    }

    static func isColour(_ image: RGBAImage, _ p: Point, _ c: (UInt8, UInt8, UInt8), scale: Double) -> Bool {
        let x = Int((p.x * scale).rounded(.down))
        let y = Int((p.y * scale).rounded(.down))
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return false }
        let px = image.pixel(x: x, y: y)
        return px.r == c.0 && px.g == c.1 && px.b == c.2
    }

    /// Points 1.5 pt outside each side of `frame`, at the middle of the side, that lie on
    /// `screen`.
    static func justOutside(_ frame: Rect, screen: Rect) -> [Point] {
        [
            Point(x: frame.x - 1.5, y: frame.center.y), Point(x: frame.maxX + 1.5, y: frame.center.y),
            Point(x: frame.center.x, y: frame.y - 1.5), Point(x: frame.center.x, y: frame.maxY + 1.5),
        ].filter { screen.contains($0) }
    }

    @Test func everyKindInEveryContainerIsDrawnHitAndReportedAtOnePlace() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        try Self.writeImages(folder)
        let renderer = try OffscreenRenderer(device: Self.device)
        let images = renderer.makeTextureCache(directory: folder.path)
        var g = Generator(state: 13)
        var failures: [String] = []
        var checked = 0
        for container in Self.containers(&g) {
            for kind in Kind.allCases {
                for _ in 0..<2 {
                    let prototype = Self.prototype(kind, container, &g, folder: folder.path)
                    let problems = try Self.check(kind, container, prototype, renderer: renderer, images: images)
                    failures += problems.map { "\(kind) in \(container): \($0)" }
                    checked += 1
                }
            }
        }
        #expect(checked >= 78)
        let report = "\(failures.count) problems:\n" + failures.prefix(40).joined(separator: "\n")
        #expect(failures.isEmpty, "\(report)")
    }

    /// The checks for one generated prototype; returns what went wrong.
    static func check(
        _ kind: Kind, _ container: Container, _ prototype: Prototype, renderer: OffscreenRenderer, images: TextureCache
    ) throws -> [String] {
        var problems: [String] = []
        let s = Session(prototype: prototype)
        arrive(s, container)
        let midTransition: Bool
        switch container {
        case .midPush, .midSlide, .midScrollPush:
            run(s, for: 0.5)
            midTransition = true
        default:
            midTransition = false
        }
        guard let element = s.screenElements.first(where: { $0.label == "Subject" }) else {
            return ["\"Subject\" is not among the elements reported on screen (scene \(s.currentScene))"]
        }
        let reported = element.frame
        let screen = s.screenBounds
        let scale = prototype.device.scale

        // Reading: a star rating reads as it does in a full-screen scene.
        if kind == .starRating {
            if s.value(of: element) != "No rating" {
                problems.append("accessibility value \(String(describing: s.value(of: element))), not \"No rating\"")
            }
            if s.starRating(of: element)?.value != 0 {
                problems.append("value \(String(describing: s.starRating(of: element)?.value)), not 0")
            }
        }
        // Mid-transition: reported where the scene's image is drawn now, i.e. where it is at
        // rest moved as far as the scene's layer has moved.
        if midTransition {
            problems += movesWithItsScene(reported, s, prototype, container)
        }
        // H draws the outline where the element is reported.
        if !midTransition, s.visibleOutline.elements.first(where: { $0.label == "Subject" })?.frame != reported {
            problems.append(
                "H outlines \(String(describing: s.visibleOutline.elements.first { $0.label == "Subject" }?.frame)), element() reports \(reported)"
            )
        }

        // Drawing: the lit stars or the pressed image are where the element is reported.
        switch kind {
        case .starRating:
            if !midTransition { _ = try? s.setControlValue("Subject", 5) }
            let tracker = s.starRating(of: element)
            if midTransition || tracker?.value == 5 {
                let frame = midTransition ? s.frame() : s.frame()
                try renderer.draw(frame, images: images)
                let image = try renderer.capture()
                let rating = element.control!.starRating!
                let layout = StarRatingLayout(rating, frame: reported)
                let wanted = midTransition ? 0.0 : 5.0
                for (i, glyph) in layout.glyphs.enumerated() where screen.contains(glyph.center) {
                    let lit = isColour(image, glyph.center, gold, scale: scale)
                    let empty = isColour(image, glyph.center, (128, 128, 128), scale: scale)
                    if wanted == 5 ? !lit : !empty {
                        problems.append(
                            "star \(i + 1) is not drawn at \(glyph.center) (glyph of reported frame \(reported))")
                        break
                    }
                }
                for p in justOutside(reported, screen: screen)
                where isColour(image, p, gold, scale: scale) || isColour(image, p, (128, 128, 128), scale: scale) {
                    problems.append("a star is drawn at \(p), outside the reported frame \(reported)")
                    break
                }
                if !midTransition { _ = try? s.setControlValue("Subject", 0) }
            } else {
                problems.append("set_value on \"Subject\" did not take (value \(String(describing: tracker?.value)))")
            }
        case .pressed where !midTransition:
            s.handle(InputEvent(.down, reported.center, at: s.now))
            try renderer.draw(s.frame(), images: images)
            let image = try renderer.capture()
            if !isColour(image, reported.center, magenta, scale: scale) {
                problems.append("pressed at the centre of \(reported): the pressed image is not drawn there")
            }
            for p in justOutside(reported, screen: screen) where isColour(image, p, magenta, scale: scale) {
                problems.append("the pressed image is drawn at \(p), outside the reported frame \(reported)")
                break
            }
            s.handle(InputEvent(.up, reported.center, at: s.now + 0.05))
            run(s, for: 0.6)
        default:
            break
        }
        if midTransition { return problems }

        // Hitting: just outside does not land on it, the centre does.
        for p in justOutside(reported, screen: screen) {
            let before = s.timeline.events.count
            tap(s, p)
            if landed(kind, s, since: before) { problems.append("a press at \(p), outside \(reported), landed on it") }
            if s.currentScene != "target" {
                return problems + ["a press at \(p) left the scene (now \(s.currentScene))"]
            }
        }
        let before = s.timeline.events.count
        tap(s, reported.center)
        if !landed(kind, s, since: before) {
            problems.append(
                "a press at the centre \(reported.center) of the reported frame \(reported) did not land on it")
        }
        return problems
    }

    /// Problems when `reported` (mid-transition) is not the element's frame at rest moved as
    /// far as the scene's layer is from its place at rest.
    static func movesWithItsScene(_ reported: Rect, _ s: Session, _ prototype: Prototype, _ container: Container)
        -> [String]
    {
        let rest = Session(prototype: prototype)
        arrive(rest, container)
        run(rest, for: 1.5)
        guard let atRest = rest.screenElements.first(where: { $0.label == "Subject" })?.frame,
            let restLayer = rest.frame().layers.last(where: { $0.scene == "target" }),
            let layer = s.frame().layers.last(where: { $0.scene == "target" })
        else { return ["no layer or element of scene \"target\" to compare with"] }
        let expected = Rect(
            x: atRest.x + layer.offset.x - restLayer.offset.x, y: atRest.y + layer.offset.y - restLayer.offset.y,
            width: atRest.width, height: atRest.height)
        guard abs(expected.x - reported.x) > 1e-6 || abs(expected.y - reported.y) > 1e-6 else { return [] }
        return [
            "reported at \(reported) while its scene is drawn moved by \(layer.offset) (at rest \(restLayer.offset), element at \(atRest)): expected \(expected)"
        ]
    }

    /// True when the input since event `index` reached "Subject": a tap on it (hotspot,
    /// pressed), or a changed value (star rating).
    static func landed(_ kind: Kind, _ s: Session, since index: Int) -> Bool {
        let events = s.timeline.events[index...]
        switch kind {
        case .starRating:
            return events.contains {
                if case .controlValue(let label, _, _, _) = $0.kind { label == "Subject" } else { false }
            }
        case .hotspot, .pressed:
            return events.contains {
                if case .gesture(.tap, _, let label) = $0.kind { label == "Subject" } else { false }
            }
        }
    }
}
