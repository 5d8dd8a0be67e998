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
/// - `elements_revision()` → a number that changes whenever what `elements()` returns may have
///   changed (`elementsRevision(of:)`); the locators keep the elements while it does not
/// - `screen_center()` → x, y; `device()` → width, height in points
/// - `input(phase, x, y, time)` → schedules an `InputEvent` (`"down"`, `"move"`, `"up"`) at
///   `time` taken to the clock's tick
/// - `input_mark()` → a mark (the timeline's length) taken before a gesture schedules input;
///   `interruption(mark)` → why that gesture did not reach its scene whole (a scene's timed
///   action changed it; `Session.gestureInterruption`), or nil
/// - `back()` → performs `.back`; returns a message instead when there is nothing to go back to
/// - `all_elements()` → `{label, kind}` of every element the prototype's scenes declare and
///   the screen shows
/// - `history()` → list of scene names; `state()` → the prototype's current state table;
///   `state_keys()` → the keys it had after each action; `state_named(key)` → whether
///   prototype.lua names `key` (`LuaSourceNames`)
/// - `hint(name, candidate...)` → `; did you mean "x"?` or ""
/// - `log(level, text, line)`; `step_begin(call, line [, group])` → the step's depth;
///   `step_end([passed [, depth]])` (the steps still open inside the one at `depth` end failed
///   first): recorded for the report (`group`: the name of a `step(name, fn)`); `step_depth()`
///   → how many steps are open; `step_unwind(depth)` ends the steps open beyond `depth` as failed
/// - `note_failure(message)`: `api.fail` notes the message it raises (an expectation failure)
/// - `param(key)` → the `--param` value for `key`, or nil (also while the script loads)
/// - star ratings: `control`, `control_point`, `set_value`, `adjust` (`controlNatives`, in
///   ScriptModule+Controls.swift); `elements()` adds a star rating's number of stars as `value`
///   and every element's spoken value as `accessibility_value`
/// - transition timing: `last_transition` (`timingNatives`, in ScriptModule+Timing.swift)
/// - where the rest lives: `elements`, `hit_point`, `shown_frame`, `input` and `back` in ScriptModule+Screen.swift;
///   `log` and the step functions (`recordNatives`) in ScriptModule+Records.swift; `read_module`
///   and `placeInModule` in ScriptModule+Modules.swift
final class ScriptModule {
    /// The session the script drives; set by `ScriptRuntime.bind(_:)`.
    var session: Session?
    /// The prototype's `app` object, whose `state` table `state()` returns.
    var app: AppModule?
    /// Loads the prototype's Lua afresh in this state (`ScriptRuntime.loadPrototypeAfresh`),
    /// after the file's `before_all` hooks.
    var freshPrototype: (() -> Void)?
    /// The script's folder: `require` loads modules from here only.
    var scriptFolder = ""
    /// The script's path as given (`Scripts/walk.lua`) and its label in Lua's messages
    /// (`walk.lua`, `LuaSource.label`), for `withTraceFromWorkingDirectory`.
    var scriptPath = ""
    var scriptLabel = ""
    /// The modules `require` loaded, as paths from the script's folder (their chunk names):
    /// a message starting `lib/login.lua:4: ` is placed in that file (`placeInModule`).
    var modulePaths: Set<String> = []
    /// Where `require` looked for a module that is not there (nil: not collected).
    var missingModules: MissingModules?
    /// What `param(key)` returns: `sceneflow test --param key=value` and `--param-env NAME`.
    var parameters: [String: String] = [:]
    /// The keys `param(key)` asked for, given or not: a `--param` no test read is warned about.
    var parametersRead: Set<String> = []
    /// Called with each key `param(key)` asks for the first time in this Lua state, as it is
    /// asked: a load stopped later (a C call that never returns, a killed worker) still read
    /// it (red-team 43 A F3).
    var onParameterRead: ((String) -> Void)?
    /// Registry reference to the shared `api` table of the preludes.
    var apiRef: Int32 = -2
    /// Renders and compares frames for `expect.screenshot`, `capture` and `expect.tree`;
    /// set by the runner.
    weak var visualChecks: (any VisualChecks)?
    /// The log, steps and soft failures of the running test (`TestRecordJournal`), changed
    /// through `record(_:)`, or applied directly when no report could lose the change (a step
    /// or log entry over its cap).
    var records = TestRecordJournal()
    /// Gets every change to `records` the reports could lose (a kept log entry or step, a
    /// soft failure, a fresh start) as it happens: a `sceneflow test` worker streams them to
    /// its runner, which keeps them when the worker is stopped inside the test.
    var recordSink: ((TestRecordEvent) -> Void)?
    /// Log entries of the running test.
    var log: [TestLogEntry] { records.log }
    /// Steps of the running test; `openSteps` indexes the ones not yet returned.
    var steps: [TestStepRecord] { records.steps }
    /// Steps not yet returned (index -1: a step over `RecordLimits.steps`, not kept).
    var openSteps: [(index: Int, wallStart: Double)] { records.openSteps }
    /// The last message `api.fail` raised (`note_failure(message)`), so the runtime can tell an
    /// expectation that did not hold from a Lua runtime error; reset per test.
    var notedFailure: String?
    /// The errors of the file's `after_all` hooks in the running test (`sf.after_all_failed`),
    /// reported as their own entry rather than as that test's failure; first, in a load made
    /// for them, before_all's failure there (`sf.before_all_failed`, `AfterAllMessage`).
    var afterAllFailures: [String] = []
    /// The running test's soft failures not yet in its failure message, one line each
    /// (`soft_failed`; `soft_reported` clears them once the Lua side listed them): what a
    /// limit or a stop that ends the test from Swift appends (`ScriptRuntime.unreportedSoftFailures`).
    var softFailures: [String] { records.softFailures }

