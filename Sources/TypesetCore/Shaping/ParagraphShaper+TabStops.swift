extension ParagraphShaper {
    /// The spaces between tab stops when the paragraph does not say (CSS Text 3 §4.2, `tab-size`'s initial value).
    static let defaultTabSize: Float = 8

    /// Whether `paragraph` keeps tab characters as tabs: preformatted text (`white-space: pre`), whose lines start only
    /// at its line ends, so that where a line starts does not depend on the column's width. Elsewhere a tab is a
    /// space (the converter collapses white space, and the layout text reads a tab as one).
    static func keepsTabs(_ paragraph: Paragraph) -> Bool {
        paragraph.style.role == .preformatted && paragraph.units[paragraph.contentRange].contains(0x09)
    }

    /// Tab stops (CSS Text 3 §4.2): each tab advances to the next multiple of the paragraph's ``ParagraphStyle/tabSize``
    /// (else ``defaultTabSize``) times its space's advance
    /// (the space it was shaped as, letter and word spacing included) from the start of its line (the paragraph's
    /// start or its last line end), skipping a stop nearer than half a space. Measured in logical order across
    /// left-to-right runs; a tab in right-to-left text stays a space. A pass over the glyphs once shaped: the width
    /// of what precedes a tab is known only then, and still not the column's.
    func setTabStops(_ paragraph: Paragraph, runs: [ShapedRun], glyphs sink: inout GlyphSink) {
        let units = paragraph.units[paragraph.contentRange]
        let base = units.startIndex
        let tabSize = paragraph.style.tabSize.flatMap { $0.isFinite ? Float(min(max($0, 0), 64)) : nil } ?? Self.defaultTabSize
        // The pen from the line's start, in ems of the body (each run's advances are in its own size's ems).
        var pen: Float = 0
        // The units before this are known to hold no line end since the pen's line started (each unit read once).
        var scanned = 0
        for run in runs {
            let scale = Float(paragraph.runs[Int(run.attributeIndex)].style.fontScale)
            for g in Int(run.glyphStart)..<Int(run.glyphEnd) {
                let cluster = Int(sink.cluster(g))
                guard cluster < units.count else { continue }
                // A line end (kept as U+2028 in preformatted text) starts a line after it.
                if cluster > scanned {
                    if Self.hasLineEnd(units[(base + scanned)..<(base + cluster)]) { pen = 0 }
                    scanned = cluster
                }
                let advance = sink.advance(g)
                if units[base + cluster] == 0x09, !run.isRightToLeft, advance > 0, scale > 0 {
                    guard tabSize > 0 else { sink.setAdvance(g, 0); continue }
                    let interval = tabSize * advance * scale
                    var stop = ((pen / interval).rounded(.down) + 1) * interval
                    if stop - pen < advance * scale / 2 { stop += interval }
                    sink.setAdvance(g, (stop - pen) / scale)
                    pen = stop
                } else {
                    pen += advance * scale
                }
            }
        }
    }

    /// Whether `units` hold a line end.
    private static func hasLineEnd(_ units: ArraySlice<UInt16>) -> Bool {
        units.contains { $0 == 0x2028 || $0 == 0x0A || $0 == 0x0D }
    }
}
