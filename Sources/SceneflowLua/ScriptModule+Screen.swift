import Foundation
import SceneflowCore

/// What a script reads of the screen and the input it sends: the elements with their frames
/// on screen, a point of an element that a press would hit, touch input and `back`.
extension ScriptModule {
    static func pushList(_ names: [String], _ stack: LuaStack) {
        stack.newTable()
        let table = stack.top
        for (offset, name) in names.enumerated() {
            stack.push(name)
            stack.rawSet(at: offset + 1, table: table)
        }
    }

    /// Pushes a new table `{label = label, kind = kind}` and returns its stack index.
    static func pushLabelAndKind(_ label: String, _ kind: String, _ stack: LuaStack) -> Int32 {
        stack.newTable()
        let item = stack.top
        stack.push(label)
        stack.rawSet("label", table: item)
        stack.push(kind)
        stack.rawSet("kind", table: item)
        return item
    }

    /// Pushes the list `sf.elements()` returns: one new table per element of
    /// `Session.placedElements` (`screenElements` with `visibleFrames`, computed once).
    static func pushElements(_ session: Session, _ stack: LuaStack) {
        // Frames on screen (an overlay's moved to where it sits) and the parts that show (not
        // under a scroll scene's fixed bands), from one placement of the elements.
        let placed = session.placedElements
        stack.newTable()
        let list = stack.top
        for (offset, (declared, shown)) in placed.enumerated() {
            var element = declared
            element.frame = shown.frame
            let item = pushLabelAndKind(element.label, element.kind, stack)
            stack.newTable()
            let frame = stack.top
            for (key, value) in [
                ("x", element.frame.x), ("y", element.frame.y), ("w", element.frame.width), ("h", element.frame.height),
            ] {
                stack.push(value)
                stack.rawSet(key, table: frame)
            }
            stack.rawSet("frame", table: item)
            if let value = session.value(of: element) {
                stack.push(value)
                stack.rawSet("value", table: item)
            }
            ControlScriptFunctions.addFields(of: element, session: session, stack: stack, table: item)
            stack.push(element.enabled)
            stack.rawSet("enabled", table: item)
            stack.push(Double(offset + 1))
            stack.rawSet("index", table: item)
            stack.push(shown.visible != nil)
            stack.rawSet("visible", table: item)
            stack.rawSet(at: offset + 1, table: list)
        }
    }

    /// `hit_point(index)` → x, y of a point of element `index` (1-based, declaration order) of
    /// the current scene that a press would hit: its centre when that is on screen and not
    /// covered by a later element, else the nearest such point on a 9x9 grid over the element;
    /// or nil and why there is none.
    static func hitPoint(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        let elements = session.screenElements  // where they are shown: scrolled, in an overlay, in landscape
        let index = Int(saturating: stack.number(1) ?? 0) &- 1
        guard elements.indices.contains(index) else {
            stack.pushNil()
            stack.push("the element is no longer in scene \"\(session.currentScene)\"")
            return .values(2)
        }
        let frame = elements[index].frame
        let screen = session.screenBounds
        let shown = session.visibleFrames  // only the part that shows can be hit (not under a fixed band)
        let area = shown[index] ?? frame  // the grid covers the part that shows, however thin
        var candidates = [frame.center, area.center]
        for i in 0...8 {
            for j in 0...8 {
                candidates.append(
                    Point(
                        x: area.x + area.width * (Double(i) + 0.5) / 9, y: area.y + area.height * (Double(j) + 0.5) / 9)
                )
            }
        }
        candidates.sort { $0.distance(to: frame.center) < $1.distance(to: frame.center) }
        var coveredBy: String?
        for p in candidates where screen.contains(p) && shown[index]?.contains(p) == true {
            let top = shown.lastIndex { $0?.contains(p) == true }
            if top == index {
                stack.push(p.x)
                stack.push(p.y)
                return .values(2)
            }
            if let top, coveredBy == nil { coveredBy = elements[top].label }
        }
        stack.pushNil()
        if shown[index] != nil, let coveredBy {
            stack.push(
                "the element is covered by \"\(coveredBy)\" (declared later in the scene, so it lies on top); no point of it can be tapped"
            )
        } else {
            stack.push(hiddenReason(session, index: index, elements: elements, shown: shown))
        }
        return .values(2)
    }

