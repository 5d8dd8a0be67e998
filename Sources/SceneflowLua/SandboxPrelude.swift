/// The Lua code run once in every state before any user file: it builds sandbox
/// environments and the action constructors of `prototype.lua`.
///
/// Registration table (all Lua, no native functions). The chunk runs with the full standard
/// libraries and returns a helper table `H` kept in the registry:
/// - `H.sandbox()` → a fresh environment with only the safe parts of base (no `dofile`,
///   `loadfile`, `require`; `load` accepts text chunks only and defaults to the sandbox),
///   copies of `string` (`dump` raises an error), `table`, `math` and `utf8`. The shared
///   string metatable is hidden (`getmetatable("")` is `"string"`) and indexes a copy of `string`
///   without `dump`. No `io`, `os`,
///   `package`, `debug` or `coroutine`.
/// - `H.copy_state(t)` → a deep copy of table `t` (or an empty table for nil): each test and
///   each play starts from a fresh copy of the prototype's `state`.
/// - `H.prototype_env()` → a sandbox plus `go(scene [, transition [, duration [, curve]]])`,
///   `replace(scene [, transition [, duration [, curve]]])`, `present(scene [, transition [, duration [, curve]]])`, `back()` and `dismiss()`. Each
///   returns a table tagged with the metatable `H.action_mt` holding `op`, the arguments as
///   given, `nargs` and the `line` of the call; the loader validates them with the path where
///   the action is used, so every problem is reported, not only the first.
enum SandboxPrelude {
    static let chunkName = "=[sceneflow]"

    static let source = EmbeddedLua.sandbox
}
