import Foundation
import SceneflowCore

/// The native table under the script API (`sf` in `ScriptPrelude` and the sections): small,
/// non-yielding reads and writes of the bound `Session`. Positions are points, times clock
/// seconds. The public, documented functions are the Lua ones built on these.
///
/// Registration table (`natives`, one entry per function):
/// - `now()` → clock seconds; `settled()` → boolean; `scene()` → current scene name
/// - `scene_exists(name)` → boolean; `scene_names()` → list of scene names
/// - `elements()` → list of `{label, kind, frame = {x, y, w, h}, value, enabled, visible}` of
///   the current scene, in declaration order (`visible`: the frame overlaps the screen)
/// - `screen_center()` → x, y; `device()` → width, height in points
/// - `input(phase, x, y, time)` → schedules an `InputEvent` (`"down"`, `"move"`, `"up"`) at
///   `time` taken to the clock's tick
/// - `input_mark()` → a mark (the timeline's length) taken before a gesture schedules input;
///   `interruption(mark)` → why that gesture did not reach its scene whole (a scene's timed
///   action changed it; `Session.gestureInterruption`), or nil
/// - `back()` → performs `.back`; returns a message instead when there is nothing to go back to
/// - `history()` → list of scene names; `state()` → the prototype's current state table
/// - `hint(name, candidate...)` → `; did you mean "x"?` or ""
/// - `log(level, text, line)`; `step_begin(call, line [, group])`; `step_end([passed])`: recorded for the
///   report (`group`: the name of a `step(name, fn)`); `step_depth()` → how many steps are
///   open; `step_unwind(depth)` ends the steps open beyond `depth` as failed
/// - `note_failure(message)`: `api.fail` notes the message it raises (an expectation failure)
/// - `param(key)` → the `--param` value for `key`, or nil (also while the script loads)
/// - star ratings: `control`, `control_point`, `set_value`, `adjust` (`controlNatives`, in
///   ScriptModule+Controls.swift); `elements()` adds a star rating's number of stars as `value`
///   and every element's spoken value as `accessibility_value`
/// - transition timing: `last_transition` (`timingNatives`, in ScriptModule+Timing.swift)
final class ScriptModule {
    /// The session the script drives; set by `ScriptRuntime.bind(_:)`.
    var session: Session?
    /// The prototype's `app` object, whose `state` table `state()` returns.
    var app: AppModule?
    /// The script's folder: `require` loads modules from here only.
    var scriptFolder = ""
    /// The modules `require` loaded, as paths from the script's folder (their chunk names):
    /// a message starting `lib/login.lua:4: ` is placed in that file (`placeInModule`).
    var modulePaths: Set<String> = []
    /// What `param(key)` returns: `sceneflow test --param key=value` and `--param-env NAME`.
    var parameters: [String: String] = [:]
    /// Registry reference to the shared `api` table of the preludes.
    var apiRef: Int32 = -2
    /// Renders and compares frames for `expect.screenshot`, `capture` and `expect.tree`;
    /// set by the runner.
    weak var visualChecks: (any VisualChecks)?
    /// Log entries of the running test.
    var log: [TestLogEntry] = []
    /// Steps of the running test; `openSteps` indexes the ones not yet returned.
    var steps: [TestStepRecord] = []
    /// The last message `api.fail` raised (`note_failure(message)`), so the runtime can tell an
    /// expectation that did not hold from a Lua runtime error; reset per test.
    var notedFailure: String?
    /// Steps not yet returned (index -1: a step over `RecordLimits.steps`, not kept).
    var openSteps: [(index: Int, wallStart: Double)] = []
    /// Bytes of log messages the running test kept (see `RecordLimits.logBytes`).
    var logBytes = 0
    /// Log entries left out since the log was full, and where the note counting them is.
    var droppedLogEntries = 0
    var logNoteIndex: Int?

    typealias Native = (name: String, body: (ScriptModule, Session, LuaStack) -> LuaCallbackResult)

    /// Clock time the running test started at; log and step times are relative to it.
    var testStart = 0.0

    /// The innermost step that has begun and not yet ended, if any.
    var runningStep: TestStepRecord? { openSteps.last.flatMap { $0.index >= 0 ? steps[$0.index] : nil } }

    /// Forgets the log and steps (a new test starts at clock time `start`).
    func resetRecords(start: Double) {
        testStart = start
        log.removeAll()
        steps.removeAll()
        openSteps.removeAll()
        notedFailure = nil
        logBytes = 0
        droppedLogEntries = 0
        logNoteIndex = nil
    }