    /// `shown_frame(index)` → x, y, w, h in screen points of the part of element `index`
    /// (1-based) that shows now, the part a press can hit (`Session.visibleFrames`); or nil
    /// and why none does, worded as for a tap. A screenshot `region` given by a locator
    /// compares this part (red-team 29 F4: an element under a fixed header compared the
    /// header's pixels).
    static func shownFrame(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        let elements = session.screenElements
        let index = Int(saturating: stack.number(1) ?? 0) &- 1
        let shown = session.visibleFrames
        guard elements.indices.contains(index) else {
            stack.pushNil()
            stack.push("the element is no longer in scene \"\(session.currentScene)\"")
            return .values(2)
        }
        guard let part = shown[index] else {
            stack.pushNil()
            stack.push(hiddenReason(session, index: index, elements: elements, shown: shown))
            return .values(2)
        }
        for n in [part.x, part.y, part.width, part.height] { stack.push(n) }
        return .values(4)
    }

    /// Why no point of element `index` shows for a press: further along the scroll region,
    /// under its fixed header or footer, outside an overlay's card, or outside the screen.
    static func hiddenReason(_ session: Session, index: Int, elements: [Element], shown: [Rect?]) -> String {
        let frame = elements[index].frame
        let screen = session.screenBounds
        let size = "\(formatNumber(screen.width))x\(formatNumber(screen.height)) pt screen"
        let card = session.currentOverlayFrame
        let scrolls = card == nil && session.scrollGeometry(session.currentScene) != nil
        if scrolls, let problem = session.unreachableScrollProblem(elements[index].label) { return problem }
        if scrolls, !frame.intersects(screen) {
            return
                "the element lies outside the \(size) (frame \(frame)), further along the scroll region; scroll_to its label first"
        }
        if shown[index] == nil, frame.intersects(screen), scrolls {
            return
                "the element is scrolled under the fixed header or footer (frame \(frame) on screen); scroll_to its label first"
        }
        if let card, frame.intersects(screen), !frame.intersects(card) {
            // red-team 29 F1: "outside the screen" for a frame inside it, outside the card
            return
                "the element lies outside the \(formatNumber(card.width))x\(formatNumber(card.height)) pt overlay card of scene \"\(session.currentScene)\" (frame \(frame) on screen; the card is \(card))"
        }
        if frame.intersects(screen) {
            // On screen, yet no point a press takes lands in it (red-team 60 A W1: a frame of
            // 1e-16 pt was said to lie outside the screen, its size shown as 0). Worded for
            // `expect.visible` and screenshot regions too, which press nothing (61 A).
            let exact = [frame.x, frame.y, frame.width, frame.height].map(HotspotEditor.luaNumber)
            return
                "the element is too small to cover a point on screen (frame {\(exact.joined(separator: ", "))} pt on the \(size)): nothing can show it or press it; give it a real width and height"
        }
        return "the element lies outside the \(size) (frame \(frame))"
    }

    static func input(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        guard let phaseName = stack.string(1), let phase = InputEvent.Phase(rawValue: phaseName),
            let x = stack.number(2), let y = stack.number(3), let time = stack.number(4)
        else { return .error("input: expected (\"down\"|\"move\"|\"up\", x, y, time)") }
        session.schedule(InputEvent(phase, Point(x: x, y: y), at: ClockTicks.snap(time)))  // on the clock's ticks
        return .values(0)
    }

    static func back(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        guard session.stack.count > 1 else {
            stack.push("nothing to go back to: \"\(session.currentScene)\" is the only scene on the stack")
            return .values(1)
        }
        session.perform(.back, source: "script back()")
        return .values(0)
    }
}
