/// Turning the device in a session: landscape variants, separate landscape scenes, the turn's
/// rotation, and frames of scenes shown in landscape (see the Prototype format article, "Orientation", in Sceneflow.docc).
extension Session {
    /// How long turning the device takes: the screen rotates a quarter into the turned one
    /// (seconds).
    public static let rotationDuration = 0.3

    /// The orientation the device is held in.
    public var orientation: Orientation { design.orientation }

    /// True when `scene` is shown in landscape now: a landscape scene (named by another's
    /// `landscape = "name"`) always; a scene with a landscape variant while the device is in
    /// landscape; the overlay on top when the scene below it shows in landscape and the
    /// overlay has a landscape variant of its own.
    public func showsLandscape(_ scene: String) -> Bool {
        if let below = sceneBelowOverlay(scene) {
            // The scene below is not on top, so the prototype's rule decides for it; asking
            // `showsLandscape(below)` recursed without end when an overlay scene lay over
            // itself (`present("home", {overlay = true})` in "home": red-team finding M8).
            return prototype.showsLandscape(below, held: design.orientation)
                && prototype.scenes[scene]?.design.landscape != nil
        }
        return prototype.showsLandscape(scene, held: design.orientation)
    }

    /// The scene under `scene` when `scene` is the overlay on top of the stack, else nil.
    func sceneBelowOverlay(_ scene: String) -> String? {
        let entries = navigator.entries
        guard scene == currentScene, entries.count >= 2, overlayStyle(scene) != nil else { return nil }
        return entries[entries.count - 2].scene
    }

    /// `scene` as it is shown now: with its landscape image, elements and scroll region when
    /// its landscape variant shows (a landscape scene is itself already).
    func activeScene(_ scene: Scene) -> Scene {
        guard scene.design.portraitScene == nil, let variant = scene.design.landscape, showsLandscape(scene.name) else {
            return scene
        }
        var shown = scene
        shown.image = variant.image
        shown.screen = variant.screen
        shown.elements = variant.elements
        shown.design.scroll = variant.scroll
        return shown
    }

    /// Turns the device to `orientation` (nothing when it is already held so). The screen
    /// rotates a quarter into the turned one over `rotationDuration` (`rotationFrame()`); the
    /// session is not settled meanwhile. When
    /// the scene on top has a separate landscape scene (`landscape = "name"`) that scene
    /// replaces it on top, and turning back shows the portrait scene again, from any scene of
    /// its landscape sequence (`Navigator.showTopAsTurned()`; the appearance lifecycle is
    /// recorded for both, not animated).
    /// Returns false (and does nothing) during a navigation transition.
    @discardableResult
    public func rotate(to orientation: Orientation) -> Bool {
        guard navigator.running == nil else { return false }
        guard orientation != design.orientation else { return true }
        let before = shownDevice(sceneBelowOverlay(currentScene) ?? currentScene)
        let cuts = turnCuts(from: currentScene)
        design.rotation =
            cuts ? nil : SessionDesignState.Rotation(from: design.orientation, scene: currentScene, start: now)
        design.orientation = orientation
        design.pressed = nil
        design.scrollDrag = nil
        navigator.heldLandscape = orientation == .landscape
        if let before = navigator.showTopAsTurned() {
            let after = currentScene
            let calls: [(LifecycleEvent.Phase, String)] = [
                (.willAppear, after), (.willDisappear, before), (.didDisappear, before), (.didAppear, after),
            ]
            for (phase, scene) in calls { timeline.record(.lifecycle(.init(phase, scene, animated: false)), at: now) }
            noteHistory()
        }
        let rotates = before != shownDevice(sceneBelowOverlay(currentScene) ?? currentScene)
        timeline.record(
            .turn(to: orientation, duration: cuts ? 0 : Self.rotationDuration, rotates: rotates), at: now)
        return true
    }

    /// True when a turn of the device with `scene` on top goes into or out of a landscape
    /// sequence declared with `turn = "none"`: the owner's (the portrait scene turning to its
    /// sequence, or the owner of the sequence scene turning upright).
    func turnCuts(from scene: String) -> Bool {
        let owner = prototype.scenes[scene]?.design.portraitScene ?? scene
        return prototype.scenes[owner]?.design.landscapeTurn == LandscapeTurn.none
    }

    /// How far the device's turn is (0…1, linear in time over `rotationDuration`), or nil when
    /// it is not turning.
    public var turnProgress: Double? {
        design.rotation.map { min(max((now - $0.start) / Self.rotationDuration, 0), 1) }
    }

    /// The device for frames of `scene`: turned when the scene shows in landscape.
    func shownDevice(_ scene: String) -> Device {
        showsLandscape(scene) ? prototype.device.rotated : prototype.device
    }

