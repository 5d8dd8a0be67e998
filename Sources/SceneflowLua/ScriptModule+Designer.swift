import SceneflowCore

extension ScriptModule {
    /// Natives for `Lua/designer.lua` (`ScriptAPISections.designer`):
    /// - `scroll_band()` → x (centre), top y, height of the current scene's scrolling band in
    ///   points, then the scroll offset and the largest offset (points), or nil and a message
    ///   when the scene has no scroll region or is shown as an overlay (scroll regions are for
    ///   full-screen scenes; the loader refuses `scroll` on a scene presented as an overlay)
    /// - `scroll_band()` also gives nil and a message when the region cannot move (its content
    ///   no taller than the screen)
    /// - `scroll_delta(label)` → points to scroll so the element is wholly in the band, or nil
    ///   and a message (no such label with did-you-mean, no scroll region, or the element can
    ///   never be brought into view: `Session.unreachableScrollProblem`)
    /// - `control_at(x, y)` → the label of the control a press there would go to, or nil
    ///   (`Session.controlLabel(at:)`): a scripted scroll does not start its drag on one
    /// - `rotate(orientation)` → turns the device (`Session.rotate(to:)`)
    nonisolated(unsafe) static let designerNatives: [Native] = [
        ("scroll_band", { _, session, s in scrollBand(session, s) }),
        ("scroll_delta", { _, session, s in scrollDelta(session, s) }),
        (
            "control_at",
            { _, session, s in
                let label = session.controlLabel(at: Point(x: s.number(1) ?? -1, y: s.number(2) ?? -1))
                if let label { s.push(label) } else { s.pushNil() }
                return .values(1)
            }
        ),
        (
            "rotate",
            { _, session, s in
                session.rotate(to: Orientation(rawValue: s.string(1) ?? "") ?? session.orientation)
                return .values(0)
            }
        ),
    ]

    private static func noScroll(_ session: Session) -> String {
        "scene \"\(session.currentScene)\" has no scroll region (give it scroll = { header = points, footer = points } and an image taller than the screen)"
    }

    private static func scrollBand(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        guard session.currentOverlayFrame == nil, let g = session.scrollGeometry(session.currentScene) else {
            stack.pushNil()
            stack.push(
                session.currentOverlayFrame == nil
                    ? noScroll(session)
                    : "scene \"\(session.currentScene)\" is shown as an overlay: scroll regions are for full-screen scenes, not overlays"
            )
            return .values(2)
        }
        guard g.canScroll else {
            stack.pushNil()
            stack.push(cannotMove(session, g))
            return .values(2)
        }
        stack.push(g.band.center.x)
        stack.push(g.band.y)
        stack.push(g.band.height)
        stack.push(session.scrollOffset(session.currentScene))
        stack.push(g.maxOffset)
        return .values(5)
    }

    /// Why the scroll region of the current scene cannot move (`g.canScroll` false).
    private static func cannotMove(_ session: Session, _ g: ScrollGeometry) -> String {
        "the scroll region of scene \"\(session.currentScene)\" cannot move: its content is \(formatNumber(g.contentHeight)) pt tall, no taller than the \(formatNumber(g.screenHeight)) pt screen (give the scene a taller image or scroll.height)"
    }

    private static func scrollDelta(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        let label = stack.string(1) ?? ""
        if let delta = session.scrollDelta(revealing: label) {
            stack.push(delta)
            return .values(1)
        }
        stack.pushNil()
        if let problem = session.unreachableScrollProblem(label) {
            stack.push(problem)
        } else if session.scrollGeometry(session.currentScene) == nil {
            stack.push(noScroll(session))
        } else {
            let labels = session.screenElements.map(\.label)  // as shown: landscape elements in landscape
            stack.push(
                "no element labelled \"\(label)\" in scene \"\(session.currentScene)\""
                    + NearestName.hint(for: label, among: labels))
        }
        return .values(2)
    }
}
