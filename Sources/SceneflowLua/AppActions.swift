import SceneflowCore

/// What a Lua-function action (`on_tap = function(app) app:go("thanks") end`) may do to the
/// running prototype. `Session` conforms; tests may supply a recorder.
public protocol AppActions: AnyObject {
    /// The scene on top of the navigation stack.
    var currentScene: String { get }
    /// Runs a navigation action, as `Session.perform(_:source:)` does.
    func perform(_ action: Action, source: String)
}

extension Session: AppActions {}
