/// The sections of the script API, run in this order after `ScriptPrelude`, each called with
/// the shared `api` table. A section registers its functions with `api.define{...}`; add a new
/// area (for example a new control) as a new `ScriptAPI+Area.swift` file and one entry here.
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
    ]
}
