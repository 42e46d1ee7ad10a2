/// The lines of one paragraph at one width and one set of typography settings.
struct ParagraphLayout: Sendable {
    /// Lines in logical order.
    var lines: LineList
    /// Space above the paragraph when it does not start a column, in points.
    var spaceBefore: Float
    /// The width the paragraph's lines are set in: its column (or table cell) less its block indents.
    var available: Float = 0
    /// The box it is set in before its indents: its column, table cell or float box. Its objects' percentages are
    /// of it, so drawing and hit testing size them in it again (``BookLayout/format(ofParagraph:)``); 0 for the column.
    var boxWidth: Float = 0
    /// The first line's indent (a list marker's hang included), and that of the lines beside a drop cap
    /// (lines 2...``capLines``).
    var firstLineIndent: Float = 0
    var capIndent: Float = 0
    var capLines: Int32 = 0
    /// How far the drop cap's baseline lies below the first line's baseline, in points.
    var capDrop: Float {
        get { capDropOrObjectBox }
        set { capDropOrObjectBox = newValue }
    }
    /// A floated object's containing block's width when it is not the column (a table cell's content box: the
    /// object's percentages are of it, ``CellBox/objectWidth``); 0 for the column.
    var objectBoxWidth: Float {
        get { capDropOrObjectBox }
        set { capDropOrObjectBox = newValue }
    }
    /// ``capDrop`` of a paragraph with a drop cap, ``objectBoxWidth`` of a floated object: never both (a floated
    /// object is one image, without a drop cap), and one field for the two keeps a layout at 48 bytes, which
    /// every paragraph of every relayout writes (MemoryBudgetTests).
    var capDropOrObjectBox: Float = 0
    /// Space left below the paragraph's last line (beside a drop cap taller than the paragraph), in points.
    var spaceAfter: Float = 0
    /// Sum of the line heights, in points.
    var height: Float { lines.last.map { $0.top + $0.height } ?? 0 }

    /// The width and indents its lines are set in (a value without the lines, which the setting pass keeps); not
    /// the floats beside it, which ``BookLayout`` keeps apart for the few paragraphs that have them.
    var indents: LineIndents {
        LineIndents(available: available, firstLineIndent: firstLineIndent, capIndent: capIndent, capLines: Int(capLines))
    }

}

/// The width a paragraph's lines are set in and their indents (see ``ParagraphLayout``), and the room floats take
/// beside its first lines (``LineExclusion``: none for a paragraph not set beside floats, which is most of them).
struct LineIndents {
    var available: Float
    var firstLineIndent: Float
    var capIndent: Float
    var capLines: Int
    var exclusion = LineExclusion.none

    /// The indent of line `index`: the first line's, a line's beside a drop cap, else none.
    @inline(__always)
    func indent(ofLine index: Int) -> Float {
        index == 0 ? firstLineIndent : (index < capLines ? capIndent : 0)
    }

    /// The width line `index` is set in (its indent and the floats beside it taken off).
    @inline(__always)
    func availableWidth(ofLine index: Int) -> Float { available - indent(ofLine: index) - exclusion.narrowing(ofLine: index).width }
}

/// A table cell's (or a float's) box in its column: where its lines start and how wide they may be (see ``TableLayout``).
struct CellBox: Sendable {
    /// From the column's left edge to the cell's text, in points.
    var x: Float
    /// The width of the cell's text.
    var width: Float
    /// The width a floated object's percentages are of (its containing block, ``BlockFloat/isObject``) when that
    /// is not the column: a table cell's content box.
    var objectWidth: Float? = nil
    /// The factor a table too wide for its column is scaled down by (``TableLayout/Table/scale``): the cell's text,
    /// its sizes, indents and spacing, set that much smaller; 1 elsewhere.
    var scale: Float = 1
}
