/// A number that changes whenever anything a script can read of the current scene's elements
/// may have changed, so the script layer can keep the elements it read (and what it worked
/// out from them: normalised labels, the matches of a locator) while the number stays the
/// same. A wait retries once per frame: on a settled scene of 10 000 elements, reading them
/// all again on every retry frame cost far more real time than the clock time waited.
///
/// The revision is derived from the inputs of every element field a script reads, never
/// from the places that change them, so no change can be missed by a code path that forgot
/// to count it: `ElementsObservation` holds them, and the revision moves on whenever it
/// differs from the one seen at the last ask.
extension Session {
    /// A number that stays the same exactly while `ElementsObservation` of this session does:
    /// the current scene's elements (`screenElements`), the parts that show (`visibleFrames`)
    /// and every value `value(of:)` and the control fields give are then the same as at the
    /// last ask. It only grows; asking costs a composed frame's placement and a comparison
    /// of the control states, not a pass over the elements.
    public var elementsRevision: Int {
        let now = ElementsObservation(self)
        if now != elementsWatch.last {
            elementsWatch.last = now
            elementsWatch.revision &+= 1
        }
        return elementsWatch.revision
    }
}

/// The last observation `Session.elementsRevision` saw and its revision.
struct ElementsWatch {
    var last: ElementsObservation?
    var revision = 0
}

/// Everything the current scene's elements as a script reads them are computed from:
/// - which elements and where: the current scene, whether its landscape look shows, and how
///   the layer that draws it places its points (`ScenePlacement`: a push or an overlay's card
///   moving it, the scroll offset, the screen or card it is cut to), as `placedElements`
///   takes them; the prototype's declarations never change in a session;
/// - their values: the mounted scenes and the stack (a control's state is looked up in the
///   current and mounted scenes; a tab is "selected" by the stack's tab root), and the
///   controls' stored states, star ratings and text fields' editing states.
struct ElementsObservation: Equatable {
    let scene: String
    let landscape: Bool
    let placement: ScenePlacement
    let mounted: [String]
    let stack: [String]
    let tabRoot: String?
    let states: [ControlID: String]
    let trackers: [ControlID: StarRatingTracker]
    let texts: [ControlID: TextEditing]

    init(_ session: Session) {
        let (placement, landscape) = session.currentPlacement(in: session.placementFrame())
        scene = session.currentScene
        self.landscape = landscape
        self.placement = placement
        mounted = session.mountedScenes
        stack = session.stack
        let entries = session.navigator.entries
        tabRoot = entries.indices.contains(session.navigator.tabBase) ? entries[session.navigator.tabBase].scene : nil
        states = session.controls.states
        trackers = session.controls.trackers
        texts = session.controls.texts
    }
}
