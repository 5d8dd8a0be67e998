/// A Lua-function action that fired; the runner hands it to the Lua layer to call.
public struct ScriptCall: Equatable, Sendable {
    /// The function to call.
    public let ref: ScriptFunctionRef
    /// The accessibility label of the element that triggered it ("" for a scene-wide swipe).
    public let element: String
    /// The scene it was triggered in.
    public let scene: String
    /// The value passed as the function's second argument after `app` (a star rating's
    /// `on_changing(app, value)` / `on_change(app, value)`), or nil for none.
    public let argument: Double?
    /// The text passed as the function's second argument after `app` (a state control's
    /// `on_change(app, state)`), or nil for none.
    public let text: String?
    /// The scene whose timed action (`on_after`) this call is, or nil when input or code
    /// triggered it: navigation the function asks for then counts as the timer's
    /// (`Session.performing(_:_:)`).
    public let timer: String?
    /// Creates a script call.
    public init(
        ref: ScriptFunctionRef, element: String, scene: String, argument: Double? = nil, timer: String? = nil,
        text: String? = nil
    ) {
        self.ref = ref
        self.element = element
        self.scene = scene
        self.argument = argument
        self.text = text
        self.timer = timer
    }
}

/// One running prototype: navigation, gesture recognition, hit testing, action dispatch and
/// the timeline. Pure Swift: the runner feeds it input and time and draws what `frame()`
/// describes. Real mouse input and scripted input both enter through `schedule(_:)` or
/// `handle(_:)`, so a script exercises exactly what a person would.
public final class Session {
    /// The prototype being played.
    public let prototype: Prototype
    /// Clock seconds of the last `step(to:)` (carried over a hot reload by `restore(from:)`).
    public internal(set) var now: Double = 0
    /// Everything recorded so far.
    public internal(set) var timeline = Timeline()
    var navigator: Navigator
    var recognizer = GestureRecognizer()
    private var scheduled: [InputEvent] = []
    var scriptCalls: [ScriptCall] = []
    /// Star-rating values, the captured control and keyboard focus (Session+Controls.swift).
    var controls = SessionControls()
    /// Designer state: timers, the pressed element, scroll offsets (see `Session+Design.swift`).
    var design = SessionDesignState()
    /// What `elementsRevision` last saw (Session+ElementsRevision.swift).
    var elementsWatch = ElementsWatch()
    /// Scenes shown since the last reset, in order (the start scene first); a scene appears
    /// again each time it is navigated to.
    public private(set) var history: [String]
    /// Navigations started by scenes' timed actions, oldest first (Session+TimedNavigation.swift).
    public internal(set) var timedNavigations: [TimedNavigation] = []
    /// The scene whose timed action is being performed, while it is.
    var timerScene: String?
    /// Why the rest of the gesture in flight is ignored (a timed navigation cancelled it), until
    /// the next press.
    var cancelledGesture: String?
    /// Each scene look's elements by table path, with their control ids, built at first use
    /// (`declaration(of:in:)`; the prototype never changes in a session).
    var declarationIndexes: [String: DeclarationIndex] = [:]

    /// Measures text as the window draws it (the SDL layer's `FontMeasure`), so a press in a
    /// text field puts the caret between the characters drawn around it and a drag selects
    /// (Session+TextFieldPointer.swift); nil (scripts, headless) gives a tapped field the caret
    /// at the end.
    public var textMeasure: (any TextMeasuring)?

    /// Creates a session showing the prototype's start scene.
    public init(prototype: Prototype) {
        self.prototype = prototype
        self.navigator = Navigator(start: prototype.start)
        self.history = [prototype.start]
        navigator.landscapeScenes = prototype.scenes.compactMapValues(\.design.landscapeScene)
        navigator.landscapeOwners = prototype.landscapeOwners
        navigator.tabRoots = Set(prototype.tabs.map(\.scene))
        navigator.turnsScreen = { [prototype] from, to, entries, held in
            prototype.turnsScreen(from: from, to: to, entries: entries, held: held ? .landscape : .portrait)
        }
        noteAppearance()  // the start scene shows from clock time 0
    }

    /// The top of the navigation stack: the destination as soon as a navigation starts.
    public var currentScene: String { navigator.top }
    /// Scene names of the navigation and modal stack, bottom to top.
    public var stack: [String] { navigator.entries.map(\.scene) }
    /// The mounted scenes (one, or two during a transition).
    public var mountedScenes: [String] { navigator.mounted }
    /// The running transition, if any.
    public var runningTransition: TransitionRecord? { navigator.running?.record }
    /// The most recently completed transition, if any: what `last_transition()` and
    /// `expect.transition{…}` look at.
    public var lastCompletedTransition: TransitionRecord? { timeline.lastTransition }
    /// How many times slower transitions that start from now on are animated (1 normally;
    /// the window's `S` key sets 10). Records keep true times and carry the factor.
    public var slowMotion: Double {
        get { navigator.slowMotion }
        set { navigator.slowMotion = max(newValue, 0.001) }
    }
    /// True when no transition is running or queued, no gesture is in flight, no scheduled
    /// input waits and no Lua action waits to be called: scripted actions wait for this.
    public var isSettled: Bool {
        navigator.isIdle && !recognizer.isTracking && scheduled.isEmpty && scriptCalls.isEmpty
            && controls.captured == nil && design.rotation == nil && pendingTap == nil
    }

