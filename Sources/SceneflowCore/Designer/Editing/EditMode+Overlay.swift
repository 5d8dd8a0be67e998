/// What the edit mode draws, back to front: `under` (over the scene: detected text as dashed
/// boxes, hotspots as solid boxes with their labels, the selected one's handles, the box being
/// drawn), then `stripBackground` and the strip's thumbnails (drawn by the window from the scenes'
/// screenshots), then
/// `over` (the strip's borders and scene names, the status, message and label field panels).
public struct EditView: Equatable, Sendable {
    /// Boxes over the scene, under the strip.
    public var under: Overlay
    /// The scene strip, while a hotspot is selected.
    public var strip: EditStrip?
    /// The strip's background, drawn over `under` (its labels too) and under the thumbnails.
    public var stripBackground: Overlay
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

    /// Everything the edit mode draws for `context` (see `EditView`). With `measure` (the
    /// window's text, in window pixels) and `context.pixelsPerPoint`, each scene name under the
    /// strip is shortened with `…` to its thumbnail's width, so names never cover each other.
    public func view(_ context: EditContext, measure: (any TextMeasuring)? = nil) -> EditView {
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
                        label: Self.fitted(scene, width: strip.captions[i].width * context.pixelsPerPoint, measure)))
            }
        }
        // The panels stack beside the strip, on the side away from the selected hotspot.
        let placement: OverlayPanel.Placement = strip.map { $0.frame.y > 0 } ?? true ? .bottom : .top
        let inset = (strip?.frame.height ?? 0) * context.pixelsPerPoint
        var statusPanel = OverlayPanel(lines: status(context), placement: placement)
        statusPanel.inset = inset
        over.panels.append(statusPanel)
        if let message {
            var panel = OverlayPanel(
                lines: message.lines, placement: placement, background: message.isError ? .error : .panel)
            panel.inset = inset
            over.panels.append(panel)
        }
        if let draft {
            over.panels.append(
                OverlayPanel(
                    lines: ["Label: " + Self.fieldText(draft.field), "Return saves the hotspot, Escape cancels."],
                    placement: .center))
        }
        // The strip's frame is drawn under the thumbnails, over the hotspots' labels.
        let background = Overlay(boxes: strip == nil ? [] : [over.boxes.removeFirst()])
        return EditView(under: under, strip: strip, stripBackground: background, over: over)
    }

    /// `text` shortened with `…` until its label box (text at `PanelLayout.textSize` plus the
    /// label padding) is at most `width` window pixels wide; as it is without `measure`.
    static func fitted(_ text: String, width: Double, _ measure: (any TextMeasuring)?) -> String {
        guard let measure, width > 0 else { return text }
        func fits(_ t: String) -> Bool {
            measure.width(t, size: PanelLayout.textSize) + 2 * PanelLayout.labelPadding <= width
        }
        if fits(text) { return text }
        var kept = Array(text)
        while !kept.isEmpty, !fits(String(kept) + "…") { kept.removeLast() }
        return String(kept) + "…"
    }

    /// The label field as one line of panel text: the caret as `▏`, a selection between `⟦` and
    /// `⟧`, an input method's composition between `‹` and `›`.
    static func fieldText(_ field: TextEditing) -> String {
        let shown = field.shown()
        let characters = Array(shown.string)
        func part(_ range: Range<Int>) -> String {
            let low = min(max(range.lowerBound, 0), characters.count)
            return String(characters[low..<min(max(range.upperBound, low), characters.count)])
        }
        let all = characters.count
        if let selection = shown.selection, !selection.isEmpty {
            return part(0..<selection.lowerBound) + "⟦" + part(selection) + "⟧" + part(selection.upperBound..<all)
        }
        if let marked = shown.marked {
            return part(0..<marked.lowerBound) + "‹" + part(marked) + "›" + part(marked.upperBound..<all)
        }
        return part(0..<shown.caret) + "▏" + part(shown.caret..<all)
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
            lines.append("\(Self.caption(hotspot)): click a scene = \(verb) (P = \(linkPresents ? "go" : "present"))")
            lines.append("B back  D dismiss  N none  T transition  Delete  Esc done  drag = move, edges = resize")
        } else if draft == nil {
            lines.append(
                "Edit mode: drag = draw a hotspot  click a dashed box = hotspot from its text  click a hotspot = select  Ctrl+Z = undo  E = leave"
            )
        }
        return lines
    }
}