    /// Pushes the table onto `state`'s main stack.
    func push(into state: LuaState) {
        state.pushModule(
            (Self.natives + Self.visualNatives + Self.controlNatives + Self.timingNatives).map { native in
                (
                    native.name,
                    { [weak self] stack in
                        guard let self, let session = self.session else {
                            return .error("the script is not bound to a running prototype")
                        }
                        return native.body(self, session, stack)
                    }
                )
            } + [
                ("hint", { [weak self] in self?.hint($0) ?? .values(0) }),
                ("read_module", { [weak self] in self?.readModule($0) ?? .values(0) }),
                ("text_key", Self.textKey), ("quote_labels", Self.quoteLabels),
                (
                    // param(key) → the parameter's text, or nil when not given
                    "param",
                    { [weak self] stack in
                        if let value = self?.parameters[stack.string(1) ?? ""] {
                            stack.push(value)
                        } else {
                            stack.pushNil()
                        }
                        return .values(1)
                    }
                ),
                (
                    "note_failure",
                    { [weak self] stack in
                        self?.notedFailure = stack.message(1)
                        return .values(0)
                    }
                ),
                (
                    "double_tap_interval",
                    {
                        $0.push(GestureRecognizer.doubleTapInterval)
                        return .values(1)
                    }
                ),
                (
                    "swipe_min_distance",
                    {
                        $0.push(GestureRecognizer.swipeMinDistance)
                        return .values(1)
                    }
                ),
                (
                    "swipe_max_duration",
                    {
                        $0.push(GestureRecognizer.swipeMaxDuration)
                        return .values(1)
                    }
                ),
            ])
    }

