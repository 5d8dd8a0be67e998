/// A star-rating control drawn over a screenshot, as declared in `prototype.lua` with
/// `control = "star_rating"` (DESIGN.md §6).
///
/// Follows DLStarRating's touch rules (slide over the stars to light them, all the way left
/// for the minimum, a touch band below the glyphs so the finger does not hide them) with the
/// edge cases its successors (HCSStarRatingView, Cosmos, EDStarRating, Android RatingBar)
/// fixed. Geometry is in points; values are in stars (0…`stars`).
public struct StarRating: Equatable, Sendable {
    /// Number of star glyphs (≥ 1). Default 5.
    public var stars: Int
    /// The empty star image, relative to the prototype folder; nil draws built-in stars.
    public var starImage: String?
    /// The lit star image (same pixel size as `starImage`); nil draws built-in stars.
    public var highlightedImage: String?
    /// One glyph's size in points; nil: the largest square that fits the frame (built-in
    /// stars). The loader fills it from the images' pixel size ÷ scale when images are given.
    public var starSize: Size?
    /// Gap between two glyphs, in points. Default 0.
    public var spacing: Double
    /// Height of the touch band below the glyphs, in points. Default 20.
    public var touchBand: Double
    /// The value grid: 1 (whole stars), 0.5 or 0.1.
    public var step: Double
    /// The smallest value (default 0); left of the first star gives it.
    public var minimum: Double
    /// The largest value (default `stars`); right of the last star gives it.
    public var maximum: Double
    /// The value shown when the scene is first shown (snapped and clamped).
    public var initialValue: Double
    /// When true, pointer, keyboard and accessibility input is ignored and nothing fires.
    public var readOnly: Bool
    /// Right to left: the first star is the rightmost one.
    public var rightToLeft: Bool
    /// Tapping the star equal to the current value clears the rating to 0 (then `minimum`).
    public var tapToClear: Bool
    /// Called with each distinct value during a drag (`on_changing(app, value)`).
    public var onChanging: Action?
    /// Called once at release when the value differs from the value at press
    /// (`on_change(app, value)`).
    public var onChange: Action?

    /// Creates a control; defaults follow the prototype format (5 stars, touch band 20 pt,
    /// whole steps, minimum 0, maximum = stars, value = minimum).
    public init(
        stars: Int = 5, starImage: String? = nil, highlightedImage: String? = nil, starSize: Size? = nil,
        spacing: Double = 0, touchBand: Double = 20, step: Double = 1, minimum: Double = 0,
        maximum: Double? = nil, initialValue: Double? = nil, readOnly: Bool = false, rightToLeft: Bool = false,
        tapToClear: Bool = false, onChanging: Action? = nil, onChange: Action? = nil
    ) {
        self.stars = max(1, stars)
        self.starImage = starImage
        self.highlightedImage = highlightedImage
        self.starSize = starSize
        self.spacing = spacing
        self.touchBand = touchBand
        self.step = step
        self.minimum = minimum
        self.maximum = maximum ?? Double(max(1, stars))
        self.initialValue = initialValue ?? minimum
        self.readOnly = readOnly
        self.rightToLeft = rightToLeft
        self.tapToClear = tapToClear
        self.onChanging = onChanging
        self.onChange = onChange
    }

    /// The value grid and bounds of this control.
    public var values: StarRatingValue {
        StarRatingValue(step: step, minimum: minimum, maximum: maximum)
    }
}

/// What an element is besides its accessibility label and frame.
public enum ElementControl: Equatable, Sendable {
    /// A star-rating control (`control = "star_rating"`).
    case starRating(StarRating)
    /// A state-image control (`control = "toggle"`, `"checkbox"`, `"segmented"`, `"radio"`).
    case states(StateControl)
    /// A text field (`control = "text_field"`).
    case textField(TextField)

    /// The star rating, when this is one.
    public var starRating: StarRating? {
        if case .starRating(let rating) = self { return rating }
        return nil
    }

    /// The state-image control, when this is one.
    public var stateControl: StateControl? {
        if case .states(let control) = self { return control }
        return nil
    }

    /// The text field, when this is one.
    public var textField: TextField? {
        if case .textField(let field) = self { return field }
        return nil
    }
}

extension Element {
    /// The control's actions with the paths that declare them (`….on_change`), for the
    /// checker's reachability and the window's preloading.
    var controlActions: [(String, Action)] {
        if let states = control?.stateControl {
            return states.onChange.map { [("\(path).on_change", $0)] } ?? []
        }
        if let field = control?.textField {
            return [("\(path).on_change", field.onChange), ("\(path).on_submit", field.onSubmit)].compactMap { entry in
                entry.1.map { (entry.0, $0) }
            }
        }
        guard let rating = control?.starRating else { return [] }
        var result: [(String, Action)] = []
        if let action = rating.onChanging { result.append(("\(path).on_changing", action)) }
        if let action = rating.onChange { result.append(("\(path).on_change", action)) }
        return result
    }
}
