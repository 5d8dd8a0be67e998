/// The flow map of a prototype as Graphviz DOT: scenes as nodes with a thumbnail of their
/// screenshot and their name, edges for every `go`, `replace` and `present` labelled with the element's
/// accessibility label (or the swipe) and the transition; a landscape variant's elements are
/// marked `(landscape)`, and a scene's separate landscape scene (`landscape = "name"`) is a
/// dotted edge labelled `rotate`; a landscape sequence (`landscape = { "a", "b" }`) is a dotted
/// box around its scenes with one dotted `turn upright` edge from the box to its owner. The start scene has a double border; scenes no element
/// reaches from it are drawn dashed red and marked "unreachable", or dashed grey and marked
/// "reached by code" (with a legend node) when a Lua function action may go there
/// (`PrototypeChecker.reach`). `back()`, `dismiss()` and Lua-function actions lead to no
/// fixed scene and draw no edge.
public enum FlowGraph {
    /// One edge of the flow map.
    public struct Edge: Equatable, Sendable {
        /// The scene the action is in.
        public var from: String
        /// The scene it leads to.
        public var to: String
        /// The element's label, or `swipe up` for a scene-wide swipe; with `(swipe left)` for
        /// an element swipe.
        public var trigger: String
        /// The action (`go`, `replace` or `present`) with its transition; for a rotation edge, a cut to
        /// the landscape scene.
        public var action: Action
        /// True for the link from a scene to its separate landscape scene (turning the device).
        public var rotates = false
    }

    /// Every navigation edge, scenes in declaration order, elements in order (the landscape
    /// variant's after the portrait ones), then the rotation link.
    public static func edges(_ prototype: Prototype) -> [Edge] {
        var result: [Edge] = []
        for scene in prototype.orderedScenes {
            let landscape = scene.design.landscape?.elements ?? []
            for (element, suffix) in scene.elements.map({ ($0, "") }) + landscape.map({ ($0, " (landscape)") }) {
                let label = element.label + suffix
                // A tab bar's items show on every scene of the tabs' stacks: drawn once, as edges
                // between the tab roots (the `tab bar` cluster), not from every scene.
                if case .tab = element.onTap, !prototype.tabs.contains(where: { $0.scene == scene.name }) { continue }
                if case .tab = element.onTap, !suffix.isEmpty { continue }  // drawn once, from the portrait items
                if case .tab(let root, _) = element.onTap, root == scene.name { continue }
                if let tap = element.onTap, let to = tap.targetScene {
                    result.append(Edge(from: scene.name, to: to, trigger: label, action: tap))
                }
                for direction in SwipeDirection.allCases {
                    if let action = element.onSwipe[direction], let to = action.targetScene {
                        result.append(
                            Edge(
                                from: scene.name, to: to, trigger: "\(label) (swipe \(direction.rawValue))",
                                action: action))
                    }
                }
            }
            for direction in SwipeDirection.allCases {
                if let action = scene.onSwipe[direction], let to = action.targetScene {
                    result.append(
                        Edge(from: scene.name, to: to, trigger: "swipe \(direction.rawValue)", action: action))
                }
            }
            result += extraEdges(scene)
        }
        return result
    }

    /// Edges from designer features outside the element list (timed actions, the separate
    /// landscape scene).
    static func extraEdges(_ scene: Scene) -> [Edge] {
        var result: [Edge] = []
        if let after = scene.design.after, let to = after.action.targetScene {
            result.append(
                Edge(
                    from: scene.name, to: to, trigger: "after \(formatNumber(after.seconds, decimals: 3))s",
                    action: after.action))
        }
        if let other = scene.design.landscapeScene {
            result.append(
                Edge(
                    from: scene.name, to: other, trigger: "rotate", action: .go(scene: other, transition: .cut),
                    rotates: true))
        }
        return result
    }

    /// A scene's thumbnail height ÷ width: an overlay's at its overlay size (on the device that
    /// presents it: turned when only landscape screens do), a landscape scene's turned, any
    /// other the device's.
    public static func thumbnailAspect(_ scene: Scene, _ prototype: Prototype) -> Double {
        if let style = scene.design.overlay {
            let frame = style.frame(on: prototype.devices(presenting: scene.name).first ?? prototype.device)
            return frame.height / max(frame.width, 1)
        }
        let shown = prototype.device(showing: scene.name, held: .portrait)
        return shown.height / max(shown.width, 1)
    }

    /// True when `scene` is only ever seen on the turned device: a landscape scene, or an
    /// overlay that only landscape screens present. Its thumbnail is drawn 160 points wide.
    public static func showsTurned(_ scene: Scene, _ prototype: Prototype) -> Bool {
        if scene.design.portraitScene != nil { return true }
        guard scene.design.overlay != nil else { return false }
        return prototype.devices(presenting: scene.name) == [prototype.device.rotated]
    }