    /// A still layer of `scene` as shown now (its landscape image in landscape), scrolled.
    func shownLayer(_ scene: String) -> SceneLayer { layer(scene, landscape: showsLandscape(scene)) }

    /// A still layer of `scene` as shown with the device held in landscape (`landscape`) or
    /// portrait, at its scroll offset in that orientation.
    func layer(_ scene: String, landscape: Bool) -> SceneLayer {
        scrolledLayer(FrameComposer.layer(prototype, scene, held: landscape ? .landscape : .portrait))
    }

    /// Ends a finished rotation.
    func finishRotation() {
        if let r = design.rotation, now + 1e-9 >= r.start + Self.rotationDuration { design.rotation = nil }
    }

    /// The frame while the device turns, or nil: the screen after the turn, with the screen
    /// before it (the scene then on top, as held before; an overlay over the scene below it)
    /// rotating a quarter into it (`FrameTurn`, eased in and out over `rotationDuration`). When
    /// both screens have the same size (a portrait-only scene stays upright) nothing turns:
    /// the screen after the turn at rest.
    func rotationFrame() -> FrameDescription? {
        guard let r = design.rotation else { return nil }
        let held = design.orientation
        design.orientation = r.from  // drawn as held before the turn
        let before = restingFrame(r.scene)
        design.orientation = held
        var frame = restingFrame(currentScene)
        guard before.device != frame.device else { return frame }
        let t = min(max((now - r.start) / Self.rotationDuration, 0), 1)
        frame.turn = FrameTurn.between(
            from: before.device, before.layers, to: frame.device, progress: TimingCurve.easeInOut.value(at: t))
        return frame
    }

    /// `scene` at rest as shown with the device held as now: over the scene below when it is
    /// the overlay on top.
    func restingFrame(_ scene: String) -> FrameDescription {
        if scene == currentScene, let overlay = overlayFrame() { return overlay }
        return FrameDescription(device: shownDevice(scene), layers: [shownLayer(scene)])
    }

    /// The frame when a mounted scene shows in landscape: the device turned, landscape
    /// screenshots; a transition between a landscape and a portrait-only scene is drawn as
    /// the device turning (`FrameTurn`) over its duration and timing curve.
    func landscapeFrame() -> FrameDescription {
        let device = shownDevice(currentScene)
        guard let running = navigator.running else {
            let layers = [shownLayer(currentScene)]
            return FrameDescription(device: device, layers: layers + pressedLayers(over: layers, device: device))
        }
        let record = running.record
        let to = shownDevice(record.to)
        let p = record.transition.curve.value(at: running.linearProgress(at: now))
        guard shownDevice(record.from) == to, record.transition.isAnimated else {
            var frame = FrameDescription(device: to, layers: [shownLayer(record.to)])
            if record.transition.isAnimated {
                frame.turn = FrameTurn.between(
                    from: shownDevice(record.from), [shownLayer(record.from)], to: to, progress: p)
            }
            return frame
        }
        let layers = FrameComposer.layers(
            kind: record.transition.kind, progress: p, size: Size(width: to.width, height: to.height),
            from: shownLayer(record.from), to: shownLayer(record.to))
        return FrameDescription(device: to, layers: layers)
    }

    /// The device of the screen as shown now: the scene on top's, or for an overlay on top the
    /// scene below it's (turned when that shows in landscape).
    public var screenDevice: Device { shownDevice(sceneBelowOverlay(currentScene) ?? currentScene) }

    /// The screen in points as shown now (see `screenDevice`).
    public var screenBounds: Rect { screenDevice.bounds }

    /// The frame of `record` at linear progress `t` (0…1) with the device held as now: what
    /// `expect.screenshot{at = ...}` draws. Composed as the session draws transitions: an
    /// overlay presented or dismissed over the scene below it (dimmed, placed, sized), star
    /// ratings placed where their layers are, at their values now.
    public func transitionFrame(_ record: TransitionRecord, linearProgress t: Double) -> FrameDescription {
        let p = record.transition.curve.value(at: min(max(t, 0), 1))
        if let style = overlayStyle(record.to), overlayStyle(record.from) == nil {
            return withControlOverlays(overlayFrame(record.from, record.to, style, p))
        }
        if let style = overlayStyle(record.from), overlayStyle(record.to) == nil {
            return withControlOverlays(overlayFrame(record.to, record.from, style, 1 - p))
        }
        return withControlOverlays(
            FrameComposer.frame(
                prototype: prototype, from: record.from, to: record.to, transition: record.transition,
                linearProgress: t, held: design.orientation))
    }
}
