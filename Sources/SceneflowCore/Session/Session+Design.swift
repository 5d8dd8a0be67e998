/// The designer features' part of a session's state: the timed-action timer and the element
/// under the finger.
struct SessionDesignState: Sendable {
    /// Which appearance of which scene the timer belongs to (stack depth, history length, scene).
    var timerKey = ""
    /// Clock time when the current scene's timed action fires, if armed.
    var timerDue: Double?
    /// When the scene on top appeared (its transition completed, a cut, a reset), clock
    /// seconds, with the timer key it appeared under: its timer counts from then, not from the
    /// next step (which would make `after = 0.5` fire one frame late).
    var appeared: (key: String, time: Double)?
    /// The pressed image to draw while the finger is down, and the element it belongs to
    /// (its scene and index among the scene's elements; drawn where that element is now).
    var pressed: (image: String, scene: String, index: Int)?
    /// Scroll offsets by scene, points.
    var scrollOffsets: [String: Double] = [:]
    /// A drag in a scroll band: where it started (screen y, points) and the offset then.
    var scrollDrag: (y: Double, offset: Double)?
    /// The orientation the device is held in.
    var orientation = Orientation.portrait
    /// A turn of the device in progress.
    var rotation: Rotation?

    /// A turn of the device: the orientation and the scene on top before, and when it started
    /// (clock seconds).
    struct Rotation {
        var from: Orientation
        var scene: String
        var start: Double
    }
}

extension Session {
    /// The overlay style of `scene` when it is shown as an overlay over another scene, else nil.
    func overlayStyle(_ scene: String) -> OverlayStyle? {
        prototype.scenes[scene]?.design.overlay
    }

    /// The screen rectangle (points) of the current scene when it is an overlay above another
    /// scene, else nil.
    public var currentOverlayFrame: Rect? {
        guard let below = sceneBelowOverlay(currentScene), let style = overlayStyle(currentScene) else { return nil }
        return style.frame(on: shownDevice(below))  // on the landscape screen when the scene below shows so
    }

    /// Handles a gesture outside the current overlay: true when it was outside (it never
    /// reaches the scene below); a tap there dismisses the overlay with `dismiss_on_outside`,
    /// and any other gesture there is logged as reaching no element, like a missed tap on a
    /// scene (the window flashes the hotspot hints for such a tap).
    func dismissesOverlay(_ gesture: Gesture, scene: Scene, at time: Double) -> Bool {
        if scrolled(gesture) { return true }
        guard let frame = currentOverlayFrame, !frame.contains(gesture.start) else { return false }
        if case .tap = gesture, scene.design.overlay?.dismissOnOutside == true {
            perform(.dismiss, source: "tap outside overlay \"\(scene.name)\"")
        } else {
            timeline.record(.gesture(gesture, scene: scene.name, element: nil), at: time)
        }
        return true
    }

    /// Starts the pressed look of the element under a press, ends it on release.
    func notePress(_ event: InputEvent) {
        noteScrollInput(event)
        switch event.phase {
        case .down:
            design.pressed = nil
            // Only the part of an element that shows can be pressed (not under a fixed header).
            if let index = visibleElementIndex(at: event.point), let image = screenElements[index].design.pressed {
                design.pressed = (image, currentScene, index)
            }
        case .up:
            design.pressed = nil
        case .move:
            break
        }
    }

    /// Notes that the scene on top appeared now, when nothing runs or waits in the navigator.
    func noteAppearance() {
        if navigator.isIdle { design.appeared = (timerKey, now) }
    }

    /// Which appearance of which scene a timer belongs to: stack depth, history length, scene.
    private var timerKey: String { "\(navigator.entries.count)/\(history.count)/\(currentScene)" }

    /// True while the current scene's timed action (`after` / `on_after`) has not fired yet for
    /// this appearance (armed, or about to be armed on the next step).
    public var timedActionPending: Bool {
        guard scene(currentScene)?.design.after != nil else { return false }
        return design.timerKey != timerKey || design.timerDue != nil
    }

