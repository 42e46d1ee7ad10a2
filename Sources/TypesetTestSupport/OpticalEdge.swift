import TypesetCore
import TypesetRender

/// How straight a column's edges look, measured from the ink drawn, not from the layout's protrusion table, so
/// that it can show whether protrusion helps and can measure any engine's pages alike.
///
/// A line's optical left edge is where, going from the column's left edge inward (from a margin's width outside
/// it), the ink drawn in the line's x-height band, accumulated column by column, reaches a fixed amount; its
/// optical right edge likewise from the right. The band is the strip from the baseline up by ``bandHeight`` ems
/// (about the x-height of book faces; fixed in ems so that two engines and two faces measure the same strip), and
/// the amount is the ink of a stem ``stemWidth`` ems wide over the whole band: a letter's stem reaches it within its
/// own width, while a period, a comma or a hyphen holds less and reads as a dent, unless it hangs into the margin
/// (protrusion) far enough for the letter behind it to stand at the edge. An edge is reported as its distance
/// inside the column's edge, in points (negative in the margin); the column's straightness is the ``spread(_:)``
/// of its lines' edges.
public enum OpticalEdge {
    /// The band's height above the baseline, in ems of the body size.
    public static let bandHeight = 0.4
    /// The width, in ems, of a stem over the whole band whose ink marks the edge.
    public static let stemWidth = 0.05
    /// How far outside the column's edge the search begins, and how far inside it gives up, in ems.
    public static let outside = 1.0, inside = 3.0
    /// Pixels per point of the drawing measured (quarter points: an edge is found to a fraction of that).
    public static let pixelScale = 4.0

    /// Where the running sum of `ink` (amounts per pixel column, from the edge inward) reaches `threshold`, in
    /// pixel columns from the start, interpolated within the column that reaches it; nil when it never does.
    public static func reach(_ ink: [Double], threshold: Double) -> Double? {
        var sum = 0.0
        for (i, amount) in ink.enumerated() where amount > 0 {
            if sum + amount >= threshold { return Double(i) + (threshold - sum) / amount }
            sum += amount
        }
        return nil
    }

    /// The spread of edge positions: their mean absolute deviation from their median, in their unit; nil for none.
    /// The median rather than the mean so that the column's own edge, where most lines stand, is the reference.
    public static func spread(_ edges: [Double]) -> Double? {
        guard !edges.isEmpty else { return nil }
        let sorted = edges.sorted()
        let median = sorted[sorted.count / 2]
        return sorted.reduce(0) { $0 + abs($1 - median) } / Double(sorted.count)
    }

    /// Sets the optical edges of `samples`, the samples of `layout` (``TypographyReport/samples(of:)``: its lines
    /// in page order), by drawing, on every page, a strip along each edge of each column with `renderer`. A
    /// paragraph's first line gets no left edge when the settings indent it. Nothing is measured for a vertical
    /// layout.
    ///
    /// - Throws: ``RenderError`` when a strip cannot be drawn.
    public static func measure(_ layout: BookLayout, renderer: PageRenderer,
                               into samples: inout [TypographyReport.LineSample]) throws {
        guard !layout.writingMode.isVertical else { return }
        let settings = layout.settings
        let em = settings.fontSize
        let content = settings.contentRect
        let pitch = settings.columnWidth + settings.columnGap
        let appearance = Appearance(theme: .light, pixelScale: pixelScale)
        let paper = Double(Theme.light.background.red), ink = Double(Theme.light.text.red)
        let threshold = stemWidth * em * bandHeight * em * pixelScale * pixelScale
        var index = 0
        for page in layout.pages.indices {
            let lines = layout.lines(onPage: page)
            defer { index += lines.count }
            guard index + lines.count <= samples.count else { return }
            guard !layout.writingMode(ofPage: page).isVertical else { continue }
            for column in 0..<settings.columns {
                let left = content.minX + Double(column) * pitch, right = left + settings.columnWidth
                let height = layout.pages[page].size.height
                let strips = [Rect(x: left - outside * em, y: 0, width: (outside + inside) * em, height: height),
                              Rect(x: right - inside * em, y: 0, width: (outside + inside) * em, height: height)]
                for (side, strip) in strips.enumerated() {
                    let bitmap = try renderer.render(page: page, of: layout, appearance: appearance, window: strip)
                    let originX = (strip.minX * pixelScale).rounded(), originY = (strip.minY * pixelScale).rounded()
                    for (k, line) in lines.enumerated() where samples[index + k].column == column {
                        if side == 0 && line.lineIndex == 0 && settings.firstLineIndent != 0 { continue }
                        let top = Int(((line.baseline - bandHeight * em) * pixelScale - originY).rounded(.down))
                        let bottom = Int((line.baseline * pixelScale - originY).rounded(.up))
                        var amounts = [Double](repeating: 0, count: bitmap.width)
                        for y in max(0, top)..<max(max(0, top), min(bitmap.height, bottom)) {
                            for x in 0..<bitmap.width {
                                let value = Double(bitmap.pixels[(y * bitmap.width + x) * 4])
                                amounts[x] += max(0, min(1, (paper - value) / (paper - ink)))
                            }
                        }
                        if side == 0 {
                            guard let reached = reach(amounts, threshold: threshold) else { continue }
                            samples[index + k].leftEdge = (originX + reached) / pixelScale - left
                        } else {
                            guard let reached = reach(amounts.reversed(), threshold: threshold) else { continue }
                            samples[index + k].rightEdge = right - (originX + Double(bitmap.width) - reached) / pixelScale
                        }
                    }
                }
            }
        }
    }
}
