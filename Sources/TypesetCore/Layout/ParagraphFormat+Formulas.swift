extension ParagraphFormat {
    /// Sizes the formulas of a paragraph from their layouts: each formula's one glyph is as wide as the formula in
    /// ems (ParagraphShaper+Math.swift), so its run's size stays the text's, and it reaches the formula's ascent
    /// above the baseline (`heights`) and its descent below (the result, -1 for other runs). A formula wider than
    /// the column, or taller than the page, is scaled down as a whole to fit (never cut): its run's size shrinks.
    ///
    /// - Parameters:
    ///   - width: The column's width less the paragraph's indents, in points.
    ///   - height: The page's content height, in points.
    static func sizeFormulas(_ formulas: [ShapedFormula], runs: borrowing [AttributeRun], sizes: inout [Float],
                             heights: inout [Float]?, width: Float, height: Float) -> [Float] {
        var depths = [Float](repeating: -1, count: runs.count)
        var objectHeights = heights ?? [Float](repeating: -1, count: runs.count)
        for formula in formulas {
            let index = Int(formula.attributeIndex)
            guard runs.indices.contains(index), runs[index].style.attachment?.formula != nil else { continue }
            let drawing = formula.drawing
            let size = sizes[index]
            let naturalWidth = Float(drawing.width) * size, naturalHeight = Float(drawing.ascent + drawing.descent) * size
            var fit: Float = 1
            if naturalWidth > width, naturalWidth > 0 { fit = min(fit, width / naturalWidth) }
            if naturalHeight > height, naturalHeight > 0 { fit = min(fit, height / naturalHeight) }
            if !fit.isFinite || fit < 0 { fit = 0 }
            sizes[index] = size * fit
            objectHeights[index] = max(0, Float(drawing.ascent) * size * fit)
            depths[index] = max(0, Float(drawing.descent) * size * fit)
        }
        heights = objectHeights
        return depths
    }
}