    /// Arms the current scene's timed action when it has appeared, and runs it when due.
    func fireTimedActions() {
        finishRotation()
        guard navigator.isIdle else { return }
        let key = timerKey
        if design.timerKey != key {
            design.timerKey = key
            let since = design.appeared.flatMap { $0.key == key ? $0.time : nil } ?? now
            design.timerDue = scene(currentScene)?.design.after.map { since + $0.seconds }
        }
        guard let due = design.timerDue, now + 1e-9 >= due, let after = scene(currentScene)?.design.after else {
            return
        }
        design.timerDue = nil
        performTimed(
            after.action, scene: currentScene,
            source: "after \(formatNumber(after.seconds, decimals: 3))s in \(currentScene)")
    }

    /// The frame when a designer feature changes it (the device turning, an overlay shown or
    /// moving, a landscape scene, a scroll region, a pressed image), else nil for the standard
    /// composition.
    func designFrame() -> FrameDescription? {
        if let turning = rotationFrame() { return turning }
        if let overlay = overlayFrame() { return overlay }
        if navigator.mounted.contains(where: showsLandscape) { return landscapeFrame() }
        let scrolls = navigator.mounted.contains { scrollGeometry($0) != nil }
        guard scrolls || (design.pressed != nil && navigator.running == nil) else { return nil }
        var frame = sceneFrame()
        frame.layers = frame.layers.map(scrolledLayer)
        frame.layers += pressedLayers(over: frame.layers, device: frame.device)
        return frame
    }

    /// The frame for clock time `now` without control overlays: what `frame()` draws them on,
    /// and whose layers place every element (`placedElements`).
    func composedFrame() -> FrameDescription { designFrame() ?? sceneFrame() }

    /// The frame with an overlay (presented, shown, or dismissed) and the pressed image, or nil
    /// when no overlay is involved.
    func overlayFrame() -> FrameDescription? {
        if let running = navigator.running {
            let record = running.record
            let p = record.transition.curve.value(at: running.linearProgress(at: now))
            if let style = overlayStyle(record.to), navigator.entries.last?.isModal == true {
                return overlayFrame(record.from, record.to, style, p)
            }
            if let style = overlayStyle(record.from), record.to == navigator.top {
                return overlayFrame(record.to, record.from, style, 1 - p)
            }
            return nil
        }
        guard let below = sceneBelowOverlay(currentScene), let style = overlayStyle(currentScene) else { return nil }
        var frame = overlayFrame(below, currentScene, style, 1)
        frame.layers += pressedLayers(over: frame.layers, device: frame.device)
        return frame
    }

    /// `below` at rest as shown now, a black veil at `dim × p`, and the overlay at progress `p`
    /// (0…1): a bottom overlay slides up from the bottom edge, a centred one fades in. The
    /// overlay sits on the screen of `below`: turned when `below` shows in landscape (the
    /// overlay then shows its own landscape variant, if it has one).
    func overlayFrame(_ below: String, _ overlay: String, _ style: OverlayStyle, _ p: Double) -> FrameDescription {
        let device = shownDevice(below)
        let landscape = showsLandscape(below)
        let frame = style.frame(on: device)
        var veil = SceneLayer(
            scene: "", image: "", screen: .wholeImage, offset: Point(x: 0, y: 0), alpha: style.dim * p)
        veil.isScene = false
        // The card shows its whole image scaled into the overlay's rectangle; an overlay
        // never scrolls.
        var top = FrameComposer.layer(prototype, overlay, held: landscape ? .landscape : .portrait)
        top.slices = []
        top.contentHeight = nil
        top.scroll = nil
        top.size = Size(width: frame.width, height: frame.height)
        switch style.position {
        case .bottom:
            top.offset = Point(x: frame.x, y: frame.y + (device.height - frame.y) * (1 - p))
        case .center:
            top.offset = Point(x: frame.x, y: frame.y)
            top.alpha = p
        }
        return FrameDescription(device: device, layers: [layer(below, landscape: landscape), veil, top])
    }
}
