/// A formula laid out: what is drawn and the box it fills, in ems of the text around it (multiply by the run's size
/// in points), x to the right and y up from the formula's origin on its baseline.
///
/// Made once per formula when its paragraph is shaped (it depends on the fonts, never on the width or the size),
/// and placed on a page by ``BookLayout/formulas(onPage:)``.
final class MathDrawing: Sendable {
    /// One glyph: a face's glyph at a size (a multiple of the formula's em: smaller in scripts), its origin.
    struct Glyph: Sendable {
        var face: FontFace
        var id: UInt16
        var x: Double
        var y: Double
        var size: Double
        var color: Color?
    }

    /// A filled rectangle (a fraction bar, a radical's overbar, a border of `menclose`, a table line, an edge of a
    /// CSS border): its left, bottom, width and height; a line of another style than solid (a `dashed` table frame,
    /// a `dotted` border) is drawn in it as a border edge of that style would be.
    struct Rule: Sendable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var color: Color?
        var style: BorderStyle = .solid
        /// Whether the line runs up the page (a column line, a left or right edge): its dashes go up it.
        var isVertical = false
    }

    /// The box: its advance and how far it reaches above and below the baseline.
    let width: Double
    let ascent: Double
    let descent: Double
    let glyphs: [Glyph]
    let rules: [Rule]
    /// The elements' backgrounds (`mathbackground`, CSS `background-color`): each a node's box, parents before
    /// children, drawn under every rule and glyph.
    let backgrounds: [Rule]
    /// Notices about the formula (a limit reached), for a reader's log.
    let notices: [String]

    init(width: Double, ascent: Double, descent: Double, glyphs: [Glyph], rules: [Rule], backgrounds: [Rule] = [],
         notices: [String] = []) {
        func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
        self.width = max(0, finite(width)); self.ascent = finite(ascent); self.descent = finite(descent)
        self.glyphs = glyphs; self.rules = rules; self.backgrounds = backgrounds; self.notices = notices
    }

    /// Nothing to draw, no size.
    static let empty = MathDrawing(width: 0, ascent: 0, descent: 0, glyphs: [], rules: [])
}
