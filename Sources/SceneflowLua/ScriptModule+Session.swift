import Foundation
import SceneflowCore

/// The natives that read the session and the prototype's state: the clock, the scene, the
/// scenes, the elements and `app.state`, for the Lua side of the script API.
extension ScriptModule {
    nonisolated(unsafe) static let natives: [Native] =
        designerNatives + recordNatives + [
            (
                "now",
                { _, session, s in
                    s.push(session.now)
                    return .values(1)
                }
            ),
            (
                // Where the test's clock starts on the session's: the end of before_all (0 in
                // before_all and in a file without one). The script's `now()` and
                // `last_transition()` count from it, as the test's log and steps do (red-team
                // 52 A T1); gestures and waits keep the session's clock (`now`), so a test's
                // first tap never waits for before_all's time (53 B T2).
                "test_clock_start",
                { module, _, s in
                    s.push(module.testStart)
                    return .values(1)
                }
            ),
            (
                "settled",
                { _, session, s in
                    s.push(session.isSettled)
                    return .values(1)
                }
            ),
            (
                "scene",
                { _, session, s in
                    s.push(session.currentScene)
                    return .values(1)
                }
            ),
            (
                "scene_exists",
                { _, session, s in
                    s.push(session.scene(s.string(1) ?? "") != nil)
                    return .values(1)
                }
            ),
            (
                "scene_names",
                { _, session, s in
                    pushList(session.prototype.sceneOrder, s)
                    return .values(1)
                }
            ),
            (
                // all_elements() → {label = …, kind = …} of every element the prototype declares
                // (all scenes and their landscape variants, and what the current screen shows), for negative expectations: a
                // locator no element matches anywhere is a typo, never a pass.
                "all_elements",
                { _, session, s in
                    var seen = Set<[String]>()
                    var elements: [(label: String, kind: String)] = []
                    func add(_ element: Element) {
                        if seen.insert([element.label, element.kind]).inserted {
                            elements.append((element.label, element.kind))
                        }
                    }
                    session.screenElements.forEach(add)
                    for name in session.prototype.sceneOrder {
                        guard let scene = session.scene(name) else { continue }
                        scene.elements.forEach(add)
                        scene.design.landscape?.elements.forEach(add)  // labels only a landscape variant has
                    }
                    s.newTable()
                    let list = s.top
                    for (offset, element) in elements.enumerated() {
                        _ = pushLabelAndKind(element.label, element.kind, s)
                        s.rawSet(at: offset + 1, table: list)
                    }
                    return .values(1)
                }
            ),
            (
                "history",
                { _, session, s in
                    pushList(session.history, s)
                    return .values(1)
                }
            ),
            (
                "elements",
                { _, session, s in
                    pushElements(session, s)
                    return .values(1)
                }
            ),
            (
                "elements_revision",
                { module, session, s in
                    s.push(Double(module.elementsRevision(of: session)))
                    return .values(1)
                }
            ),
            (
                "screen_center",
                { _, session, s in
                    let center = session.screenBounds.center  // turned while a landscape screen shows
                    s.push(center.x)
                    s.push(center.y)
                    return .values(2)
                }
            ),
            (
                "device",
                { _, session, s in
                    s.push(session.screenDevice.width)  // as shown: turned in landscape
                    s.push(session.screenDevice.height)
                    return .values(2)
                }
            ),
            ("input", { _, session, s in input(session, s) }),
            (
                "input_mark",
                { _, session, s in
                    s.push(Double(session.timeline.count))
                    return .values(1)
                }
            ),
            (
                "interruption",
                { module, session, s in
                    let mark = Int(s.number(1) ?? 0)
                    guard let why = session.gestureInterruption(since: mark, testStart: module.testStart) else {
                        s.pushNil()
                        return .values(1)
                    }
                    s.push(why)
                    return .values(1)
                }
            ),
            ("hit_point", { _, session, s in hitPoint(session, s) }),
            ("shown_frame", { _, session, s in shownFrame(session, s) }),
            ("back", { _, session, s in back(session, s) }),
            (
                "state",
                { module, _, s in
                    guard let app = module.app else {
                        s.pushNil()
                        return .values(1)
                    }
                    app.pushState(onto: s)
                    return .values(1)
                }
            ),
            (
                // state_named(key) → whether prototype.lua names key (LuaSourceNames)
                "state_named",
                { module, _, s in
                    s.push(s.string(1).map { module.app?.sourceNames($0) ?? false } ?? false)
                    return .values(1)
                }
            ),
            (
                "state_keys",
                { module, _, s in
                    guard let app = module.app else {
                        s.pushNil()
                        return .values(1)
                    }
                    app.pushStateKeys(onto: s)
                    return .values(1)
                }
            ),
        ]
}
