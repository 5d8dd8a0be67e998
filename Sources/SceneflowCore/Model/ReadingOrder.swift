/// The order a screen reader walks a screen's elements (VoiceOver, TalkBack): rows from top to
/// bottom, each row from left to right, whatever order the prototype declares them in. Keyboard
/// focus (Tab, Shift+Tab in the window) follows it.
///
/// Rows: frames are taken by their top edge; a frame whose top lies above the vertical centre of
/// the first frame of the current row joins that row (a label and a field side by side, a row of
/// chips of different heights), any other starts the next row. Frames in points.
public enum ReadingOrder {
    /// The indices of `frames` in reading order. Equal frames keep their declaration order.
    public static func indices(_ frames: [Rect]) -> [Int] {
        let byTop = frames.indices.sorted {
            frames[$0].y != frames[$1].y ? frames[$0].y < frames[$1].y : $0 < $1
        }
        var rows: [[Int]] = []
        var rowCentre = -Double.infinity
        for index in byTop {
            if let last = rows.indices.last, frames[index].y < rowCentre {
                rows[last].append(index)
            } else {
                rows.append([index])
                rowCentre = frames[index].y + frames[index].height / 2
            }
        }
        return rows.flatMap { row in
            row.sorted { frames[$0].x != frames[$1].x ? frames[$0].x < frames[$1].x : $0 < $1 }
        }
    }
}
