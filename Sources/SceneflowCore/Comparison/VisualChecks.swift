/// Options of one `expect.screenshot` call, after the Lua layer resolved labels to frames.
/// Rectangles are in points; `ScreenshotPolicy` decides pass or fail from the comparison.
public struct ScreenshotRequest: Sendable, Equatable {
    /// The baseline's name (`<name>.png`).
    public var name: String
    /// Per-pixel colour distance 0…1 (pixelmatch's YIQ metric); 0 compares exactly.
    public var threshold: Double = 0
    /// Differing pixels allowed; nil: not a limit.
    public var maxDiffPixels: Int?
    /// Share of differing pixels allowed (0…1); nil: not a limit.
    public var maxDiffRatio: Double?
    /// Skip anti-aliased pixels (pixelmatch's detector).
    public var ignoreAntialiasing = false
    /// Areas painted out in both images, in points.
    public var masks: [Rect] = []
    /// Only this area is compared, in points.
    public var region: Rect?
    /// Progress 0…1 of the running (or else the last) transition to render instead of the
    /// settled frame.
    public var at: Double?

    /// Creates a request with the defaults: exact, the whole settled frame.
    public init(name: String) { self.name = name }
}

/// The outcome of a visual check (`expect.screenshot`, `expect.tree`, `capture`).
public enum VisualCheckResult: Sendable, Equatable {
    /// The check held; `note` says how (for example "exact match").
    case passed(note: String)
    /// A baseline was written (record mode); the test is reported as *recorded*.
    case recorded(path: String)
    /// The check failed: the message prints the metric that decided, its limit and value.
    case failed(message: String)
    /// The check failed on this frame, but a later settled frame may pass: the attempt was not
    /// `final`, so it is not recorded and left no files. A permanent failure (no baseline in CI,
    /// an unreadable baseline) is `failed` at once.
    case retry(message: String)
}

/// One visual check of a test, as reports show it. Paths are from the working directory (the
/// report folder as given, joined with `screenshots/…` or `captures/…`).
public struct VisualRecord: Codable, Sendable, Equatable {
    /// `screenshot`, `tree` or `capture`.
    public var kind: String
    /// The name given in the script.
    public var name: String
    /// `passed`, `recorded` or `failed`.
    public var status: String
    /// How it passed or why it failed.
    public var message: String
    /// The baseline file (relative to the working directory), when there is one.
    public var baseline: String?
    /// Files in the report folder, as paths from the working directory: `actual`, `expected`,
    /// `diff` for a failed screenshot, `image` for a capture.
    public var files: [String: String]

    /// Creates a record.
    public init(
        kind: String, name: String, status: String, message: String, baseline: String? = nil,
        files: [String: String] = [:]
    ) {
        self.kind = kind
        self.name = name
        self.status = status
        self.message = message
        self.baseline = baseline
        self.files = files
    }
}

/// What renders, compares and stores frames for the script API's visual checks; the runner
/// implements it (it owns the renderer), the Lua layer calls it.
///
/// `expect.screenshot` and `expect.tree` retry on every settled frame until their timeout
/// (issue 13.7): an attempt with `final` false that fails is neither recorded nor leaves files
/// (a later frame may pass); the last attempt is `final` and is recorded like a single check.
/// Passes and recorded baselines are recorded whatever `final` says.
public protocol VisualChecks: AnyObject {
    /// Renders the current frame and compares it with its baseline.
    func screenshot(_ request: ScreenshotRequest, session: Session, final: Bool) -> VisualCheckResult
    /// Renders the current frame into the report folder.
    func capture(_ name: String, session: Session) -> VisualCheckResult
    /// Compares the element tree outline with `expected` text, or with the text baseline
    /// `name` when `expected` is nil.
    func tree(name: String?, expected: String?, session: Session, final: Bool) -> VisualCheckResult
    /// Called with each check as it is recorded, and again with the last one when it is
    /// changed after (`amendsLast`): the Lua layer streams them with the test's records
    /// (`TestRecordEvent.visual`, `.visualAmended`).
    var onRecord: ((_ record: VisualRecord, _ amendsLast: Bool) -> Void)? { get set }
}

/// Decides a screenshot comparison and words the failure so the value and the limit never
/// print the same when they differ ("0.0123 % of pixels differ, the limit is 0.01 %").
public enum ScreenshotPolicy {
    /// nil when `difference` is within the request's limits, else the failure message.
    public static func failure(_ difference: ImageDifference, _ request: ScreenshotRequest) -> String? {
        let count = difference.differentPixels
        let total = difference.width * difference.height
        let ratio = difference.ratio
        let metric =
            request.threshold == 0 && !request.ignoreAntialiasing
            ? "exact comparison"
            : "pixelmatch, threshold \(formatNumber(request.threshold, decimals: 4))"
                + (request.ignoreAntialiasing ? ", anti-aliased pixels skipped" : "")
        let box = difference.bounds.map { " in the box \($0) px" } ?? ""
        if let limit = request.maxDiffRatio, ratio > limit {
            let (value, bound) = distinct(ratio * 100, limit * 100)
            return
                "\(count) of \(total) pixels \(count == 1 ? "differs" : "differ") (\(metric))\(box): the ratio \(value) % is over the limit max_diff_ratio = \(bound) %"
        }
        if let limit = request.maxDiffPixels, count > limit {
            return
                "\(count) of \(total) pixels \(count == 1 ? "differs" : "differ") (\(metric))\(box): over the limit max_diff_pixels = \(limit)"
        }
        if request.maxDiffPixels == nil && request.maxDiffRatio == nil && count > 0 {
            return
                "\(count) of \(total) pixels \(count == 1 ? "differs" : "differ") (\(metric))\(box); no difference is allowed (set max_diff_pixels or max_diff_ratio to allow some)"
        }
        return nil
    }

    /// `value` and `limit` formatted with as many decimals as it takes to tell them apart
    /// (up to 12).
    public static func distinct(_ value: Double, _ limit: Double) -> (String, String) {
        for decimals in 2...12 {
            let v = formatNumber(value, decimals: decimals)
            let l = formatNumber(limit, decimals: decimals)
            if v != l || value == limit { return (v, l) }
        }
        return ("\(value)", "\(limit)")
    }
}