    /// `read_module(name)` → the text of `<script folder>/<name with dots as slashes>.lua` and
    /// its path, or nil and why not. Only files inside the script's folder (after resolving
    /// symbolic links) can be read.
    private func readModule(_ stack: LuaStack) -> LuaCallbackResult {
        let name = stack.string(1) ?? ""
        let valid =
            !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }
        guard valid, !name.hasPrefix("."), !name.contains("..") else {
            stack.pushNil()
            stack.push("module names are letters, digits, _ and dots (a dot is a folder separator), got \"\(name)\"")
            return .values(2)
        }
        let relative = name.replacingOccurrences(of: ".", with: "/") + ".lua"
        let folder = scriptFolder.isEmpty ? "." : scriptFolder
        let path = (folder as NSString).appendingPathComponent(relative)
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().standardizedFileURL.path
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        if resolved.hasPrefix(root + "/"), let kind = RegularFile.kind(atPath: resolved) {
            stack.pushNil()
            stack.push("module \"\(name)\": \(path) is \(kind), not a Lua file")
            return .values(2)
        }
        guard resolved.hasPrefix(root + "/"), let data = RegularFile.contents(atPath: resolved) else {
            stack.pushNil()
            stack.push(
                FileManager.default.fileExists(atPath: path)
                    ? "\(path) leads outside the script's folder; require loads only modules beside the script"
                    : "no module \"\(name)\": \(path) does not exist (require loads only modules beside the script)")
            return .values(2)
        }
        // Lua's own load() runs the module: read it as `lua` reads a file (byte-order mark, `#!` line).
        stack.push(LuaChunkText.asFileChunk(String(decoding: data, as: UTF8.self)))
        stack.push(relative)
        modulePaths.insert(relative)
        return .values(2)
    }

    /// The last did-you-mean asked for and its answer: a locator that keeps failing asks
    /// again on every retry frame with the same name and labels, and gets it from here.
    private var lastHint: (name: String, candidates: [String], hint: String)?

    /// `sf.hint(name, candidate…)`: `NearestName.hint`, computed once per distinct question.
    private func hint(_ stack: LuaStack) -> LuaCallbackResult {
        let name = stack.string(1) ?? ""
        let candidates = stack.top < 2 ? [] : (2...stack.top).compactMap { stack.string($0) }
        if let last = lastHint, last.name == name, last.candidates == candidates {
            stack.push(last.hint)
            return .values(1)
        }
        let hint = NearestName.hint(for: name, among: candidates)
        lastHint = (name, candidates, hint)
        stack.push(hint)
        return .values(1)
    }

    nonisolated(unsafe) static let natives: [Native] =
        designerNatives + [
            (
                "now",
                { _, session, s in
                    s.push(session.now)
                    return .values(1)
                }
            ),
            (
                "settled",
                { _, session, s in
                    s.push(session.isSettled)
                    return .values(1)
                }
            ),
            (
                "scene",
                { _, session, s in
                    s.push(session.currentScene)
                    return .values(1)
                }
            ),
            (
                "scene_exists",
                { _, session, s in
                    s.push(session.scene(s.string(1) ?? "") != nil)
                    return .values(1)
                }
            ),
            (
                "scene_names",
                { _, session, s in
                    pushList(session.prototype.sceneOrder, s)
                    return .values(1)
                }
            ),
            (
                "history",
                { _, session, s in
                    pushList(session.history, s)
                    return .values(1)
                }
            ),
            (
                "elements",
                { _, session, s in
                    pushElements(session, s)
                    return .values(1)
                }
            ),
            (
                "screen_center",
                { _, session, s in
                    let center = session.screenBounds.center  // turned while a landscape screen shows
                    s.push(center.x)
                    s.push(center.y)
                    return .values(2)
                }
            ),
            (
                "device",
                { _, session, s in
                    s.push(session.screenDevice.width)  // as shown: turned in landscape
                    s.push(session.screenDevice.height)
                    return .values(2)
                }
            ),
            ("input", { _, session, s in input(session, s) }),
            (
                "input_mark",
                { _, session, s in
                    s.push(Double(session.timeline.events.count))
                    return .values(1)
                }
            ),
            (
                "interruption",
                { module, session, s in
                    let mark = Int(s.number(1) ?? 0)
                    guard let why = session.gestureInterruption(since: mark, testStart: module.testStart) else {
                        s.pushNil()
                        return .values(1)
                    }
                    s.push(why)
                    return .values(1)
                }
            ),
            ("hit_point", { _, session, s in hitPoint(session, s) }),
            ("back", { _, session, s in back(session, s) }),
            (
                "state",
                { module, _, s in
                    guard let app = module.app else {
                        s.pushNil()
                        return .values(1)
                    }
                    app.pushState(onto: s)
                    return .values(1)
                }
            ),
            (
                "log",
                { module, session, s in
                    let level = TestLogEntry.Level(rawValue: s.string(1) ?? "") ?? .message
                    let line = s.number(3).map { Int(saturating: $0) }
                    module.appendLog(
                        level: level, clockTime: ClockTicks.between(module.testStart, session.now), line: line,
                        message: 2, from: s)
                    return .values(0)
                }
            ),
            (
                "step_begin",
                { module, session, s in
                    module.beginStep(
                        call: 1, line: s.number(2).map { Int(saturating: $0) },
                        clockStart: ClockTicks.between(module.testStart, session.now), group: s.string(3), from: s)
                    return .values(0)
                }
            ),
            (
                "step_depth",
                { module, _, s in
                    s.push(Double(module.openSteps.count))
                    return .values(1)
                }
            ),
            (
                // step_unwind(depth): the steps a failure left open beyond `depth` end failed
                // (passed stays false, clockEnd nil: they did not return).
                "step_unwind",
                { module, _, s in
                    let depth = max(0, Int(s.number(1) ?? 0))
                    if module.openSteps.count > depth { module.openSteps.removeLast(module.openSteps.count - depth) }
                    return .values(0)
                }
            ),
            (
                "step_end",
                { module, session, s in
                    guard let open = module.openSteps.popLast(), open.index >= 0 else { return .values(0) }
                    module.steps[open.index].clockEnd = ClockTicks.between(module.testStart, session.now)
                    module.steps[open.index].wallSeconds = ProcessInfo.processInfo.systemUptime - open.wallStart
                    // step_end(false): a step() that returned with soft failures inside
                    module.steps[open.index].passed = s.isNil(1) || s.isTruthy(1)
                    return .values(0)
                }
            ),
        ]

    static func pushList(_ names: [String], _ stack: LuaStack) {
        stack.newTable()
        let table = stack.top
        for (offset, name) in names.enumerated() {
            stack.push(name)
            stack.rawSet(at: offset + 1, table: table)
        }
    }

    private static func pushElements(_ session: Session, _ stack: LuaStack) {
        let elements = session.screenElements  // frames on screen (an overlay's moved to where it sits)
        let shown = session.visibleFrames  // the parts that show: not under a scroll scene's fixed bands
        stack.newTable()
        let list = stack.top
        for (offset, element) in elements.enumerated() {
            stack.newTable()
            let item = stack.top
            stack.push(element.label)
            stack.rawSet("label", table: item)
            stack.push(element.kind)
            stack.rawSet("kind", table: item)
            stack.newTable()
            let frame = stack.top
            for (key, value) in [
                ("x", element.frame.x), ("y", element.frame.y), ("w", element.frame.width), ("h", element.frame.height),
            ] {
                stack.push(value)
                stack.rawSet(key, table: frame)
            }
            stack.rawSet("frame", table: item)
            if let value = session.value(of: element) {
                stack.push(value)
                stack.rawSet("value", table: item)
            }
            ControlScriptFunctions.addFields(of: element, session: session, stack: stack, table: item)
            stack.push(element.enabled)
            stack.rawSet("enabled", table: item)
            stack.push(Double(offset + 1))
            stack.rawSet("index", table: item)
            stack.push(shown[offset] != nil)
            stack.rawSet("visible", table: item)
            stack.rawSet(at: offset + 1, table: list)
        }
    }

    /// `hit_point(index)` → x, y of a point of element `index` (1-based, declaration order) of
    /// the current scene that a press would hit: its centre when that is on screen and not
    /// covered by a later element, else the nearest such point on a 9x9 grid over the element;
    /// or nil and why there is none.
    private static func hitPoint(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        let elements = session.screenElements  // where they are shown: scrolled, in an overlay, in landscape
        let index = Int(saturating: stack.number(1) ?? 0) &- 1
        guard elements.indices.contains(index) else {
            stack.pushNil()
            stack.push("the element is no longer in scene \"\(session.currentScene)\"")
            return .values(2)
        }
        let frame = elements[index].frame
        let screen = session.screenBounds
        let shown = session.visibleFrames  // only the part that shows can be hit (not under a fixed band)
        let area = shown[index] ?? frame  // the grid covers the part that shows, however thin
        var candidates = [frame.center, area.center]
        for i in 0...8 {
            for j in 0...8 {
                candidates.append(
                    Point(
                        x: area.x + area.width * (Double(i) + 0.5) / 9, y: area.y + area.height * (Double(j) + 0.5) / 9)
                )
            }
        }
        candidates.sort { $0.distance(to: frame.center) < $1.distance(to: frame.center) }
        var coveredBy: String?
        for p in candidates where screen.contains(p) && shown[index]?.contains(p) == true {
            let top = shown.lastIndex { $0?.contains(p) == true }
            if top == index {
                stack.push(p.x)
                stack.push(p.y)
                return .values(2)
            }
            if let top, coveredBy == nil { coveredBy = elements[top].label }
        }
        stack.pushNil()
        let scrolls = session.currentOverlayFrame == nil && session.scrollGeometry(session.currentScene) != nil
        if scrolls, let problem = session.unreachableScrollProblem(elements[index].label) {
            stack.push(problem)
        } else if scrolls, !frame.intersects(screen) {
            stack.push(
                "the element lies outside the \(formatNumber(screen.width))x\(formatNumber(screen.height)) pt screen (frame \(frame)), further along the scroll region; scroll_to its label first"
            )
        } else if shown[index] == nil, frame.intersects(screen), scrolls {
            stack.push(
                "the element is scrolled under the fixed header or footer (frame \(frame) on screen); scroll_to its label first"
            )
        } else if let coveredBy {
            stack.push(
                "the element is covered by \"\(coveredBy)\" (declared later in the scene, so it lies on top); no point of it can be tapped"
            )
        } else {
            stack.push(
                "the element lies outside the \(formatNumber(screen.width))x\(formatNumber(screen.height)) pt screen (frame \(frame))"
            )
        }
        return .values(2)
    }

    private static func input(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        guard let phaseName = stack.string(1), let phase = InputEvent.Phase(rawValue: phaseName),
            let x = stack.number(2), let y = stack.number(3), let time = stack.number(4)
        else { return .error("input: expected (\"down\"|\"move\"|\"up\", x, y, time)") }
        session.schedule(InputEvent(phase, Point(x: x, y: y), at: ClockTicks.snap(time)))  // on the clock's ticks
        return .values(0)
    }

    private static func back(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        guard session.stack.count > 1 else {
            stack.push("nothing to go back to: \"\(session.currentScene)\" is the only scene on the stack")
            return .values(1)
        }
        session.perform(.back, source: "script back()")
        return .values(0)
    }
}

extension ScriptModule {
    /// `diagnostic` moved to the required module its message starts with
    /// (`lib/login.lua:4: message` → the file `<script folder>/lib/login.lua`, line 4,
    /// `message`); unchanged when it names no loaded module.
    func placeInModule(_ diagnostic: Diagnostic) -> Diagnostic {
        for path in modulePaths where diagnostic.message.hasPrefix(path + ":") {
            let rest = diagnostic.message.dropFirst(path.count + 1)
            let digits = rest.prefix { $0.isNumber }
            guard let line = Int(digits), rest.dropFirst(digits.count).hasPrefix(": ") else { continue }
            let file = scriptFolder.isEmpty ? path : (scriptFolder as NSString).appendingPathComponent(path)
            return Diagnostic(file: file, line: line, message: String(rest.dropFirst(digits.count + 2)))
        }
        return diagnostic
    }
}
