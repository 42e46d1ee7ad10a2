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

    /// A filled rectangle (a fraction bar, a radical's overbar, a border of `menclose`): its left, bottom, width
    /// and height.
    struct Rule: Sendable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var color: Color?
    }

    /// The box: its advance and how far it reaches above and below the baseline.
    let width: Double
    let ascent: Double
    let descent: Double
    let glyphs: [Glyph]
    let rules: [Rule]
    /// Notices about the formula (a limit reached), for a reader's log.
    let notices: [String]

    init(width: Double, ascent: Double, descent: Double, glyphs: [Glyph], rules: [Rule], notices: [String] = []) {
        func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
        self.width = max(0, finite(width)); self.ascent = finite(ascent); self.descent = finite(descent)
        self.glyphs = glyphs; self.rules = rules; self.notices = notices
    }

    /// Nothing to draw, no size.
    static let empty = MathDrawing(width: 0, ascent: 0, descent: 0, glyphs: [], rules: [])
}
