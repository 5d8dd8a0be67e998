/// Zoom of the window: how device pixels map to window pixels.
public enum WindowZoom: String, Sendable, Equatable {
    /// One device pixel per window pixel (key `1`).
    case actual
    /// Half size: two device pixels per window pixel (key `2`).
    case half
    /// Fit ~90 % of the display (key `0`, the start).
    case fit

    /// The window size in pixels for a `pixelWidth` x `pixelHeight` device screen, or nil
    /// for `.fit` (the window layer computes that from the display).
    public func windowSize(pixelWidth: Int, pixelHeight: Int) -> (width: Int, height: Int)? {
        switch self {
        case .actual: return (pixelWidth, pixelHeight)
        case .half: return (max(1, (pixelWidth + 1) / 2), max(1, (pixelHeight + 1) / 2))
        case .fit: return nil
        }
    }
}

/// The designer's view state in the window, apart from the session: hotspot hints, the
/// element overlay (`H`), the key list (`?`), the zoom and the last reload error. Pure: the
/// window player feeds it keys, taps that hit nothing and clock time (seconds), and draws
/// `overlay(...)`.
///
/// Behaviour after Figma's and InVision's prototype players: a click that hits no element
/// flashes every element for `hintSeconds` (default `hintDuration`) seconds, unless hints are off (`--no-hints`, for
/// usability tests).
public struct DesignerState: Sendable {
    /// How long a hotspot hint flash lasts by default, in seconds.
    public static let hintDuration = 0.6
    /// The keys the window understands, as the `?` panel and the Designer tools article list them.
    public static let keyHelp = [
        "click = tap    drag = swipe    wheel = scroll",
        "Esc, Backspace = back          Q = quit",
        "H = show every element and its label",
        "1 / 2 / 0 = zoom 1:1 pixels / 50 % / fit",
        "cropped 1:1 / 50 %: wheel, arrows, PgUp/PgDn pan",
        "O = turn the device portrait / landscape",
        "E = edit mode: draw, label and link hotspots",
        "Tab, Shift+Tab, arrows, Home/End = controls",
        "T = transition timing    S = slow animations",
        "? = this list (any key or click closes it)",
    ]

    /// False with `--no-hints`.
    public var hintsEnabled: Bool
    /// How long a hint flash lasts, in seconds (`--hint-seconds`).
    public var hintSeconds = DesignerState.hintDuration
    /// True while `H` shows every element.
    public var showsElements = false
    /// True while the key list is shown.
    public var showsHelp = false
    /// The window zoom.
    public var zoom = WindowZoom.fit
    /// The message of the last failed reload (shown until a reload succeeds).
    public var reloadError: String?
    /// Clock time until which the hint flash shows.
    public private(set) var hintUntil = -1.0
    /// Clock time until which the "cropped" hint may show (`DesignerState+CropHint.swift`).
    public internal(set) var cropHintUntil = -1.0
    /// True from a click that closed the key list to its release (`DesignerState+KeyList.swift`).
    public internal(set) var swallowsPointer = false
    /// The last Lua action error and the clock time until which it shows
    /// (`DesignerState+ActionError.swift`).
    public internal(set) var actionError: String?
    /// Clock time (seconds) until which `actionError` shows.
    public internal(set) var actionErrorUntil = -1.0

    /// Creates the state; hints on unless `hints` is false.
    public init(hints: Bool = true) { self.hintsEnabled = hints }

    /// What a key press does to the view.
    public enum KeyEffect: Equatable, Sendable {
        /// Nothing the designer state handles (the player may).
        case none
        /// Redraw: the overlay changed.
        case redraw
        /// The zoom changed: resize the window.
        case zoom(WindowZoom)
    }

    /// Handles a key by SDL key name (`"H"`, `"1"`, `"/"` for `?`). While the key list shows,
    /// any key closes it first.
    public mutating func key(_ name: String) -> KeyEffect {
        if showsHelp {
            showsHelp = false
            return .redraw
        }
        switch name {
        case "H":
            showsElements.toggle()
            return .redraw
        case "/", "?", "F1":
            showsHelp = true
            return .redraw
        case "1": return setZoom(.actual)
        case "2": return setZoom(.half)
        case "0": return setZoom(.fit)
        default: return .none
        }
    }

    private mutating func setZoom(_ z: WindowZoom) -> KeyEffect {
        zoom = z
        return .zoom(z)
    }

    /// A tap hit no element at clock time `time`: flash the hints (when enabled).
    public mutating func tapMissed(at time: Double) {
        if hintsEnabled { hintUntil = time + hintSeconds }
    }

    /// True while the hint flash shows at clock time `time`.
    public func isFlashing(at time: Double) -> Bool { time < hintUntil }

    /// What to draw over `scene` at clock time `time`: element boxes while flashing or with
    /// `H` (labels only with `H`), the reload error and the key list. `clips` (same order as
    /// the scene's elements; shorter or empty: none) confines each box and label to a
    /// rectangle in points (`Session.outlineClips`).
    public func overlay(for scene: Scene?, at time: Double, clips: [Rect?] = []) -> Overlay {
        var overlay = Overlay()
        if let scene, showsElements || isFlashing(at: time) {
            for (index, element) in scene.elements.enumerated() {
                var box = OverlayBox(
                    frame: element.frame, fill: .hint, border: .hintBorder, label: showsElements ? element.label : nil)
                box.clip = clips.indices.contains(index) ? clips[index] : nil
                overlay.boxes.append(box)
            }
        }
        if let reloadError {
            overlay.panels.append(
                OverlayPanel(
                    lines: ["Reload failed; showing the last good prototype:"] + wrap(reloadError, width: 48),
                    placement: .top, background: .error))
        }
        if let panel = actionErrorPanel(at: time) { overlay.panels.append(panel) }
        if showsHelp {
            overlay.panels.append(OverlayPanel(lines: ["Keys"] + Self.keyHelp, placement: .center))
        }
        return overlay
    }

    /// Splits `text` into lines of at most `width` characters at spaces (and at newlines).
    public func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty && line.count + 1 + word.count > width {
                    lines.append(line)
                    line = ""
                }
                line += line.isEmpty ? String(word) : " " + word
            }
            lines.append(line)
        }
        return lines
    }
}
