/// One item of a tab bar (UITabBarController, Android bottom navigation; issue 17), as declared
/// in `prototype.lua`'s `tabs = { { label = "Apps", scene = "apps", frame = {x, y, w, h} }, … }`.
public struct TabItem: Equatable, Sendable {
    /// The tab's accessibility label ("Apps").
    public var label: String
    /// The tab's root scene: the bottom of its own navigation stack.
    public var scene: String
    /// Where the tab is in the screenshots, in points.
    public var frame: Rect
    /// How switching to this tab is drawn (default `none`, as UIKit switches tabs).
    public var transition: Transition

    /// An item.
    public init(label: String, scene: String, frame: Rect, transition: Transition = .cut) {
        self.label = label
        self.scene = scene
        self.frame = frame
        self.transition = transition
    }

    /// The element the tab is in every scene of a tab's stack: kind `tab`, a tap selects it.
    public func element(path: String) -> Element {
        Element(label: label, frame: frame, kind: "tab", onTap: .tab(scene: scene, transition: transition), path: path)
    }
}

extension Prototype {
    /// Adds the tab bar's items, as elements on top of each scene's own, to every scene of a
    /// tab's stack: the tab roots and the scenes reached from them by `go` and `replace` (not by
    /// `present`: a modal covers the bar), except scenes that say `hides_tab_bar = true`.
    /// Returns the scenes that show the bar.
    @discardableResult
    public mutating func installTabs(_ tabs: [TabItem]) -> Set<String> {
        self.tabs = tabs
        guard !tabs.isEmpty else { return [] }
        var members = Set(tabs.map(\.scene))
        var queue = tabs.map(\.scene)
        while let name = queue.popLast() {
            for (_, action) in scenes[name]?.actions ?? [] {
                switch action {
                case .go(let to, _), .replace(let to, _):
                    if scenes[to] != nil, members.insert(to).inserted { queue.append(to) }
                default: break
                }
            }
        }
        members = members.filter { scenes[$0]?.design.hidesTabBar != true }
        for name in members {
            scenes[name]?.elements += tabs.enumerated().map { $1.element(path: "tabs[\($0 + 1)]") }
        }
        return members
    }
}