    /// A single tap's action held for the double-tap window (the element also has
    /// `on_double_tap`).
    struct PendingTap {
        let action: Action
        let source: String
        let deadline: Double
    }
    var pendingTap: PendingTap?

    /// The most timeline events and transitions one test keeps (`Timeline.eventLimit`; the
    /// headless test runner sets `Timeline.eventsPerTest`); nil keeps all.
    public var timelineEventLimit: Int? {
        get { timeline.eventLimit }
        set { timeline.eventLimit = newValue }
    }

    /// Starts a test's share of the timeline (`Timeline.startTest()`): the event limit counts
    /// afresh.
    public func startTimelineTest() { timeline.startTest() }

    /// Goes back to the start scene with empty stacks; time and the timeline continue.
    public func reset() {
        pendingTap = nil
        navigator.reset(to: prototype.start)
        navigator.heldLandscape = false
        history = [prototype.start]
        design = SessionDesignState()
        noteAppearance()
        recognizer.cancel()
        cancelledGesture = nil
        scheduled.removeAll()
        scriptCalls.removeAll()
        controls = SessionControls()
    }

    /// Queues an input event for delivery when `step(to:)` reaches its time, after the events
    /// queued for the same time. A binary search: a gesture queues one move per frame in time
    /// order, and a linear scan made a long drag cost time quadratic in its length (red-team
    /// finding F5).
    public func schedule(_ event: InputEvent) {
        var low = 0
        var high = scheduled.count
        while low < high {
            let middle = (low + high) / 2
            if scheduled[middle].time > event.time { high = middle } else { low = middle + 1 }
        }
        scheduled.insert(event, at: low)
    }

    /// Delivers an input event now. During a transition it is not delivered to either scene:
    /// it is logged as ignored and any gesture in flight is cancelled.
    public func handle(_ event: InputEvent) {
        if navigator.running != nil {
            recognizer.cancel()
            cancelCapturedControl()
            timeline.record(.inputIgnored(event, reason: "a transition is running"), at: event.time)
            return
        }
        if event.phase == .down {
            cancelledGesture = nil
        } else if let reason = cancelledGesture {
            timeline.record(.inputIgnored(event, reason: reason), at: event.time)
            return
        }
        timeline.record(.input(event), at: event.time)
        notePress(event)
        if routeToTextField(event) || routeToControl(event) { return }
        guard let gesture = recognizer.handle(event) else { return }
        dispatch(gesture, at: event.time)
    }

    /// Runs an action; navigation asked for during a transition is queued.
    public func perform(_ action: Action, source: String) {
        if case .script(let ref) = action {
            timeline.record(.action(action, source: source), at: now)
            scriptCalls.append(ScriptCall(ref: ref, element: source, scene: currentScene, timer: timerScene))
            return
        }
        dropFocus(before: action)  // Session+FocusLifecycle.swift
        let firstEvent = timeline.count
        navigator.request(action, source: source, at: now, timeline: &timeline)
        if let timerScene { noteTimedNavigation(from: firstEvent, scene: timerScene) }
        noteHistory()
        noteAppearance()  // a cut shows the scene at once
    }

    /// Notes the scene on top in `history` after the navigator may have changed it, and
    /// clears keyboard focus when its scene left (a queued navigation started, a turn).
    func noteHistory() {
        if history.last != navigator.top { history.append(navigator.top) }
        dropFocusIfItsSceneLeft()
    }

    /// Advances to clock time `time` (seconds), delivering scheduled input that is due.
    public func step(to time: Double) {
        now = max(now, time)
        while let first = scheduled.first, first.time <= now + 1e-9 {
            scheduled.removeFirst()
            handle(first)
        }
        fireTimedActions()
        if let pending = pendingTap, now >= pending.deadline - 1e-9, !recognizer.isTracking {
            pendingTap = nil
            perform(pending.action, source: pending.source)
        }
    }

    /// Tells the session the frame for `now` has been presented (or, headless, would have
    /// been): a due transition completes here, after its last frame. `wallTime` is the
    /// wall-clock time in seconds measured after present (window only).
    public func framePresented(wallTime: Double? = nil) {
        let wasRunning = navigator.running != nil
        navigator.framePresented(at: now, wall: wallTime, timeline: &timeline)
        noteHistory()
        if wasRunning { noteAppearance() }
    }

