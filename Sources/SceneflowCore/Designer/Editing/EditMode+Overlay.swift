/// What the edit mode draws, back to front: `under` (over the scene: detected text as dashed
/// boxes, hotspots as solid boxes with their labels, the selected one's handles, the box being
/// drawn), then the strip's thumbnails (drawn by the window from the scenes' screenshots), then
/// `over` (the strip's borders and scene names, the status, message and label field panels).
public struct EditView: Equatable, Sendable {
    /// Boxes over the scene, under the strip.
    public var under: Overlay
    /// The scene strip, while a hotspot is selected.
    public var strip: EditStrip?
    /// The strip's borders and captions, and the panels.
    public var over: Overlay
}

extension EditMode {
    /// The side of a selected hotspot's handles, points.
    public static let handleSize = 6.0

    /// The strip of scene thumbnails, shown while a hotspot is selected (at the top when the
    /// hotspot is in the bottom half of the screen).
    public func strip(_ context: EditContext) -> EditStrip? {
        guard draft == nil, let label = selected, let hotspot = context.hotspots.first(where: { $0.label == label })
        else { return nil }
        let top = hotspot.placed.center.y > context.screen.height / 2
        return EditStrip.layout(scenes: context.scenes, screen: context.screen, top: top)
    }

    /// Everything the edit mode draws for `context` (see `EditView`).
    public func view(_ context: EditContext) -> EditView {
        var under = Overlay()
        for (_, shown) in context.shownDetections {
            var box = OverlayBox(frame: shown, fill: .detectedFill, border: .detected)
            box.dashed = true
            under.boxes.append(box)
        }
        for hotspot in context.hotspots {
            let isSelected = hotspot.label == selected
            guard let shown = reshapedFrame(of: hotspot) ?? hotspot.visible else { continue }
            var box = OverlayBox(
                frame: shown, fill: .hint, border: isSelected ? .selected : .hintBorder,
                label: Self.caption(hotspot))
            box.clip = reshapedFrame(of: hotspot) == nil ? hotspot.clip : nil
            under.boxes.append(box)
            if isSelected {
                for handle in Self.handles(of: shown) {
                    under.boxes.append(OverlayBox(frame: handle, fill: .selected, border: .selected))
                }
            }
        }
        if let rect = drawnRect ?? draft?.screen {
            var box = OverlayBox(frame: rect, fill: .hint, border: .selected)
            box.dashed = drawnRect != nil
            under.boxes.append(box)
        }
        var over = Overlay()
        let strip = strip(context)
        if let strip {
            over.boxes.append(OverlayBox(frame: strip.frame, fill: .panel, border: OverlayColor(0, 0, 0, 0)))
            let target = context.hotspots.first { $0.label == selected }?.action?.targetScene
            for (i, scene) in strip.scenes.enumerated() {
                let chosen = scene == target
                over.boxes.append(
                    OverlayBox(
                        frame: strip.thumbnails[i], fill: OverlayColor(0, 0, 0, 0),
                        border: chosen ? .selected : OverlayColor(255, 255, 255, 90)))
                over.boxes.append(
                    OverlayBox(
                        frame: strip.captions[i], fill: OverlayColor(0, 0, 0, 0), border: OverlayColor(0, 0, 0, 0),
                        label: scene))
            }
        }
        let placement: OverlayPanel.Placement = strip.map { $0.frame.y > 0 } ?? false ? .top : .bottom
        over.panels.append(OverlayPanel(lines: status(context), placement: placement))
        if let message {
            over.panels.append(
                OverlayPanel(lines: message.lines, placement: placement, background: message.isError ? .error : .panel))
        }
        if let draft {
            over.panels.append(
                OverlayPanel(
                    lines: ["Label: " + draft.text + "▏", "Return saves the hotspot, Escape cancels."],
                    placement: .center))
        }
        // The strip's frame is drawn under the thumbnails: move it to `under`'s end.
        if strip != nil {
            under.boxes.append(over.boxes.removeFirst())
        }
        return EditView(under: under, strip: strip, over: over)
    }

    /// A hotspot's label with what it does: `Open → settings`, `Close ← back`.
    static func caption(_ hotspot: EditHotspot) -> String {
        switch hotspot.action {
        case .go(let scene, let t)?: return "\(hotspot.label) → \(scene) (\(t.kind.rawValue))"
        case .present(let scene, let t)?: return "\(hotspot.label) ↑ \(scene) (\(t.kind.rawValue))"
        case .back?: return "\(hotspot.label) ← back"
        case .dismiss?: return "\(hotspot.label) ↓ dismiss"
        case nil: return hotspot.label
        case let other?: return "\(hotspot.label): \(other)"
        }
    }

    /// Small squares at the corners and edge middles of `frame`, points.
    static func handles(of frame: Rect) -> [Rect] {
        let s = handleSize
        let xs = [frame.x, frame.center.x, frame.maxX]
        let ys = [frame.y, frame.center.y, frame.maxY]
        var result: [Rect] = []
        for (i, y) in ys.enumerated() {
            for (j, x) in xs.enumerated() where !(i == 1 && j == 1) {
                result.append(Rect(x: x - s / 2, y: y - s / 2, width: s, height: s))
            }
        }
        return result
    }

    /// The status panel's lines: what the mouse and keys do now.
    func status(_ context: EditContext) -> [String] {
        var lines: [String] = []
        if context.detected == nil { lines.append("Edit mode: reading the screen's text…") }
        if let label = selected, let hotspot = context.hotspots.first(where: { $0.label == label }) {
            let verb = linkPresents ? "present" : "go"
            lines.append(
                "\(Self.caption(hotspot)): click a scene = \(verb) (P = \(linkPresents ? "go" : "present"))  B = back  D = dismiss  N = none  T = transition  drag = move, edges = resize  Delete = remove  Esc = done"
            )
        } else if draft == nil {
            lines.append(
                "Edit mode: drag = draw a hotspot  click a dashed box = hotspot from its text  click a hotspot = select  Ctrl+Z = undo  E = leave"
            )
        }
        return lines
    }
}