    /// `systemUptime` when the file's after_all hooks began in the running test, for the
    /// `(after_all)` entry's time.
    var afterAllStart: Double?
    /// The session's clock time when the file's after_all hooks began (`ScriptRuntime.afterAllClockStart`).
    var afterAllClockStart: Double?

    /// The phases the running test entered, in order (`sf.phase`: `before_all`, `before_each`,
    /// `test`, `after_each`, `after_all`; the first few only), since its records were last
    /// reset: whether its after_each hooks began (`ScriptRuntime.endedBeforeAfterEach`).
    var phasesEntered: [String] = []
    /// Whether the memory limit had failed the state already when the after_each hooks began:
    /// then they could not run (the test's own code passed the limit); else a memory failure
    /// afterwards is theirs (`ScriptRuntime.endedBeforeAfterEach`, red-team finding p2).
    var memoryFailedBeforeAfterEach = false

    /// In a fresh load that runs only a test's after_each hooks (`HooksOnly.afterEach`), true
    /// until they begin: the runner's stream keeps the test's own records (its log, steps and
    /// soft failures, which a worker stopped in the hooks must keep), so this load's reset and
    /// its before_all's records are not handed on; `.phase` events always are.
    var holdsStream = false
    /// In such a load, how the test failed before (as Lua raises it, `walk.lua:4: message`):
    /// the `after_each` phase carries it, as in the test's own Lua state, so a stop in the
    /// hooks follows the test's failure instead of reading as it (red-team 19 F1).
    var failureBeforeHooks: String?

    /// Applies `event` to `records` and hands it to `recordSink` (unless `holdsStream`; a
    /// phase and a visual check always: a baseline or capture a held load's before_all wrote
    /// is on disk, and a worker stopped after it must still name it; red-team 48 A F2).
    func record(_ event: TestRecordEvent) {
        records.apply(event)
        switch event {
        case .phase, .visual, .visualAmended: recordSink?(event)
        default: if !holdsStream { recordSink?(event) }
        }
    }

    /// Forgets the soft failures once the Lua side listed them in the failure message (the
    /// runner's copy keeps them: they are the test's findings if its worker is stopped later).
    func softFailuresReported() { records.forgetSoftFailures() }

