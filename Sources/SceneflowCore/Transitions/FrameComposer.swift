/// Where each mounted scene is drawn during a transition: layer offsets in points and alphas,
/// from the transition kind and the eased progress.
///
/// The crossfade draws the outgoing scene opaque and the incoming one over it at alpha p, so
/// the frame is `outgoing × (1 − p) + incoming × p`: the outgoing scene's visible weight falls
/// as the incoming one's rises, without the dip to black that fading both over a black
/// background would give.
public enum FrameComposer {
    /// The layers, back to front, for a transition of `kind` from `from` to `to` at eased
    /// progress `p` (0…1) on a screen of `size` points.
    public static func layers(
        kind: TransitionKind, progress p: Double, size: Size, from: SceneLayer, to: SceneLayer
    ) -> [SceneLayer] {
        let w = size.width
        let h = size.height
        func at(_ layer: SceneLayer, _ x: Double, _ y: Double, alpha: Double = 1) -> SceneLayer {
            var moved = layer
            moved.offset = Point(x: x, y: y)
            moved.alpha = alpha
            return moved
        }
        switch kind {
        case .none: return [at(to, 0, 0)]
        case .crossfade: return [at(from, 0, 0), at(to, 0, 0, alpha: p)]
        case .pushLeft: return [at(from, -w * p, 0), at(to, w * (1 - p), 0)]
        case .pushRight: return [at(from, w * p, 0), at(to, -w * (1 - p), 0)]
        case .pushUp: return [at(from, 0, -h * p), at(to, 0, h * (1 - p))]
        case .pushDown: return [at(from, 0, h * p), at(to, 0, -h * (1 - p))]
        case .coverLeft: return [at(from, 0, 0), at(to, w * (1 - p), 0)]
        case .coverRight: return [at(from, 0, 0), at(to, -w * (1 - p), 0)]
        case .coverUp: return [at(from, 0, 0), at(to, 0, h * (1 - p))]
        case .coverDown: return [at(from, 0, 0), at(to, 0, -h * (1 - p))]
        case .revealLeft: return [at(to, 0, 0), at(from, -w * p, 0)]
        case .revealRight: return [at(to, 0, 0), at(from, w * p, 0)]
        case .revealUp: return [at(to, 0, 0), at(from, 0, -h * p)]
        case .revealDown: return [at(to, 0, 0), at(from, 0, h * p)]
        }
    }

    /// The frame for `prototype` showing `from` → `to` with `transition` at linear progress
    /// `t` (0…1), the device upright; the timing curve is applied here. Used by
    /// `sceneflow render --at`.
    public static func frame(
        prototype: Prototype, from: String, to: String, transition: Transition, linearProgress t: Double
    ) -> FrameDescription {
        frame(prototype: prototype, from: from, to: to, transition: transition, linearProgress: t, held: .portrait)
    }

    /// A still layer for `scene` at the origin, fully opaque, the device upright (a landscape
    /// scene shows turned anyway; see `layer(_:_:held:)`).
    public static func layer(_ prototype: Prototype, _ scene: String) -> SceneLayer {
        layer(prototype, scene, held: .portrait)
    }
}