    /// Records that rasterising the frame for `now` took `seconds` of wall-clock time
    /// (headless runs that render frames); kept on the transition frame it belongs to, if any.
    public func recordFrameCost(_ seconds: Double) {
        if navigator.attachFrameCost(seconds, clock: now) { return }
        timeline.attachFrameCost(seconds, clock: now)
    }

    /// Lua-function actions triggered since the last call, oldest first.
    public func takeScriptCalls() -> [ScriptCall] {
        defer { scriptCalls.removeAll() }
        return scriptCalls
    }

    /// What to draw for clock time `now`.
    public func frame() -> FrameDescription {
        withControlOverlays(composedFrame())
    }

    /// The frame without designer features or controls.
    func sceneFrame() -> FrameDescription {
        guard let running = navigator.running?.record else {
            return FrameDescription(device: prototype.device, layers: [FrameComposer.layer(prototype, currentScene)])
        }
        let t = navigator.running!.linearProgress(at: now)
        return FrameComposer.frame(
            prototype: prototype, from: running.from, to: running.to, transition: running.transition,
            linearProgress: t)
    }

    /// The value of `element` as scripts and reports read it: `"selected"` for the selected
    /// tab of a tab bar, a state control's state name
    /// ("on", "Metric"), a star rating's live accessibility value ("3.5 of 5 stars", "No
    /// rating"), else its `value` from the prototype, if any.
    public func value(of element: Element) -> String? {
        if element.kind == "tab", case .tab(let root, _) = element.onTap {
            return navigator.entries[navigator.tabBase].scene == root ? "selected" : nil  // the tab shown
        }
        return controlState(of: element) ?? textValue(of: element) ?? controlAccessibilityValue(of: element)
            ?? element.value
    }

    /// The scene value for `name`, if it exists.
    public func scene(_ name: String) -> Scene? { prototype.scenes[name] }

    private func dispatch(_ gesture: Gesture, at time: Double) {
        let sceneName = currentScene
        guard let scene = prototype.scenes[sceneName].map(activeScene) else { return }
        if dismissesOverlay(gesture, scene: scene, at: time) { return }
        // Hit where the elements are drawn: the topmost one whose shown part holds the point.
        // The index is the element's place in the scene's shown elements (for the recorder).
        let placed = placedElements
        let index = placed.lastIndex { $0.placed.visible?.contains(gesture.start) == true }
        let element = index.map { placed[$0].element }
        timeline.record(.gesture(gesture, scene: sceneName, element: element?.label), at: time, element: index)
        if case .tap = gesture, let focus = controls.textFocus, index.map({ controlID(placed, $0) }) != focus {
            endTextFocus()  // a tap anywhere else takes the keyboard from the field
        }
        switch gesture {
        case .tap:
            if let earlier = pendingTap {  // a tap after the window closed: the earlier one first
                pendingTap = nil
                perform(earlier.action, source: earlier.source)
            }
            if let index,
                tapStateControl(placed, index, at: gesture.start) || tapTextField(placed, index, at: gesture.start)
            {
                // A state control's tap changes its state (Session+StateControls.swift).
                if let element, element.enabled, let action = element.onTap {
                    perform(action, source: "tap on \"\(element.label)\"")
                }
                break
            }
            guard let element, element.enabled, let action = element.onTap else { break }
            if element.onDoubleTap != nil {
                // As UIKit's single-tap recogniser that requires the double tap to fail: the
                // tap's action waits out the double-tap window, so a second tap can still
                // become a double tap instead of landing in a transition.
                pendingTap = PendingTap(
                    action: action, source: "tap on \"\(element.label)\"",
                    deadline: time + GestureRecognizer.doubleTapInterval)
            } else {
                perform(action, source: "tap on \"\(element.label)\"")
            }
        case .doubleTap:
            pendingTap = nil
            // Without its own on_double_tap, a state control takes the second tap as a tap.
            if let index, element?.onDoubleTap == nil, tapStateControl(placed, index, at: gesture.start) { break }
            if let element, element.enabled, let action = element.onDoubleTap ?? element.onTap {
                perform(action, source: "double tap on \"\(element.label)\"")
            }
        case .longPress:
            if let element, element.enabled, let action = element.onLongPress {
                perform(action, source: "long press on \"\(element.label)\"")
            }
        case .swipe(let direction, _, _, _):
            if let element, element.enabled, let action = element.onSwipe[direction] {
                perform(action, source: "swipe \(direction.rawValue) on \"\(element.label)\"")
            } else if let action = scene.onSwipe[direction] {
                perform(action, source: "swipe \(direction.rawValue) in \(sceneName)")
            }
        case .drag:
            break
        }
    }
}
