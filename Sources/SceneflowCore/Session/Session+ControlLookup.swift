/// Finding a session's star ratings and laying them out where they are placed: ids, the
/// element an id names in either look of its scene, trackers laid out at the placed frame, and
/// the hit test a press goes through (`ScenePlacement`, issue 13 item 2).
/// Where the elements of one scene look (portrait or landscape) are: the indices of each table
/// path in the scene's shown elements, and every element's control id. Reading the state or
/// value of every element of a scene looked each one up by comparing it with every other
/// (quadratic: 10 000 controls made each gesture and expectation take over 10 s).
struct DeclarationIndex {
    /// The shown elements this index was built for.
    let elements: [Element]
    /// Indices into `elements` by `Element.path` (several when paths repeat).
    let byPath: [String: [Int]]
    /// `controlID(scene, elements, index)` for every index.
    let ids: [ControlID]
    /// The index of each control (an element with a `control`) by its id.
    let controls: [ControlID: Int]

    init(scene: String, elements: [Element]) {
        self.elements = elements
        var byPath: [String: [Int]] = [:]
        var seen: [String: Int] = [:]  // controls with each label so far
        var ids: [ControlID] = []
        var controls: [ControlID: Int] = [:]
        ids.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            byPath[element.path, default: []].append(index)
            let id = ControlID(scene: scene, label: element.label, occurrence: seen[element.label] ?? 0)
            ids.append(id)
            if element.control != nil {
                seen[element.label, default: 0] += 1
                controls[id] = index
            }
        }
        self.byPath = byPath
        self.ids = ids
        self.controls = controls
    }
}

extension Session {
    /// Where `element` (declared, or placed with another frame: `screenElements`) is among
    /// the shown elements of scene `name` in its current look: the elements, its index and its
    /// control id; nil when the scene does not show it. Constant time after the first call
    /// for that scene look.
    func declaration(of element: Element, in name: String) -> (elements: [Element], index: Int, id: ControlID)? {
        let index = declarationIndex(name, landscape: showsLandscape(name))
        // Equal elements have equal paths: only those with the same path can be it.
        for candidate in index.byPath[element.path] ?? [] where index.elements[candidate].isDeclared(as: element) {
            return (index.elements, candidate, index.ids[candidate])
        }
        return nil
    }

    /// The index of scene `name`'s elements in its portrait or `landscape` look, built once.
    func declarationIndex(_ name: String, landscape: Bool) -> DeclarationIndex {
        let key = (landscape ? "landscape:" : "portrait:") + name
        if let known = declarationIndexes[key] { return known }
        let index = DeclarationIndex(scene: name, elements: prototype.shownElements(name, landscape: landscape))
        declarationIndexes[key] = index
        return index
    }

    /// The id of `elements[index]` of `scene`: its label and its place among the scene's
    /// controls with that label.
    func controlID(_ scene: String, _ elements: [Element], _ index: Int) -> ControlID {
        let label = elements[index].label
        let occurrence = elements[..<index].filter { $0.label == label && $0.control != nil }.count
        return ControlID(scene: scene, label: label, occurrence: occurrence)
    }

    /// The id of `placed[index]` among the current scene's placed elements.
    func controlID(_ placed: [(element: Element, placed: PlacedFrame)], _ index: Int) -> ControlID {
        controlID(currentScene, placed.map(\.element), index)
    }

    /// The element `id` names, as its scene shows it now (else in its other look).
    func controlElement(_ id: ControlID) -> Element? {
        let shown = showsLandscape(id.scene)
        for landscape in [shown, !shown] {
            let index = declarationIndex(id.scene, landscape: landscape)
            if let found = index.controls[id] { return index.elements[found] }
        }
        return nil
    }

    /// The stored tracker of `id`, or a new one at the control's initial value; declared as
    /// `element` declares it (a landscape look may declare the control differently).
    func trackerFor(_ id: ControlID, _ element: Element? = nil) -> StarRatingTracker? {
        guard let rating = (element ?? controlElement(id))?.control?.starRating else {
            return controls.trackers[id]
        }
        guard let stored = controls.trackers[id] else {
            return StarRatingTracker(rating, frame: .init(x: 0, y: 0, width: 0, height: 0))
        }
        return stored.control == rating ? stored : stored.redeclared(as: rating)
    }

    /// The tracker of `id` laid out where the current scene places its control now.
    func placedTracker(_ id: ControlID) -> StarRatingTracker? {
        let placed = placedElements
        guard
            let index = placed.indices.first(where: {
                placed[$0].element.label == id.label && placed[$0].element.control != nil && controlID(placed, $0) == id
            })
        else { return nil }
        return trackerFor(id, placed[index].element)?.placed(in: placed[index].placed.frame)
    }

    /// The control labelled `label` in the current scene (the first with that label) and its
    /// tracker laid out where it is placed now.
    func tracker(_ label: String) throws(ControlError) -> (id: ControlID, tracker: StarRatingTracker) {
        let placed = placedElements
        if let index = placed.indices.first(where: {
            placed[$0].element.label == label && placed[$0].element.control?.starRating != nil
        }),
            let tracker = trackerFor(controlID(placed, index), placed[index].element)
        {
            return (controlID(placed, index), tracker.placed(in: placed[index].placed.frame))
        }
        let labels = placed.map(\.element).filter { $0.control?.starRating != nil }.map(\.label)
        var message = "no star rating labelled \"\(label)\" in scene \"\(currentScene)\""
        message += NearestName.hint(for: label, among: labels)
        message +=
            labels.isEmpty
            ? " (the scene has no controls)"
            : " (controls on screen: " + labels.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
        throw ControlError(message: message)
    }

    /// The label of the control a press at `point` (screen points) would go to, or nil: a
    /// scripted scroll starts its drag where no control takes the press, as a person would.
    public func controlLabel(at point: Point) -> String? { controlHit(at: point)?.label }

    /// The topmost enabled control whose hit area holds `point` (screen points), where it is
    /// placed now and inside the part of the screen it shows in; nil when an element declared
    /// above it (or a disabled control) holds the point first.
    func controlHit(at point: Point) -> ControlID? {
        let placed = placedElements
        for index in placed.indices.reversed() {
            let (element, place) = placed[index]
            if element.control?.starRating != nil {
                // A disabled control still covers what lies below it but takes no input.
                if element.touchArea(placedAt: place.frame).contains(point) && place.area.contains(point) {
                    return element.enabled ? controlID(placed, index) : nil
                }
            } else if place.visible?.contains(point) == true {
                return nil
            }
        }
        return nil
    }
}
