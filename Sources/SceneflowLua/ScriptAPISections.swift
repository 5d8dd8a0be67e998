/// The sections of the script API, run in this order after `ScriptPrelude`, each called with
/// the shared `api` table. A section registers its functions with `api.define{...}`. Each
/// section's Lua is the file `Lua/<name>.lua`, compiled in by the EmbedLua plugin as
/// `EmbeddedLua.<name>`; add a new area (for example a new control) as a new `Lua/area.lua` file,
/// one constant below and one entry in `all`.
enum ScriptAPISections {
    /// `(chunk name, Lua source)` per section, in load order.
    static let all: [(name: String, source: String)] = [
        ("structure", structure),
        ("logging", logging),
        ("locators", locators),
        ("gestures", gestures),
        ("waiting", waiting),
        ("reading", reading),
        ("expectations", expectations),
        ("visual", visual),
        ("controls", controls),
        ("timing", timing),
        ("designer", designer),
        ("soft", soft),
    ]

    /// `prototype`, `test`, `skip`, `only`, `before_each`, `after_each`, `before_all`,
    /// `after_all`, `step`, `param`, and `decl.run(i, last)`, the coroutine body the runtime
    /// starts for test `i`: before_all (in the first test run; its failure fails every test),
    /// before_each hooks, the test, after_each hooks (always run), after_all when `last`, then
    /// the soft failures; the first error wins.
    static let structure = EmbeddedLua.structure

    /// `log.message`, `log.debug`, `log.warn` and `print` (which logs a message): entries
    /// carry the clock time and the script line. A test that logs a warning passes *with
    /// warnings* (after Apple UI Automation's logger, plus the warning verdict it lacked).
    static let logging = EmbeddedLua.logging

    /// Locators and `within`. A locator is a label (exact match), or a table with one of
    /// `label`, `contains` (plain substring) or `pattern` (a Lua pattern), optionally `kind`
    /// and `index` (the n-th match, in declaration order). Strict like Playwright's locators:
    /// more than one match without `index` is an error listing the matches with their kinds and
    /// frames (`api.ambiguous`).
    ///
    /// `api.resolve(what, locator, timeout)` waits until the prototype is settled and the
    /// locator matches exactly one element of the current scene (inside the `within` scope),
    /// and returns that element table; `api.matches(locator)` returns the current matches.
    static let locators = EmbeddedLua.locators

    /// Gestures. Each waits until the prototype is settled and its element is present (up to
    /// the timeout), then schedules press → move → release input events at the element's
    /// centre through `Session.schedule`, the path the mouse takes, and waits until the input
    /// is delivered and the prototype has settled again.
    static let gestures = EmbeddedLua.gestures

    /// `wait`, `wait_for`, `with_timeout`. Waiting advances the virtual clock frame by frame:
    /// no real time passes.
    static let waiting = EmbeddedLua.waiting

    /// Reading state: `scene`, `elements`, `element`, `history`, `state`. These do not wait.
    static let reading = EmbeddedLua.reading

    /// Expectations on the prototype (`expect.scene`, `visible`, `hidden`, `value`, `count`,
    /// `state`), retried on every settled frame until they hold or the timeout passes (as
    /// Playwright's web-first assertions), and matchers on plain values (`expect(x).to_be(y)`),
    /// checked once.
    static let expectations = EmbeddedLua.expectations

    /// Visual checks: `expect.screenshot`, `capture`, `expect.tree`. The Lua side validates the
    /// options and resolves labels to frames; the runner renders, compares and stores files
    /// (see `VisualChecks`).
    static let visual = EmbeddedLua.visual

    /// Star ratings (issue 4): `rate`, `set_value`, `increment`, `decrement`. Reading uses the
    /// general functions: `element(label).value` is a star rating's number of stars and
    /// `.accessibility_value` its spoken value ("3.5 of 5 stars", "No rating");
    /// `expect.value(label, 4)` compares the number. Natives: `ScriptModule.controlNatives`.
    static let controls = EmbeddedLua.controls

    /// Transition timing (issue 6): `last_transition()` and `expect.transition{...}`.
    /// Natives: `ScriptModule.timingNatives`. Headless runs are on the virtual 60 Hz clock, so
    /// a transition's measured duration is its requested duration rounded up to a frame.
    static let timing = EmbeddedLua.timing

    /// Scroll regions: `scroll(direction [, points])` and `scroll_to(locator)`. Both drag the
    /// finger inside the scene's scrolling band (press → one move per frame → release, the
    /// path the mouse takes), in steps of at most 80 % of the band, slowly enough (0.4 s per
    /// step) that the content follows the finger exactly. The points are first clamped to what
    /// the content can still move; a move needing more than `MAX_DRAGS` (100) drags fails at
    /// once naming the band height, so a script never runs out its clock.
    static let designer = EmbeddedLua.designer

    /// `expect.soft`: every expectation (`expect.soft.scene`, …) and matcher
    /// (`expect.soft(x).to_be`) in a soft form, as Playwright's `expect.soft`. Loaded last, so
    /// it covers the expectations of every other section. A soft failure is kept in
    /// `api.soft` (reset per test); `decl.run` fails the test at its end with
    /// `api.soft_report()`.
    static let soft = EmbeddedLua.soft
}
