import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowSDL

/// `sceneflow play`: the prototype in a window on the wall clock. A click is a tap, a drag a
/// swipe (through Core's gesture recognizer; a press on a star rating is captured by it),
/// Escape or Backspace goes back, closing the window or pressing Q quits. Tab focuses the
/// next star rating; arrows step it, Home/End give its minimum/maximum, Return or Space
/// commits (`on_change`). `T` toggles the heads-up display (the last transition's measured
/// duration, frames and hitches), `S` toggles slow animations (×10; the timeline keeps true
/// times and marks those transitions). The title shows the prototype and the current scene.
///
/// Designer keys (`DesignerState.keyHelp`): `H` shows every element with its label, `1`/`2`/`0`
/// zoom to 1:1 pixels, 50 % and fit, `O` turns the device (`Session.rotate`), `?` lists the
/// keys; the mouse wheel scrolls a scroll region. When the screen is larger than the window
/// at `1` or `2`, the window is clamped to the display and the view pans
/// (`WindowPlayer+View.swift`). A click that hits no element flashes every
/// element (hotspot hints) unless `hints` is false. With `watchFolder` set, changes to
/// `prototype.lua` or an image it draws reload the prototype within a second (`FileWatcher` polls
/// every `reloadPollInterval`; other files in the folder only while an edit is broken), keeping
/// the history's scenes that still exist, each scene's scroll offset and the timeline (a
/// `reload` event marks the swap: `Session.restore(from:)`); the screenshots the new prototype
/// shows now and one step away are decoded before it is swapped in, so its first transition
/// decodes nothing; a broken edit is shown
/// in the window and the last good prototype stays, pictures included (`ImageFileStore`).
///
/// Each frame's wall time is measured right after `present()` and recorded on the timeline.
/// Without vertical sync (the software renderer) frames are paced at 60 Hz on a fixed
/// cadence while something moves, so frame intervals mean what they would on a display.
public final class WindowPlayer {
    var loaded: LoadedPrototype
    /// The bytes of `loaded`'s images as they were when it loaded: textures are decoded from
    /// these, so a screenshot broken on disk later cannot reach the window (a broken edit
    /// keeps the last good prototype, pictures included).
    var imageFiles: ImageFileStore
    var session: Session
    let clock = WallClock()
    let log: (String) -> Void
    var designer = DesignerState()
    /// The edit mode's state (`WindowPlayer+EditMode.swift`).
    let edit = EditSession()
    /// Why `E` cannot turn the edit mode on in this window (nil: it can). `record` sets it: a
    /// change to `prototype.lua` while recording would not be in the script, which then would
    /// not replay what was seen.
    public var editModeRefusal: String?
    /// False turns hotspot hints off (`--no-hints`, for usability tests).
    public var hints: Bool {
        get { designer.hintsEnabled }
        set { designer.hintsEnabled = newValue }
    }
    /// How long a hotspot hint flash lasts, in seconds.
    public var hintSeconds: Double {
        get { designer.hintSeconds }
        set { designer.hintSeconds = newValue }
    }
    /// The prototype folder to watch for hot reload (nil: no reload).
    public var watchFolder: String?
    /// Starts a check of a changed prototype's Lua where it can be stopped, before this
    /// process runs it (`play` starts a child process): given the folder, returns the check
    /// under way, which the window polls between frames (`ReloadCheck`), or nil when none could
    /// start (then the reload runs here). Nil: the reload runs here only (a Lua call stuck in C
    /// then ends the process).
    public var reloadProbe: ((String) -> ReloadCheck?)?
    /// The longest a reload check may run, in seconds of wall time: a check still running then
    /// (its child frozen from outside; a load stuck in Lua is ended by the child's own watchdog
    /// after `LuaLimits`' 10 s) is cancelled and the reload fails with that reason.
    public static let reloadCheckDeadline = 15.0
    /// The reload check under way: when it started (wall-clock seconds) and whether only
    /// `prototype.lua` changed, by an edit mode write (then the images stay decoded).
    var pendingReload: (check: ReloadCheck, started: Double, afterEdit: Bool)?
    /// Seconds between checks for changed files.
    public static let reloadPollInterval = 0.25
    /// Stop after this many seconds of wall time (nil: run until the window closes); used
    /// by benchmarks and smoke tests.
    public var quitAfter: Double?
    /// Called once with the seconds from start to the first presented frame.
    public var onFirstFrame: ((Double) -> Void)?
    /// The texture cache's byte budget (default `TextureCache.defaultByteBudget`, 256 MiB).
    public var textureBudget = TextureCache.defaultByteBudget
    /// The window size in screen coordinates (nil: fitted to the display).
    public var windowSize: (width: Int, height: Int)?
    /// Whether the heads-up display is shown (toggled with `T`).
    public var showsHeadsUpDisplay = false
    /// Called after each pass of the loop with the session: after each presented frame, and
    /// on each wake-up while nothing changes (then nothing is drawn); benchmarks and tests
    /// queue actions here with `request(_:source:)` or stop the player with `stop()`.
    public var onFrame: ((Session) -> Void)?
    /// Called when a Lua action fails (after it is printed and shown in the window), with the
    /// call and the diagnostic; `record` uses it to keep the failed step out of the script.
    public var onActionError: ((ScriptCall, Diagnostic) -> Void)?
    private var requests: [(action: Action, source: String)] = []
    private var clicks: [Point] = []
    private var stopRequested = false
    /// The texture cache's largest total so far, in bytes as the renderer holds them, and how
    /// many textures it dropped to stay within `textureBudget` (for `bench --memory --window`).
    public private(set) var textureMemory = (peakBytes: 0, evictions: 0)
    /// Copies of each texture's pixels the window's renderer holds (2 under llvmpipe), once
    /// `run()` opened it.
    public private(set) var textureCopies = 1
    /// Frames drawn and presented so far; an idle window presents none (issue 19 item 3).
    public private(set) var framesPresented = 0
    /// The renderer the window used (`opengl`, `software`), once `run()` opened it.
    public private(set) var rendererName = ""
    /// The nominal frame time the player paces to without vertical sync, seconds.
    public static let frameTime = 1.0 / 60.0
    /// How many times slower the `S` key makes animations.
    public static let slowFactor = 10.0