    /// The DOT text. `thumbnail` gives the image file to show for a scene (an absolute path,
    /// or one relative to `imagePath`; nil for a text-only node), drawn 90 points wide (160 when `showsTurned`) at
    /// `thumbnailAspect`; `landscapeThumbnail` the image of its landscape variant, drawn below it
    /// 160 points wide at the turned device's aspect. `imagePath` becomes the graph's
    /// `imagepath`, where Graphviz looks for relative image files.
    public static func dot(
        _ prototype: Prototype, thumbnail: (Scene) -> String? = { _ in nil },
        landscapeThumbnail: (Scene) -> String? = { _ in nil }, imagePath: String? = nil
    ) -> String {
        let reach = PrototypeChecker.reach(prototype)
        let turned = prototype.device.rotated
        var text = "digraph \(quoted(shown(prototype.name))) {\n"
        text +=
            "  graph [rankdir=LR, fontname=\"DejaVu Sans\", label=\(quoted("\(shown(prototype.name)): flow map")), labelloc=t];\n"
        if let imagePath { text += "  imagepath=\(quoted(imagePath));\n" }
        text += "  node [shape=box, style=rounded, fontname=\"DejaVu Sans\", fontsize=11, margin=0.05];\n"
        text += "  edge [fontname=\"DejaVu Sans\", fontsize=9];\n"
        for scene in prototype.orderedScenes {
            var caption = XMLText.escape(shown(scene.name))
            if scene.name == prototype.start { caption += " <I>(start)</I>" }
            switch reach[scene.name] ?? SceneReach.none {
            case .fixed: break
            case .code: caption += "<BR/><FONT COLOR=\"gray40\">reached by code</FONT>"
            case .none: caption += "<BR/><FONT COLOR=\"red\">unreachable</FONT>"
            }
            caption += controlsCaption(scene)
            var label = "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"2\">"
            if let image = thumbnail(scene) {
                let width = showsTurned(scene, prototype) ? 160.0 : 90
                label += imageCell(image, width: width, height: width * thumbnailAspect(scene, prototype))
            }
            if let image = landscapeThumbnail(scene) {
                label += imageCell(image, width: 160, height: 160 * turned.height / max(turned.width, 1))
            }
            label += "<TR><TD>\(caption)</TD></TR></TABLE>"
            var attributes = "label=<\(label)>"
            if scene.name == prototype.start { attributes += ", peripheries=2" }
            switch reach[scene.name] ?? SceneReach.none {
            case .fixed: break
            case .code: attributes += ", style=\"rounded,dashed\", color=gray50"
            case .none: attributes += ", style=\"rounded,dashed\", color=red"
            }
            text += "  \(quoted(scene.name)) [\(attributes)];\n"
        }
        if reach.values.contains(.code) { text += codeLegend }
        if !prototype.tabs.isEmpty {
            // The tab roots in one box labelled with the tab bar's items.
            let items = prototype.tabs.map { "\(shown($0.label)) → \(shown($0.scene))" }.joined(separator: " | ")
            text += "  subgraph \"cluster_tabs\" { label=\(quoted("tab bar: " + items)); style=\"rounded,dashed\"; "
            text += prototype.tabs.map { quoted($0.scene) + ";" }.joined(separator: " ") + " }\n"
        }
        text += landscapeSequenceClusters(prototype)
        for edge in edges(prototype) {
            let style = edge.rotates ? ", style=dotted" : edge.action.isPresent ? ", style=dashed" : ""
            text += "  \(quoted(edge.from)) -> \(quoted(edge.to)) [label=\(quoted(edgeLabel(edge)))\(style)];\n"
        }
        text += "}\n"
        return text
    }

    /// The legend node drawn when some scene is reached only by code: what the grey dashed
    /// border means.
    static let codeLegend =
        "  \"legend: reached by code\" [shape=note, style=dashed, color=gray50, fontcolor=gray40, fontsize=9, "
        + "label=\"dashed grey: no element or swipe leads here,\\nbut a Lua function action may\\n(app:go in on_tap, on_change, …)\"];\n"

    /// A table row holding `image` scaled into `width` x `height` points.
    private static func imageCell(_ image: String, width: Double, height: Double) -> String {
        "<TR><TD FIXEDSIZE=\"TRUE\" WIDTH=\"\(formatNumber(width.rounded()))\" HEIGHT=\"\(formatNumber(height.rounded()))\">"
            + "<IMG SRC=\"\(XMLText.escape(image))\" SCALE=\"TRUE\"/></TD></TR>"
    }