    typealias Native = (name: String, body: (ScriptModule, Session, LuaStack) -> LuaCallbackResult)

    /// Clock time the running test started at; log and step times are relative to it.
    var testStart = 0.0
    /// How many of `steps` are before_all's (kept in the first test that runs): the test's own
    /// come after them, and a clock-limit message counts only those (red-team finding 9-m1).
    var testStepsStart = 0

    /// The session whose `elementsRevision` `elementsRevision(of:)` last read, and that
    /// revision: a new session (a test's fresh prototype) starts its own count, so the number
    /// handed to Lua is this module's own (`scriptRevision`).
    private weak var revisedSession: Session?
    private var sessionRevision = 0
    private var scriptRevision = 0

    /// `sf.elements_revision()`: a number that stays the same exactly while what `sf.elements()`
    /// returns stays the same (`Session.elementsRevision`), across sessions too: the Lua layer
    /// keeps the elements it read, with their normalised labels, while it does not change.
    func elementsRevision(of session: Session) -> Int {
        let revision = session.elementsRevision
        if revisedSession !== session || revision != sessionRevision {
            revisedSession = session
            sessionRevision = revision
            scriptRevision += 1
        }
        return scriptRevision
    }

    /// The innermost step that has begun and not yet ended, if any.
    var runningStep: TestStepRecord? { records.runningStep }

    /// Forgets the log and steps (a new test starts at clock time `start`).
    func resetRecords(start: Double) {
        testStart = start
        testStepsStart = 0
        record(.reset)
        afterAllStart = nil
        afterAllClockStart = nil
        notedFailure = nil
        afterAllFailures.removeAll()
        phasesEntered.removeAll()
        memoryFailedBeforeAfterEach = false
    }

    /// Pushes the table onto `state`'s main stack.
    func push(into state: LuaState) {
        state.pushModule(
            (Self.natives + Self.visualNatives + Self.controlNatives + Self.timingNatives).map { native in
                (
                    native.name,
                    { [weak self] stack in
                        guard let self, let session = self.session else {
                            return .error(
                                "the prototype runs only inside test(\"name\", function() ... end) and its hooks: its state, scenes and elements are read there, not at the script's top level"
                            )
                        }
                        return native.body(self, session, stack)
                    }
                )
            } + [
                ("hint", { [weak self] in self?.hint($0) ?? .values(0) }),
                ("read_module", { [weak self] in self?.readModule($0) ?? .values(0) }),
                ("text_key", Self.textKey), ("quote_labels", Self.quoteLabels),
                (
                    // name_api(short_src, linedefined, name): where a Sceneflow function's body
                    // is defined, for the watchdog's message (sf_name_api); run as the API loads
                    "name_api",
                    { s in
                        s.nameAPI(
                            source: s.string(1) ?? "", line: Int(saturating: s.number(2) ?? 0),
                            name: s.string(3) ?? "")
                        return .values(0)
                    }
                ),
                (
                    // param(key) → the parameter's text, or nil when not given
                    "param",
                    { [weak self] stack in
                        let key = stack.string(1) ?? ""
                        if let self, self.parametersRead.count < 10_000, self.parametersRead.insert(key).inserted {
                            self.onParameterRead?(key)
                        }
                        if let value = self?.parameters[key] {
                            stack.push(value)
                        } else {
                            stack.pushNil()
                        }
                        return .values(1)
                    }
                ),
                (
                    "after_all_failed",
                    { [weak self] stack in
                        let message = MessageClip.clip(stack.message(1) ?? "error")
                        self?.afterAllFailures.append(message)
                        self?.record(.afterAllFailed(message))
                        return .values(0)
                    }
                ),
                (
                    // before_all failed in a load made for the after_all hooks: their entry's
                    // first part (red-team 37 W3: it was in no report).
                    "before_all_failed",
                    { [weak self] stack in
                        let message = AfterAllMessage.beforeAllFailed + MessageClip.clip(stack.message(1) ?? "error")
                        self?.afterAllFailures.append(message)
                        self?.record(.afterAllFailed(message))
                        return .values(0)
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
}
