/// One call of the appearance lifecycle, as UIKit names them.
///
/// For a transition from A to B the order is (DESIGN.md §6): B will_appear, A will_disappear,
/// (frames), A did_disappear, B did_appear. `animated` is false for cuts.
public struct LifecycleEvent: Equatable, Sendable, CustomStringConvertible {
    /// The four phases.
    public enum Phase: String, Sendable {
        case willAppear = "will_appear"
        case didAppear = "did_appear"
        case willDisappear = "will_disappear"
        case didDisappear = "did_disappear"
    }
    /// Which call.
    public var phase: Phase
    /// The scene it concerns.
    public var scene: String
    /// Whether the change is animated.
    public var animated: Bool
    /// Creates a lifecycle event.
    public init(_ phase: Phase, _ scene: String, animated: Bool) {
        self.phase = phase
        self.scene = scene
        self.animated = animated
    }
    /// `details.will_appear(animated)`.
    public var description: String {
        "\(scene).\(phase.rawValue)(\(animated ? "animated" : "not animated"))"
    }
}
