/// A count with its noun in the right number, for messages: `counted(1, "scene")` is
/// `"1 scene"`, `counted(0, "scene")` and `counted(3, "scene")` are `"0 scenes"` and `"3 scenes"`.
/// `plural` gives an irregular plural (`counted(2, "hitch", "hitches")`); by default an `s` is added.
public func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
