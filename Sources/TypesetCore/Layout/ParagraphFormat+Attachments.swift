extension ParagraphFormat {
    /// Sets the size of each attachment run (one U+FFFC, shaped as one glyph of 1 em) to the attachment's
    /// laid-out width, so that the line's prefix sums, breaking, carets and hit testing see its real width with no
    /// special case, and returns each run's laid-out height (-1 for runs without an attachment); nil, and nothing
    /// changed, when the paragraph has none.
    ///
    /// - Parameters:
    ///   - width: The column's width less the paragraph's indents, in points.
    ///   - height: The page's content height, in points: no object is taller (it is never split across pages).
    ///   - turned: Whether the lines are vertical (the page turned a quarter): the object is then sized upright on
    ///     the page, its height running along the line and its width across the lines.
    static func sizeAttachments(_ runs: borrowing [AttributeRun], sizes: inout [Float], width: Float, height: Float,
                                turned: Bool = false) -> [Float]? {
        guard runs.contains(where: { $0.style.attachment != nil }) else { return nil }
        var heights = [Float](repeating: -1, count: runs.count)
        for index in runs.indices {
            // Formulas are sized from their layout (ParagraphFormat+Formulas.swift).
            guard let attachment = runs[index].style.attachment, attachment.formula == nil else { continue }
            let frame = turned ? TextAttachment.Frame(width: Double(height), height: Double(width), emSize: Double(sizes[index]))
                : TextAttachment.Frame(width: Double(width), height: Double(height), emSize: Double(sizes[index]))
            let size = attachment.laidOutSize(in: frame)
            sizes[index] = Float(turned ? size.height : size.width)
            heights[index] = Float(turned ? size.width : size.height)
        }
        return heights
    }
}
