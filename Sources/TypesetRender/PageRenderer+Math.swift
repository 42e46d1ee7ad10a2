import TypesetCore

extension PageRenderer {
    /// Draws formulas: their elements' backgrounds (`mathbackground`, in the theme's colours for backgrounds), their
    /// rules (fraction bars, radicals' overbars, table lines), then their glyphs, in the text's colour unless the
    /// formula gives its own (`mathcolor`, made readable on the background under it: its own or a box's), the
    /// theme's link colour inside a link.
    func drawFormulas(_ formulas: [PlacedFormula], grounds: TextGrounds, colors: inout ReadableColors, scale: Double,
                      origin: (x: Int, y: Int), into canvas: inout some GlyphCanvas) throws(RenderError) {
        for formula in formulas {
            let isLink = formula.glyphRuns.first?.isLink ?? false
            let textColor = isLink ? colors.theme.link : colors.theme.text
            for background in formula.backgrounds {
                guard let color = background.color else { continue }
                fill(background.rect, color: colors.background(color), scale: scale, origin: origin, into: &canvas)
            }
            for rule in formula.rules {
                let color = rule.color.map { colors.text($0) } ?? textColor
                guard rule.style != .solid else {
                    fill(rule.rect, color: color, scale: scale, origin: origin, into: &canvas)
                    continue
                }
                // A dashed or dotted line: a border edge of that style, as thick as the rule.
                let rect = rule.rect, vertical = rule.isVertical
                drawEdge(BorderEdge(width: vertical ? rect.width : rect.height, style: rule.style),
                         band: vertical ? (rect.minX, rect.width) : (rect.minY, rect.height),
                         along: vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX), horizontal: !vertical, outward: -1,
                         adjacent: (0, 0), color: color, scale: scale, origin: origin, into: &canvas)
            }
            for run in formula.glyphRuns {
                // A colour the formula gives is made readable on what is under it: the innermost of its elements'
                // backgrounds (white on green stays white on a light page), else a box's, else the page.
                let middle = TextGrounds.middle(of: run)
                let ground = formula.backgrounds.last(where: { $0.color != nil && $0.rect.contains(middle) })?.color
                    ?? grounds.ground(at: middle)
                let color = run.color.map { colors.text($0, on: ground) } ?? textColor
                try draw(run, color: color, scale: scale, origin: origin, into: &canvas)
            }
        }
    }
}