    /// Creates a player for an opened prototype; `log` receives one line per notable event
    /// (navigation, ignored input, Lua action errors, reloads).
    public init(_ loaded: LoadedPrototype, log: @escaping (String) -> Void = { print($0) }) {
        self.loaded = loaded
        self.session = Session(prototype: loaded.prototype)
        // Bounded as a test's is (a hot reload's session takes this timeline over);
        // SCENEFLOW_PLAY_TIMELINE_LIMIT lowers it for tests of the limit.
        session.timelineEventLimit =
            ProcessInfo.processInfo.environment["SCENEFLOW_PLAY_TIMELINE_LIMIT"].flatMap { Int($0) }.map {
                max(1, min($0, Timeline.eventsPerPlaySession))
            } ?? Timeline.eventsPerPlaySession
        session.textMeasure = FontMeasure()  // clicks in text fields place the caret as drawn
        self.log = log
        imageFiles = ImageFileStore()
        imageFiles.keep(imagePaths(of: loaded.prototype))
    }

    /// Opens the window and runs until it is closed.
    ///
    /// - Throws: `SDLError` when the window or renderer cannot be created (no display).
    ///   A screenshot that cannot be decoded is shown as an error in the window instead.
    public func run() throws {
        defer { cancelReloadCheck() }  // a check under way never outlives the window
        defer { dropWaitingEdits() }  // said, never silently lost
        LargeAllocations.returnToTheSystem()
        var window = try Window(title: title(), device: loaded.prototype.device, size: windowSize)
        rendererName = window.rendererName + (window.hasVSync ? " (vsync)" : "")
        textureCopies = window.textureCopies
        let paced = !window.hasVSync
        var nextFrame = clock.now
        var images = window.makeTextureCache(
            directory: loaded.prototype.directory, loader: PictureLoader(files: imageFiles))
        var watcher = watchFolder.map { FileWatcher(files: watchedFiles($0)) }
        var lastPoll = 0.0
        images.byteBudget = textureBudget
        var events: [WindowEvent] = []
        var lastTitle = ""
        var loggedEvents = 0
        var firstFrame = true
        var preloadedFor = ""
        var lastShown: ShownState?
        var textInputFrame: Rect?
        while true {
            if paced && !session.isSettled { nextFrame = waitForFrame(after: nextFrame) }
            events.removeAll(keepingCapacity: true)
            window.pollEvents(into: &events)
            let now = clock.now
            session.step(to: now)  // first, so input and the actions it triggers happen at `now`
            if stopRequested { return }
            var changed = !requests.isEmpty || !events.isEmpty
            for request in requests { session.perform(request.action, source: request.source) }
            requests.removeAll()
            for event in events {
                if let input = Self.listInput(event), designer.keyListTakes(input) { continue }  // only closes `?`
                if editTakes(event) { continue }  // the edit mode takes the pointer and its keys
                switch event {
                case .quit: return
                case .key("Q"): return
                case .key("E"): toggleEditMode()
                case .back: session.perform(.back, source: "key Escape")
                case .pointerDown(let p):
                    designer.pointerPressed()  // the next tap closes an action error
                    session.handle(InputEvent(.down, p, at: now))
                case .pointerMoved(let p): session.handle(InputEvent(.move, p, at: now))
                case .pointerUp(let p): session.handle(InputEvent(.up, p, at: now))
                case .key("T"): showsHeadsUpDisplay.toggle()
                case .key("S"):
                    session.slowMotion = session.slowMotion == 1 ? WindowPlayer.slowFactor : 1
                    let factor = formatNumber(session.slowMotion)
                    log("slow animations \(session.slowMotion == 1 ? "off" : "on (×\(factor))")")
                case .key(let name):
                    if let key = Self.controlKeys[name] {
                        if session.handleKey(key) == nil { Self.panKey(name, window) }  // no star rating has focus
                    } else if Self.panKey(name, window) {
                        break
                    } else if name == "O" {
                        log(Self.turnNote(session, turned: session.rotate(to: session.orientation.toggled)))
                    } else if case .zoom(let zoom) = designer.key(name) {
                        window.setZoom(zoom)
                        designer.zoomApplied(cropped: window.view.isCropped, at: now)
                    }
                case .wheel(let turn): Self.wheel(turn, session, window)
                case .exposed: break
                // A text field has the keyboard (Session+TextFields.swift).
                case .text(let typed): session.typeText(typed)
                case .composition(let composing, let caret): session.composeText(composing, caret: caret)
                case .edit(let key):
                    switch session.editText(key) {
                    case .copy(let text), .cut(let text): try? Clipboard.set(text)
                    default: break
                    }
                case .paste(let text): session.typeText(text, by: "pasted")
                }
            }
            Self.followTextFocus(session, window, &textInputFrame)
            retryWaitingEdits()  // edits waiting for another process's lock on the folder
            if let folder = watchFolder, watcher != nil {
                var checked: (verdict: ReloadVerdict, afterEdit: Bool)?
                if now - lastPoll >= Self.reloadPollInterval || edit.reloadNow {
                    lastPoll = now
                    // The check's deadline counts from now, not from the pass's start.
                    if watcher!.changed() { checked = startReloadCheck(folder, at: clock.now) }
                }
                // The check runs beside the window, which goes on drawing and answering input.
                if checked == nil { checked = finishedReloadCheck(folder, at: clock.now) }
                if let checked {
                    let refused = refuseReload(checked.verdict)
                    // After an edit mode write only prototype.lua changed: its images are kept.
                    let kept = checked.afterEdit && !refused ? reloadKeepingImages(folder) : nil
                    let fresh = refused ? nil : kept ?? reload(folder)
                    if let fresh, kept != nil {
                        let next = Session(prototype: fresh.prototype.prototype)
                        let dropped = next.restore(from: session)
                        adopt(fresh.prototype, images: fresh.files, session: next, dropped: dropped, ready: (0, 0))
                    } else if let fresh {
                        if fresh.prototype.prototype.device != loaded.prototype.device {
                            window = try Window(
                                title: title(), device: fresh.prototype.prototype.device, size: windowSize)
                            window.setZoom(designer.zoom)  // clamped to the display like any resize
                            lastTitle = ""  // the new window's title lacks the zoom note
                        }
                        // The new session and the screenshots it shows first (now and one step
                        // away) are made before the swap, so its first transition decodes nothing.
                        let next = Session(prototype: fresh.prototype.prototype)
                        let dropped = next.restore(from: session)  // the timeline goes on
                        let cache = window.makeTextureCache(
                            directory: fresh.prototype.prototype.directory, loader: PictureLoader(files: fresh.files))
                        cache.byteBudget = textureBudget
                        let started = clock.now
                        let ready = (try? cache.prepare(next.upcomingLayers)) ?? cache.count
                        let ms = Int(((clock.now - started) * 1000).rounded())
                        adopt(fresh.prototype, images: fresh.files, session: next, dropped: dropped, ready: (ready, ms))
                        images = cache
                        window.forgetThumbnails()  // a screenshot may have changed
                        preloadedFor = session.currentScene  // its neighbours are ready
                    }
                    changed = true  // a reload error shows, or the new prototype
                    // While the edit is broken, any file in the folder may fix it (a missing image added).
                    watcher!.reset(files: watchedFiles(folder), folder: fresh == nil ? folder : nil)
                }
            }
            if preloadedFor != session.currentScene && session.isSettled {
                preloadedFor = session.currentScene
                images.preload(reachableImages(from: preloadedFor))
            }
            var shown = session.scene(session.currentScene)
            let outline = session.visibleOutline  // the parts that show: scrolled, clipped to the band
            shown?.elements = outline.elements
            // In edit mode its own boxes show the elements (H's frames), not H's or the hints.
            var overlay = designer.overlay(for: edit.mode == nil ? shown : nil, at: now, clips: outline.clips)
            if let notice = editNoticePanel { overlay.panels.append(notice) }
            let editing = editView(in: window)
            let frame = session.frame()
            // Drawn only when something shows differently (or moves): an idle window sleeps.
            let hud =
                showsHeadsUpDisplay && !designer.showsHelp
                ? HeadsUpDisplay.lines(
                    last: session.lastCompletedTransition, running: session.runningTransition,
                    slowMotion: session.slowMotion) : nil
            let state = ShownState(
                frame: frame, overlay: overlay, headsUp: hud, view: window.view,
                cropHint: designer.showsCropHint(cropped: window.view.isCropped, at: now), editing: editing)
            if changed || firstFrame || !session.isSettled || state != lastShown {
                lastShown = state
                do {
                    try window.follow(frame, zoom: designer.zoom)
                    try window.draw(frame, images: images)
                } catch {
                    let lines = designer.wrap("\(error)", width: 48)
                    overlay.panels.append(OverlayPanel(lines: lines, placement: .center, background: .error))
                    lastShown = nil  // tried again on the next pass
                }
                // After drawing: the view is the one this frame shows (a turn may have resized it).
                if designer.showsCropHint(cropped: window.view.isCropped, at: now) {
                    overlay.panels.append(Self.cropHint(window))
                }
                // The key list is read alone: the T display comes back when it closes.
                if hud != nil { try drawHeadsUpDisplay(on: window) }
                if let editing { try draw(editing, on: window) }
                try window.draw(overlay)
                window.present()
                framesPresented += 1
                textureMemory = (max(textureMemory.peakBytes, images.peakBytes), images.evictions)
                session.framePresented(wallTime: clock.now)
                if firstFrame {
                    firstFrame = false
                    onFirstFrame?(clock.now)
                }
            }
            onFrame?(session)
            for point in clicks { window.pushClick(at: point) }  // read by the next pollEvents
            clicks.removeAll()
            let calls = session.takeScriptCalls()
            for call in calls {
                if let problem = loaded.call(call, session: session) {
                    log("\(problem)")
                    designer.actionFailed(problem.description, element: call.element, scene: call.scene, at: clock.now)
                    onActionError?(call, problem)
                }
            }
            loggedEvents = report(from: loggedEvents)
            let newTitle = title(window.view)
            if newTitle != lastTitle {
                window.setTitle(newTitle)
                lastTitle = newTitle
            }
            if let quitAfter, clock.now >= quitAfter { return }
            // What Lua actions run after the draw changed (an error panel, a navigation) is
            // drawn on the next pass at once, not after a sleep.
            let acted = !calls.isEmpty
            if session.isSettled && events.isEmpty && requests.isEmpty && !stopRequested && !acted {
                images.uploadPreloaded()  // the next transition's first frame then draws without an upload
                window.waitEvents(timeout: idleWait(at: clock.now))
                nextFrame = clock.now + WindowPlayer.frameTime
            }
        }
    }

