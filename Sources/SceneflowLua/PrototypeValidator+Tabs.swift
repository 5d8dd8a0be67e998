import SceneflowCore

extension PrototypeValidator {
    /// The most items a tab bar may have: 20, four times what the platforms show (UIKit's
    /// `UITabBarController` shows five, the fifth becoming More; Android's Material
    /// `BottomNavigationView` allows at most five), room for a custom tab strip. More is a load
    /// error at the first tab too many.
    static let maximumTabs = 20

    /// The keys of one tab item.
    static let tabKeys: [String] = ["label", "scene", "frame", "transition", "duration", "landscape_frame"]

    /// `tabs = { { label = "Apps", scene = "apps", frame = {x, y, w, h} [, transition = "crossfade"
    /// [, duration = 0.2]] }, … }`: a tab bar (issue 17). At least two items; each scene one of
    /// the prototype's, at most one tab per scene and per label; frames not overlapping.
    mutating func validateTabs(_ value: LuaValue) -> [TabItem] {
        guard !value.isNone else { return [] }
        guard let table = value.table, !table.isAction, let items = table.sequence else {
            error(
                "tabs",
                "expected a list of tabs { { label = \"Apps\", scene = \"apps\", frame = {x, y, w, h} }, ... }, got \(describe(value))"
            )
            return []
        }
        if items.count < 2 { error("tabs", "a tab bar needs at least two tabs, got \(items.count)") }
        if items.count > Self.maximumTabs {
            // Every tab's element is laid out on every scene of every tab's stack: thousands of
            // tabs made `check` take minutes and gigabytes (red-team finding).
            error(
                "tabs[\(Self.maximumTabs + 1)]",
                "a tab bar holds at most \(Self.maximumTabs) tabs, got \(items.count) (UIKit's tab bar shows five and moves the rest under More; Material's navigation bar holds three to five)"
            )
            return []
        }
        var tabs: [TabItem] = []
        for (offset, item) in items.enumerated() {
            let path = "tabs[\(offset + 1)]"
            guard let tab = item.table, !tab.isAction else {
                error(
                    path,
                    "expected a tab { label = \"Apps\", scene = \"apps\", frame = {x, y, w, h} }, got \(describe(item))"
                )
                continue
            }
            checkKeys(tab, known: Self.tabKeys, path: path)
            let label = tab["label"].string.flatMap { $0.isEmpty ? nil : $0 }
            if label == nil {
                error(path + ".label", "expected the tab's accessibility label, got \(describe(tab["label"]))")
            }
            var scene: String?
            switch tab["scene"] {
            case .string(let s) where sceneNames.contains(s): scene = s
            case .string(let s): error(path + ".scene", noScene(s))
            case let other: error(path + ".scene", "expected the tab's root scene name, got \(describe(other))")
            }
            let frame = validateFrame(tab["frame"], path: path + ".frame")
            let landscapeFrame =
                tab["landscape_frame"].isNone
                ? nil : validateFrame(tab["landscape_frame"], path: path + ".landscape_frame")
            var transition = Transition.cut
            if !tab["transition"].isNone {
                var spec = LuaTable(entries: [], isAction: false)
                spec.entries = [(.name("kind"), tab["transition"])]
                if !tab["duration"].isNone { spec.entries.append((.name("duration"), tab["duration"])) }
                transition =
                    validateTransition(spec, defaultKind: .none, what: "tab", path: path + ".transition", line: nil)
                    ?? .cut
            }
            guard let label, let scene, let frame else { continue }
            if let other = tabs.first(where: { $0.scene == scene }) {
                error(
                    path + ".scene",
                    "\"\(scene)\" is already the root of the tab \"\(other.label)\"; each tab has its own root")
            }
            if let other = tabs.first(where: { $0.frame.intersects(frame) }) {
                error(path + ".frame", "\(frame) overlaps the tab \"\(other.label)\" \(other.frame)")
            }
            if let landscapeFrame,
                let other = tabs.first(where: { $0.landscapeFrame.map { $0.intersects(landscapeFrame) } ?? false })
            {
                error(
                    path + ".landscape_frame",
                    "\(landscapeFrame) overlaps the tab \"\(other.label)\" \(other.landscapeFrame!) in landscape")
            }
            var item = TabItem(label: label, scene: scene, frame: frame, transition: transition)
            item.landscapeFrame = landscapeFrame
            tabs.append(item)
        }
        return tabs
    }
}
