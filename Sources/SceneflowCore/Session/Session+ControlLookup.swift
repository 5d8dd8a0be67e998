/// Finding a session's star ratings and laying them out where they are placed: ids, the
/// element an id names in either look of its scene, trackers laid out at the placed frame, and
/// the hit test a press goes through (`ScenePlacement`, issue 13 item 2).
extension Session {

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
            let elements = prototype.shownElements(id.scene, landscape: landscape)
            if let index = elements.indices.first(where: {
                elements[$0].control != nil && controlID(id.scene, elements, $0) == id
            }) {
                return elements[index]
            }
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
            let index = placed.indices.first(where: { placed[$0].element.control != nil && controlID(placed, $0) == id }
            )
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
            if let rating = element.control?.starRating {
                // A disabled control still covers what lies below it but takes no input.
                let layout = StarRatingLayout(rating, frame: place.frame)
                if layout.hitArea.contains(point) && place.area.contains(point) {
                    return element.enabled ? controlID(placed, index) : nil
                }
            } else if place.visible?.contains(point) == true {
                return nil
            }
        }
        return nil
    }
}