    /// Queues `action` to run at the start of the next frame, as input would (at that
    /// frame's clock time, before it is drawn). Call from `onFrame`.
    public func request(_ action: Action, source: String) {
        requests.append((action, source))
    }

    /// Clicks the left mouse button over `point` (screen points) as a user would: SDL mouse
    /// events in window coordinates, read by the next frame's event poll, mapped back and
    /// hit-tested like any click. Call from `onFrame`.
    public func click(at point: Point) {
        clicks.append(point)
    }

    /// Makes `run()` return at the start of the next frame. Call from `onFrame`.
    public func stop() { stopRequested = true }

    /// The timeline so far, the whole session across hot reloads (completed transitions, then
    /// the running one) as a document for `TimelineExport`; `play` writes it when the window
    /// closes.
    public func timelineDocument() -> TimelineDocument {
        TimelineExport.document(name: "play", session: session, clock: .wall)
    }

    /// Sleeps until `deadline` (wall-clock seconds) and returns the next deadline one frame
    /// later; a late frame restarts the cadence from now instead of rushing to catch up.
    private func waitForFrame(after deadline: Double) -> Double {
        let wait = deadline - clock.now
        if wait > 0.0002 { Thread.sleep(forTimeInterval: wait) }
        let now = clock.now
        let frame = WindowPlayer.frameTime
        return now - deadline > frame ? now + frame : deadline + frame
    }

