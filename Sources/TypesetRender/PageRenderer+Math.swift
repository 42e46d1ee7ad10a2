import TypesetCore

extension PageRenderer {
    /// Draws formulas: their rules (fraction bars, radicals' overbars, table lines), then their glyphs, in the
    /// text's colour unless the formula gives its own (`mathcolor`), the theme's link colour inside a link.
    func drawFormulas(_ formulas: [PlacedFormula], colors: inout ReadableColors, scale: Double, origin: (x: Int, y: Int),
                      into canvas: inout some GlyphCanvas) throws(RenderError) {
        for formula in formulas {
            let isLink = formula.glyphRuns.first?.isLink ?? false
            let textColor = isLink ? colors.theme.link : colors.theme.text
            for rule in formula.rules {
                fill(rule.rect, color: rule.color.map { colors.text($0) } ?? textColor, scale: scale, origin: origin, into: &canvas)
            }
            for run in formula.glyphRuns {
                try draw(run, color: run.color.map { colors.text($0) } ?? textColor, scale: scale, origin: origin, into: &canvas)
            }
        }
    }
}
