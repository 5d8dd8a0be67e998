/// An element `sceneflow detect` proposes from a screen's text (issue 16.1): the label a
/// person reads, the tap target in points, how sure it is and what it looks like.
public struct DetectionProposal: Equatable, Sendable {
    /// What the text looks like it is.
    public enum Kind: String, Sendable, CaseIterable {
        /// A short label standing alone (an action, a chip, a dialog button).
        case button
        /// A list row: a line with lines under it or a value beside it, or a line alone at
        /// the left margin; tapped across the full width.
        case row
        /// One of three or more short labels side by side in a bar near the top or bottom.
        case tab
        /// The screen's title: the largest text near the top.
        case title
        /// Running text (a paragraph): rarely a tap target.
        case text
    }

    /// The accessibility label: the text as read (the row's first line for a row).
    public var label: String
    /// The tap target in points: the text grown to at least 44x44 pt, or the full-width row.
    public var frame: Rect
    /// How sure the proposal is, 0 to 1: the recogniser's confidence times how likely the kind
    /// is a tap target.
    public var confidence: Double
    /// The guessed kind.
    public var kind: Kind

    /// Creates a proposal.
    public init(label: String, frame: Rect, confidence: Double, kind: Kind) {
        self.label = label
        self.frame = frame
        self.confidence = confidence
        self.kind = kind
    }
}
