/// A built-in 5 × 7 pixel font (capital letters, digits and a little punctuation) for the
/// window's heads-up display, so the window needs no font library. Drawn by this project;
/// lower-case letters are drawn as capitals, `×` as `X`, unknown characters as `?`.
public enum BitmapFont {
    /// Glyph width in font pixels.
    public static let width = 5
    /// Glyph height in font pixels.
    public static let height = 7
    /// Horizontal advance per character in font pixels (one blank column).
    public static let advance = 6

    /// The rows of `character`'s glyph, top to bottom; `true` = lit. Always `height` rows of
    /// `width` entries.
    public static func rows(_ character: Character) -> [[Bool]] {
        let key: Character = character == "×" ? "X" : Character(character.uppercased())
        let pattern = glyphs[key] ?? glyphs["?"]!
        return pattern.split(separator: " ").map { row in row.map { $0 == "#" } }
    }

    /// Lit pixels of `text` as horizontal runs in font pixels: (row, first column, length),
    /// with characters advancing `advance` columns. One run per stretch of lit pixels, so a
    /// renderer can fill a few rectangles instead of every pixel.
    public static func runs(_ text: String) -> [(row: Int, column: Int, length: Int)] {
        var result: [(row: Int, column: Int, length: Int)] = []
        for (index, character) in text.enumerated() where character != " " {
            for (row, bits) in rows(character).enumerated() {
                var column = 0
                while column < bits.count {
                    guard bits[column] else {
                        column += 1
                        continue
                    }
                    let first = column
                    while column < bits.count && bits[column] { column += 1 }
                    result.append((row, index * advance + first, column - first))
                }
            }
        }
        return result
    }

    /// The glyphs: seven rows of five, `#` lit, rows separated by spaces.
    static let glyphs: [Character: String] = [
        "A": ".###. #...# #...# ##### #...# #...# #...#",
        "B": "####. #...# #...# ####. #...# #...# ####.",
        "C": ".###. #...# #.... #.... #.... #...# .###.",
        "D": "####. #...# #...# #...# #...# #...# ####.",
        "E": "##### #.... #.... ####. #.... #.... #####",
        "F": "##### #.... #.... ####. #.... #.... #....",
        "G": ".###. #...# #.... #.### #...# #...# .####",
        "H": "#...# #...# #...# ##### #...# #...# #...#",
        "I": ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
        "J": "..### ...#. ...#. ...#. ...#. #..#. .##..",
        "K": "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
        "L": "#.... #.... #.... #.... #.... #.... #####",
        "M": "#...# ##.## #.#.# #.#.# #...# #...# #...#",
        "N": "#...# #...# ##..# #.#.# #..## #...# #...#",
        "O": ".###. #...# #...# #...# #...# #...# .###.",
        "P": "####. #...# #...# ####. #.... #.... #....",
        "Q": ".###. #...# #...# #...# #.#.# #..#. .##.#",
        "R": "####. #...# #...# ####. #.#.. #..#. #...#",
        "S": ".#### #.... #.... .###. ....# ....# ####.",
        "T": "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
        "U": "#...# #...# #...# #...# #...# #...# .###.",
        "V": "#...# #...# #...# #...# #...# .#.#. ..#..",
        "W": "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.",
        "X": "#...# #...# .#.#. ..#.. .#.#. #...# #...#",
        "Y": "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..",
        "Z": "##### ....# ...#. ..#.. .#... #.... #####",
        "0": ".###. #...# #..## #.#.# ##..# #...# .###.",
        "1": "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",
        "2": ".###. #...# ....# ...#. ..#.. .#... #####",
        "3": "####. ....# ....# .###. ....# ....# ####.",
        "4": "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
        "5": "##### #.... ####. ....# ....# #...# .###.",
        "6": "..##. .#... #.... ####. #...# #...# .###.",
        "7": "##### ....# ...#. ..#.. .#... .#... .#...",
        "8": ".###. #...# #...# .###. #...# #...# .###.",
        "9": ".###. #...# #...# .#### ....# ...#. .##..",
        ".": "..... ..... ..... ..... ..... .##.. .##..",
        ",": "..... ..... ..... ..... .##.. ..#.. .#...",
        "-": "..... ..... ..... .###. ..... ..... .....",
        "~": "..... ..... .#... #.#.# ...#. ..... .....",
        "+": "..... ..#.. ..#.. ##### ..#.. ..#.. .....",
        "=": "..... ..... ##### ..... ##### ..... .....",
        ">": ".#... ..#.. ...#. ....# ...#. ..#.. .#...",
        "<": "...#. ..#.. .#... #.... .#... ..#.. ...#.",
        "/": "....# ....# ...#. ..#.. .#... #.... #....",
        ":": "..... .##.. .##.. ..... .##.. .##.. .....",
        "_": "..... ..... ..... ..... ..... ..... #####",
        "%": "##..# ##..# ...#. ..#.. .#... #..## #..##",
        "(": "...#. ..#.. .#... .#... .#... ..#.. ...#.",
        ")": ".#... ..#.. ...#. ...#. ...#. ..#.. .#...",
        "?": ".###. #...# ....# ...#. ..#.. ..... ..#..",
        " ": "..... ..... ..... ..... ..... ..... .....",
    ]
}
