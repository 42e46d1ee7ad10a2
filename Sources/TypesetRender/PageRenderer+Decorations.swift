import TypesetCore

extension PageRenderer {
    /// Draws the decorations on `page` behind the glyphs: for every decorated run of the page (the text's runs
    /// split at decoration boundaries, ``DecorationSet/runs(in:)``), each layer's fill over the run's selection
    /// rectangles, bottom layer first (source-over, so overlaps blend in the set's order), then each layer's
    /// underline below the baseline of every line the run covers (opaque, so the topmost layer's line shows).
    ///
    /// Rectangles snap to whole pixels by rounding each edge, so the rectangles of neighbouring runs and of
    /// consecutive lines share their edges exactly: no seam and no doubled alpha where they meet.
    ///
    /// Only the text of the lines that reach `area` (the window drawn, in page points) is looked at, and pixels
    /// are counted from `origin` (the window's pixel origin).
    func drawDecorations(_ decorations: DecorationSet, page: Int, of layout: BookLayout, appearance: Appearance,
                         area: Rect, origin: (x: Int, y: Int), into bitmap: inout Bitmap) {
        let band = area.minY..<area.maxY
        let windowLines = layout.lines(onPage: page, in: band)
        guard let first = windowLines.first, let last = windowLines.last else { return }
        let runs = decorations.runs(in: first.range.lowerBound..<max(first.range.lowerBound, last.range.upperBound))
            .filter { !$0.layers.isEmpty }
        guard !runs.isEmpty else { return }
        let scale = appearance.pixelScale
        let theme = appearance.theme
        func pixel(_ value: Double) -> Int {
            let v = (value * scale).rounded()
            return v.isFinite ? Int(max(-1e9, min(1e9, v))) : 0
        }
        func x(_ value: Double) -> Int { pixel(value) - origin.x }
        func y(_ value: Double) -> Int { pixel(value) - origin.y }
        // Baselines by line top, fetched only when some run is underlined.
        var lines: [Line]?
        for run in runs {
            let rects = decorations.rects(of: run.range, onPage: page, of: layout)
            guard !rects.isEmpty else { continue }
            for layer in run.layers where layer.style.hasFill {
                let paint = layer.style.tint.paint(on: theme)
                for r in rects {
                    bitmap.fill(x0: x(r.rect.minX), y0: y(r.rect.minY), x1: x(r.rect.maxX), y1: y(r.rect.maxY), color: paint.fill)
                }
            }
            let underlined = run.layers.filter(\.style.hasUnderline)
            guard !underlined.isEmpty else { continue }
            if lines == nil { lines = windowLines }
            // The underline sits a tenth of an em below the baseline, 7.5 % of an em thick (at least a pixel),
            // in the run's own size; it is drawn behind the glyphs, so descenders cross it.
            let size = layout.settings.fontSize * run.textStyle.fontScale
            let thickness = max(1, pixel(size * 0.075))
            for r in rects {
                guard let baseline = PageRenderer.baseline(of: r.rect, among: lines ?? []) else { continue }
                let top = y(baseline + size * 0.1)
                for layer in underlined {
                    let paint = layer.style.tint.paint(on: theme)
                    bitmap.fill(x0: x(r.rect.minX), y0: top, x1: x(r.rect.maxX), y1: top + thickness, color: paint.line)
                }
            }
        }
    }

    /// The baseline of the line a selection rectangle lies on: the line with the same top, nearest horizontally
    /// (two columns can have lines at the same height).
    static func baseline(of rect: Rect, among lines: [Line]) -> Double? {
        var best: (distance: Double, baseline: Double)?
        for line in lines where line.rect.minY == rect.minY {
            let distance = max(0, line.rect.minX - rect.maxX, rect.minX - line.rect.maxX)
            if let known = best, known.distance <= distance { continue }
            best = (distance, line.baseline)
        }
        return best?.baseline
    }
}
