/// The base of the script API, written in Lua over the native table of `ScriptModule` (called
/// `sf` here), because waiting must yield the test's coroutine and a C function cannot.
///
/// The chunk is called with `(sandbox, sf, source, settle_timeout)` and returns the script's
/// environment, its declarations table and the shared `api` table that every section of
/// `ScriptAPISections` receives. The sections register the public functions with
/// `api.define{...}`, which stores the function in the environment *and* its reference entry
/// in `api.docs`; `sceneflow help api` prints those entries, so the reference cannot drift
/// from the code.
///
/// Shared helpers (used by the sections, not visible to scripts):
/// - `api.fail(message)`: raises `file:line: message` at the innermost line of the script,
///   noted with `sf.note_failure` as an expectation failure (not a Lua runtime error).
/// - `api.quote(v)`, `api.show(v)`: values as they appear in messages.
/// - `api.inside_test(what)`: fails unless called from the running test's own coroutine.
/// - `api.timeout(opts)`: the per-call `timeout`, else the `with_timeout` block's, else the
///   default (5 s of clock time).
/// - `api.wait_settled(what, timeout)`, `api.wait_until(what, t, timeout)`: yield frame by
///   frame until the prototype is settled (and the clock has reached `t`).
/// - `api.deliver(what, nothing, timeout, schedule)`: schedules a gesture's input, waits for
///   it, and fails when a scene's timed action changed the scene under it (issue 13.1).
/// - `api.poll(what, timeout, check)`: yields until `check()` returns true (checked on
///   settled frames only); on timeout fails with the message `check` returned last.
enum ScriptPrelude {
    static let chunkName = "=[sceneflow script api]"

    static let source = EmbeddedLua.prelude
}