    /// What one pass would show: drawn again only when it differs from the last drawn.
    private struct ShownState: Equatable {
        var frame: FrameDescription
        var overlay: Overlay
        var headsUp: [String]?
        var view: WindowView
        var cropHint: Bool
        var editing: EditView?
    }

    /// How often a settled window tries again an edit waiting for the folder's lock, seconds.
    static let editRetryInterval = 0.1

    /// The longest a settled window sleeps waiting for events, in seconds: reload checks,
    /// `quitAfter` and `stop()` from a signal handler are noticed within it.
    public static let idleWakeInterval = 0.25

    /// Seconds to wait for events while settled: until the designer overlay or the scene's
    /// timed action changes what shows, at most `idleWakeInterval`.
    private func idleWait(at now: Double) -> Double {
        var until = now + Self.idleWakeInterval
        if let due = designer.nextChange(after: now) { until = min(until, due) }
        if let due = session.timedActionDue { until = min(until, due) }
        if let due = session.caretBlinkDue { until = min(until, due) }  // only while a field has the keyboard
        if let quitAfter { until = min(until, quitAfter) }
        if pendingReload != nil { until = min(until, now + Self.reloadCheckPollInterval) }
        if !edit.waiting.isEmpty { until = min(until, now + Self.editRetryInterval) }
        return max(0.001, ((until - now) * 1000).rounded(.up) / 1000)  // SDL waits whole ms: never 0
    }

