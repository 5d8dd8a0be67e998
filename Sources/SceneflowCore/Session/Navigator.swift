/// The navigation stack and modal stack, the running transition and the queue of navigation
/// asked for while it runs. Pure state: time comes in as arguments; lifecycle calls and
/// transition records go to the timeline.
///
/// Rules (DESIGN.md §6): never more than two scenes mounted; a navigation requested during a
/// transition is queued and starts when the running one completes; the completion fires on
/// the first frame presented at or after start + duration.
public struct Navigator: Sendable {
    /// One entry of the stack: a scene and how it arrived.
    public struct Entry: Equatable, Sendable {
        /// The scene name.
        public var scene: String
        /// The transition that brought it (reversed when leaving by back or dismiss).
        public var arrival: Transition
        /// True when presented modally.
        public var isModal: Bool
        /// For a separate landscape scene shown in another's place while the device is turned
        /// (`landscape = "name"`), the portrait scene it stands in for; else nil.
        public var standsFor: String? = nil
    }

    /// A transition in progress.
    public struct Running: Equatable, Sendable {
        /// The record being filled in.
        public var record: TransitionRecord
        /// Linear progress 0…1 at clock time `time`, over the animated duration (requested ×
        /// slow motion). The elapsed time is taken in whole clock ticks (`ClockTicks`), so a
        /// frame exactly halfway is at 0.5, not an ulp beside it (which could move an edge by a
        /// pixel between a test run and `render --at`).
        public func linearProgress(at time: Double) -> Double {
            let d = record.animatedDuration
            return d <= 0 ? 1 : min(max(ClockTicks.between(record.start, time) / d, 0), 1)
        }
        /// True once `time` has reached start + duration × slow motion (with a nanosecond of
        /// slack for rounding in frame times).
        public func isDue(at time: Double) -> Bool {
            time + 1e-9 >= record.start + record.animatedDuration
        }
    }

    /// The stack, bottom to top; never empty.
    public internal(set) var entries: [Entry]
    /// The running transition, if any.
    public private(set) var running: Running?
    /// Actions asked for during the running transition, oldest first.
    public private(set) var queue: [(action: Action, source: String)] = []
    /// How many times slower transitions that start from now on are animated (1 normally,
    /// 10 for the window's slow animations). Recorded on each transition.
    public var slowMotion: Double = 1
    /// Separate landscape scenes by the scene they stand in for (`landscape = "name"`); see
    /// `showTopAsHeld()` (Navigator+Orientation.swift).
    public var landscapeScenes: [String: String] = [:]
    /// The portrait scene owning each separate landscape scene (`Prototype.landscapeOwners`):
    /// turning the device upright from any scene of a landscape sequence shows its owner
    /// (`showOwnerOfTopSequence()`, Navigator+Orientation.swift).
    public var landscapeOwners: [String: String] = [:]
    /// Tab bars (issue 17): each tab's navigation stack as it was left, by the tab's root
    /// scene. The shown tab's stack is `entries`; selecting another tab swaps them.
    public internal(set) var tabStacks: [String: [Entry]] = [:]
    /// The tab bar's root scenes (`Prototype.tabs`). The bar belongs to the part of the stack
    /// from the topmost entry showing one of them (`tabBase`): the whole stack when the start
    /// scene is a tab, a presented form's entries when the tabs live in a form presented over a
    /// scene that is not a tab (Android's tabbed form activity).
    public var tabRoots: Set<String> = []
    /// True while the device is held in landscape: navigation to a scene with a separate
    /// landscape scene shows that one instead.
    public var heldLandscape = false
    /// Whether a navigation from one scene to another (the stack after it given, top last)
    /// moves between orientations (`Prototype.turnsScreen`: one shows in landscape, the other
    /// upright); an animated one is then drawn as the device turning over its duration and
    /// recorded so (`TransitionRecord.drawnAsRotation`), one declared `none` cuts. Nil: never.
    public var turnsScreen:
        (@Sendable (_ from: String, _ to: String, _ entries: [Entry], _ heldLandscape: Bool) -> Bool)?

    /// Creates a navigator showing `start`.
    public init(start: String) {
        entries = [Entry(scene: start, arrival: .cut, isModal: false)]
    }

    /// The top scene: the destination as soon as a navigation starts.
    public var top: String { entries[entries.count - 1].scene }

    /// The mounted scenes, back to front in stack order: one, or two during a transition.
    public var mounted: [String] {
        guard let running else { return [top] }
        return [running.record.from, running.record.to]
    }

    /// The index of the entry the shown tab's stack starts at: the topmost entry whose scene is
    /// a tab root, or 0 (the bottom) when none is.
    public var tabBase: Int {
        entries.lastIndex { tabRoots.contains($0.scene) || $0.standsFor.map(tabRoots.contains) == true } ?? 0
    }

    /// True when nothing is running or queued.
    public var isIdle: Bool { running == nil && queue.isEmpty }

    /// Asks for a navigation action (`go`, `replace`, `back`, `present`, `dismiss`); queued when a
    /// transition is running. Script actions are not navigation and are ignored here.
    public mutating func request(_ action: Action, source: String, at time: Double, timeline: inout Timeline) {
        if running != nil {
            queue.append((action, source))
            timeline.record(.navigationQueued(action, source: source), at: time)
            return
        }
        start(action, source: source, at: time, timeline: &timeline)
    }