    /// `Settings\npush_left 0.35s` (modals: `present cover_up 0.35s`; a replace:
    /// `replace crossfade 0.3s`; the rotation link: `rotate`).
    public static func edgeLabel(_ edge: Edge) -> String {
        let trigger = shown(edge.trigger)
        if edge.rotates { return trigger }
        switch edge.action {
        case .go(_, let t): return "\(trigger)\n\(transitionText(t))"
        case .present(_, let t): return "\(trigger)\npresent \(transitionText(t))"
        case .replace(_, let t): return "\(trigger)\nreplace \(transitionText(t))"
        case .tab(_, let t): return "\(trigger)\ntab \(transitionText(t))"
        default: return trigger
        }
    }

    private static func transitionText(_ t: Transition) -> String {
        t.isAnimated ? "\(t.kind.rawValue) \(formatNumber(t.duration, decimals: 3))s" : "none"
    }

    /// A DOT double-quoted string (backslashes and quotes escaped, newlines as `\n`).
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for c in text {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out + "\""
    }
}

extension FlowGraph {
    /// One small grey line per state control of `scene` (issue 17): `toggle "Wi-Fi": off | on`
    /// with the initial state in bold; "" when it has none.
    static func controlsCaption(_ scene: Scene) -> String {
        var text = ""
        let controls = scene.elements.filter { $0.control?.textField != nil || $0.control?.stateControl != nil }
        for element in controls.prefix(maxControlLines) {
            if let field = element.control?.textField {
                text +=
                    "<BR/><FONT POINT-SIZE=\"9\" COLOR=\"gray30\">"
                    + XMLText.escape(textFieldCaption(element.label, field))
                text += "</FONT>"
                continue
            }
            guard let control = element.control?.stateControl else { continue }
            let states = control.states.map { state in
                let name = XMLText.escape(shown(state))
                return state == control.initialState ? "<B>\(name)</B>" : name
            }
            text +=
                "<BR/><FONT POINT-SIZE=\"9\" COLOR=\"gray30\">\(control.style.rawValue) \"\(XMLText.escape(shown(element.label)))\": "
                + states.joined(separator: " | ") + "</FONT>"
        }
        if controls.count > maxControlLines {
            text +=
                "<BR/><FONT POINT-SIZE=\"9\" COLOR=\"gray30\">… and \(controls.count - maxControlLines) more controls</FONT>"
        }
        return text
    }

    /// The most controls listed under a scene's thumbnail; more are counted.
    static let maxControlLines = 12
    /// The most characters of a name or label the graph shows; longer ones end with `…`.
    static let maxShownCharacters = 60

    /// `text` cut to `maxShownCharacters` characters with `…`: Graphviz refuses strings over
    /// 16 384 bytes (`dot` failed on a prototype `check` accepts), and a node or edge caption
    /// is read at a glance.
    static func shown(_ text: String) -> String {
        text.count <= maxShownCharacters ? text : String(text.prefix(maxShownCharacters - 1)) + "…"
    }
}

extension FlowGraph {
    /// `text_field "Email": "you@example.com"` (the placeholder), with ` secure` and
    /// `→ on_submit` when declared; a secure field's initial text is never shown.
    static func textFieldCaption(_ label: String, _ field: TextField) -> String {
        var text = "text_field \"\(shown(label))\""
        if let placeholder = field.placeholder { text += ": \"\(shown(placeholder))\"" }
        if field.secure { text += " secure" }
        if field.onSubmit != nil { text += " → on_submit" }
        return text
    }
}

extension Action {
    /// True for `present`.
    var isPresent: Bool { if case .present = self { true } else { false } }

}

extension FlowGraph {
    /// A dotted box per landscape sequence of two or more scenes, labelled with its owner, and a
    /// dotted `turn upright` edge from the box to the owner (turning the device from any of its
    /// scenes shows the owner); "" when there is none.
    static func landscapeSequenceClusters(_ prototype: Prototype) -> String {
        var text = ""
        for owner in prototype.orderedScenes where owner.design.landscapeSequence.count > 1 {
            if text.isEmpty { text = "  compound=true;\n" }  // edges may leave a box (ltail)
            let sequence = owner.design.landscapeSequence
            let cluster = quoted("cluster_landscape_" + owner.name)
            text += "  subgraph \(cluster) { label=\(quoted("landscape sequence of " + owner.name)); "
            text += "style=\"rounded,dotted\"; " + sequence.map { quoted($0) + ";" }.joined(separator: " ") + " }\n"
            text += "  \(quoted(sequence[0])) -> \(quoted(owner.name)) [label=\"turn upright\", style=dotted, "
            text += "ltail=\(cluster)];\n"
        }
        return text
    }
}
