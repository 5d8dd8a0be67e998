/// How scenes show when the device is held in an orientation: landscape variants
/// (`landscape = { image = ..., elements = ... }`) and separate landscape scenes
/// (`landscape = "scene"`). Pure functions of the prototype, shared by sessions and
/// `sceneflow render --landscape`.
extension Prototype {
    /// Sets `portraitScene` on every scene another's landscape sequence names
    /// (`landscape = "name"` or `landscape = { "name", ... }`; the first such scene in
    /// declaration order), and clears it on the others.
    mutating func linkLandscapeScenes() {
        let ordered = orderedScenes
        for name in sceneOrder {
            scenes[name]?.design.portraitScene = ordered.first { $0.design.landscapeSequence.contains(name) }?.name
        }
    }

    /// The portrait scene owning each separate landscape scene (its `portraitScene`): where
    /// turning the device upright from it goes.
    public var landscapeOwners: [String: String] { scenes.compactMapValues(\.design.portraitScene) }

    /// True when `scene` is drawn on the turned device while the device is held in
    /// `orientation`: a landscape scene (named by another's `landscape = "name"`) always, a
    /// scene with a landscape variant in landscape, any other scene never.
    public func showsLandscape(_ scene: String, held orientation: Orientation) -> Bool {
        guard let design = scenes[scene]?.design else { return false }
        return design.portraitScene != nil || (orientation == .landscape && design.landscape != nil)
    }

    /// True when a navigation from `from` to `to`, leaving the stack `entries` (top last),
    /// moves between orientations: one of the two shows in landscape and the other upright (a
    /// portrait-only scene on the turned device), so its animation is drawn as the device
    /// turning (`FrameTurn`; `Session.landscapeFrame`) and one declared `none` cuts. Presenting
    /// or dismissing an overlay never turns: the overlay is drawn over the scene below, turned
    /// or not. An overlay on top counts as shown the way the scene below it is (with a
    /// landscape look of its own).
    public func turnsScreen(from: String, to: String, entries: [Navigator.Entry], held orientation: Orientation)
        -> Bool
    {
        let top = entries.last
        if scenes[to]?.design.overlay != nil, top?.isModal == true { return false }  // presented
        if scenes[from]?.design.overlay != nil, to == top?.scene { return false }  // dismissed
        func landscape(_ scene: String) -> Bool {
            if scene == top?.scene, entries.count >= 2, scenes[scene]?.design.overlay != nil {
                return landscape(entries[entries.count - 2].scene) && scenes[scene]?.design.landscape != nil
            }
            return showsLandscape(scene, held: orientation)
        }
        return landscape(from) != landscape(to)
    }

    /// The device as it shows `scene` held in `orientation`: turned (width and height in
    /// points swapped) when the scene shows in landscape.
    public func device(showing scene: String, held orientation: Orientation) -> Device {
        showsLandscape(scene, held: orientation) ? device.rotated : device
    }

    /// The devices the overlay scene `overlay` is presented on: the turned one when a
    /// landscape variant's element or a landscape scene presents it, the upright one when a
    /// portrait scene does (or when nothing names it, e.g. a Lua function presents it).
    /// Upright first when both.
    public func devices(presenting overlay: String) -> [Device] {
        var upright = false
        var turned = false
        for scene in orderedScenes {
            for (path, action) in scene.actions {
                guard case .present(let target, _) = action, target == overlay else { continue }
                if path.contains(".landscape.") || scene.design.portraitScene != nil {
                    turned = true
                } else {
                    upright = true
                }
            }
        }
        var devices: [Device] = []
        if upright || !turned { devices.append(device) }
        if turned { devices.append(device.rotated) }
        return devices
    }

    /// The scene on screen for `scene` held in `orientation`: its separate landscape scene in
    /// landscape (`landscape = "name"`), else `scene` itself.
    public func scene(shownFor scene: String, held orientation: Orientation) -> String {
        guard orientation == .landscape, let other = scenes[scene]?.design.landscapeScene else { return scene }
        return other
    }

    /// The scroll region of `scene` as shown: the landscape variant's own region when
    /// `landscape` (a landscape scene's own region, which is in landscape points); the
    /// portrait region otherwise. Nil when that does not scroll.
    public func scrollRegion(_ scene: String, landscape: Bool) -> ScrollRegion? {
        guard let design = scenes[scene]?.design else { return nil }
        if design.portraitScene != nil { return design.scroll }
        return landscape ? design.landscape?.scroll : design.scroll
    }

    /// The scroll geometry of `scene` as shown (screen in landscape points when `landscape`).
    public func scrollGeometry(_ scene: String, landscape: Bool) -> ScrollGeometry? {
        guard let region = scrollRegion(scene, landscape: landscape) else { return nil }
        let d = landscape ? device.rotated : device
        return ScrollGeometry(screenWidth: d.width, screenHeight: d.height, region: region)
    }
}

extension FrameComposer {
    /// A still layer for `scene` as shown held in `orientation`, at the origin, fully opaque,
    /// scrolled to the top: its landscape screenshot (decoded at the turned pixel size) when
    /// it shows in landscape.
    public static func layer(_ prototype: Prototype, _ scene: String, held orientation: Orientation) -> SceneLayer {
        let s = prototype.scenes[scene]
        let landscape = prototype.showsLandscape(scene, held: orientation)
        var layer = SceneLayer(
            scene: scene, image: s?.image ?? "", screen: s?.screen ?? .wholeImage, offset: Point(x: 0, y: 0), alpha: 1)
        if landscape, s?.design.portraitScene == nil, let variant = s?.design.landscape {
            layer.image = variant.image
            layer.screen = variant.screen
        }
        layer.rotated = landscape
        if let g = prototype.scrollGeometry(scene, landscape: landscape) {
            layer.contentHeight = g.contentHeight
            layer.slices = g.slices(offset: 0)
            layer.scroll = ScrollPosition(geometry: g, offset: 0)
        }
        return layer
    }

    /// The frame for `prototype` showing `from` → `to` with `transition` at linear progress
    /// `t` (0…1) with the device held in `orientation`. Both scenes on the same screen
    /// (portrait or turned): animated as usual; one portrait and one landscape: the device
    /// turning from `from` to `to` (`FrameTurn`), or a cut for a transition declared `none`.
    public static func frame(
        prototype: Prototype, from: String, to: String, transition: Transition, linearProgress t: Double,
        held orientation: Orientation
    ) -> FrameDescription {
        let device = prototype.device(showing: to, held: orientation)
        let sameScreen = prototype.device(showing: from, held: orientation) == device
        let p = transition.curve.value(at: t)
        if !sameScreen, transition.isAnimated {
            var frame = FrameDescription(device: device, layers: [layer(prototype, to, held: orientation)])
            frame.turn = FrameTurn.between(
                from: prototype.device(showing: from, held: orientation), [layer(prototype, from, held: orientation)],
                to: device, progress: p)
            return frame
        }
        let layers = layers(
            kind: transition.isAnimated && sameScreen ? transition.kind : .none, progress: p,
            size: Size(width: device.width, height: device.height),
            from: layer(prototype, from, held: orientation), to: layer(prototype, to, held: orientation))
        return FrameDescription(device: device, layers: layers)
    }
}