    /// Draws the heads-up display over the frame: a translucent dark box with white text.
    private func drawHeadsUpDisplay(on window: Window) throws {
        let device = loaded.prototype.device
        let lines = HeadsUpDisplay.lines(
            last: session.lastCompletedTransition, running: session.runningTransition, slowMotion: session.slowMotion)
        // Laid out in window pixels in the part of the screen that shows (all of it unless a
        // zoom crops it), so the text keeps its size at 1:1, 50 % and fit.
        let view = window.view
        let layout = HeadsUpDisplay.layout(lines, screen: view.visibleWindowSize, measure: window.textMeasure)
        // Nearly opaque: the app's own text must not read as part of the display.
        try window.fill(
            [view.points(ofWindowRect: layout.background, deviceScale: device.scale)], color: (0, 0, 0, 240))
        for line in layout.lines {
            try window.drawText(line.text, at: line.origin, size: layout.textSize, color: .text)
        }
    }

    private func title(_ view: WindowView? = nil) -> String {
        "\(loaded.prototype.name) — \(session.currentScene)\(Self.orientationNote(session))\(view.map(Self.cropNote) ?? "")\(editTitleNote) — Sceneflow"
    }

    /// Images of the scenes one action away from `scene`, for background decoding.
    private func reachableImages(from scene: String) -> [(path: String, screen: ScreenArea)] {
        guard let current = loaded.prototype.scenes[scene] else { return [] }
        return current.actions.compactMap { $0.action.targetScene }
            .compactMap { loaded.prototype.scenes[$0] }
            .map { (path: $0.image, screen: $0.screen) }
    }

    /// Prints navigation and ignored input since event `index`, and starts the hotspot hint
    /// flash for a tap that hit no element; returns the new index.
    private func report(from index: Int) -> Int {
        // The latest events, kept on the timeline or past its limit (`eventsPerPlaySession`).
        for event in session.timeline.events(since: index).events {
            switch event.kind {
            case .action, .inputIgnored, .actionSkipped, .navigationQueued, .transitionCompleted, .controlState:
                log(event.description)
            case .gesture(.tap, _, nil):
                designer.tapMissed(at: event.time)
            default: break
            }
        }
        return session.timeline.count
    }
}