    /// Records a frame for clock time `time` that has been presented (`wall`: the wall-clock
    /// time measured after present, window only); completes the running transition when it
    /// is due and then starts the next queued navigation.
    public mutating func framePresented(at time: Double, wall: Double? = nil, timeline: inout Timeline) {
        guard var current = running else { return }
        current.record.frames.append(FrameSample(clock: time, wall: wall))
        running = current
        guard current.isDue(at: time) else { return }
        current.record.completion = time
        current.record.completionWall = wall
        running = nil
        timeline.record(.lifecycle(.init(.didDisappear, current.record.from, animated: true)), at: time, wall: wall)
        timeline.record(.lifecycle(.init(.didAppear, current.record.to, animated: true)), at: time, wall: wall)
        timeline.record(.transitionCompleted(current.record), at: time, wall: wall)
        while running == nil, !queue.isEmpty {
            let next = queue.removeFirst()
            start(next.action, source: next.source, at: time, timeline: &timeline)
        }
    }

    /// Attaches `seconds` of rasterising cost to the running transition's frame presented at
    /// clock time `clock`, if it is the latest one. Returns true when it matched.
    @discardableResult
    public mutating func attachFrameCost(_ seconds: Double, clock: Double) -> Bool {
        guard var current = running, let last = current.record.frames.last, last.clock == clock else { return false }
        current.record.frames[current.record.frames.count - 1].cost = seconds
        running = current
        return true
    }

    /// Drops every entry above the start scene and any running or queued transition.
    public mutating func reset(to start: String) {
        entries = [Entry(scene: start, arrival: .cut, isModal: false)]
        running = nil
        queue.removeAll()
        tabStacks = [:]
    }

    /// Forgets the tabs' kept stacks once no tab shows any more (a presented tabbed form was
    /// closed): the form opens fresh next time, its tabs at their roots.
    private mutating func forgetClosedTabStacks() {
        if !tabStacks.isEmpty, !entries.contains(where: { tabRoots.contains($0.scene) }) { tabStacks = [:] }
    }

    private mutating func start(_ action: Action, source: String, at time: Double, timeline: inout Timeline) {
        let from = top
        let transition: Transition
        switch action {
        case .go(let scene, let t), .present(let scene, let t):
            transition = t
            entries.append(
                Entry(scene: scene, arrival: t, isModal: { if case .present = action { true } else { false } }()))
        case .replace(let scene, let t):
            transition = t
            let replaced = entries.removeLast()
            entries.append(Entry(scene: scene, arrival: t, isModal: replaced.isModal))
        case .back:
            guard entries.count > 1 else {
                timeline.record(
                    .actionSkipped(action, reason: "\(from) is the root scene; nothing to go back to"), at: time)
                return
            }
            transition = entries.removeLast().arrival.reversed
            forgetClosedTabStacks()
        case .dismiss:
            guard let index = entries.lastIndex(where: \.isModal) else {
                timeline.record(.actionSkipped(action, reason: "no modal scene is presented"), at: time)
                return
            }
            transition = entries[index].arrival.reversed
            entries.removeSubrange(index...)
            forgetClosedTabStacks()
        case .tab(let scene, let t):
            let base = tabBase
            let current = entries[base].scene
            if current == scene {  // the selected tab: back to its root, as UIKit pops
                guard entries.count > base + 1, !entries[(base + 1)...].contains(where: \.isModal) else {
                    timeline.record(.actionSkipped(action, reason: "the tab \(scene) shows its root scene"), at: time)
                    return
                }
                transition = entries[entries.count - 1].arrival.reversed
                entries.removeSubrange((base + 1)...)
            } else {
                tabStacks[current] = Array(entries[base...])
                // A tab's root stands where the bar's first root arrived (a presented form's
                // tabs stay presented, so dismiss() closes the form from any tab).
                let root = Entry(scene: scene, arrival: entries[base].arrival, isModal: entries[base].isModal)
                entries = Array(entries[..<base]) + (tabStacks[scene] ?? [root])
                transition = t
            }
        case .script:
            return
        }
        timeline.record(.action(action, source: source), at: time)
        showTopAsHeld()
        let to = top
        let animated = transition.isAnimated
        let turns = turnsScreen?(from, to, entries, heldLandscape) == true
        timeline.record(.lifecycle(.init(.willAppear, to, animated: animated)), at: time)
        timeline.record(.lifecycle(.init(.willDisappear, from, animated: animated)), at: time)
        if animated {
            timeline.record(.transitionStarted(from: from, to: to, transition), at: time)
            running = Running(
                record: TransitionRecord(
                    from: from, to: to, transition: transition, start: time, slowMotion: slowMotion))
            running?.record.drawnAsRotation = turns
        } else {
            timeline.record(.lifecycle(.init(.didDisappear, from, animated: false)), at: time)
            timeline.record(.lifecycle(.init(.didAppear, to, animated: false)), at: time)
        }
    }
}
