import TypesetCore

extension XHTMLConverter {
    /// Where a forced break before the paragraph about to be made goes (``pendingBreakBefore``): before the blank
    /// paragraphs just above it, if any. Books put vertical space before a chapter's heading as lines with nothing on
    /// them (Project Gutenberg's `<div><br/><br/><br/><br/></div>` before an `<h2>` that breaks the page, `<p>&#160;</p>`):
    /// left before the break they made a page of their own with nothing on it at a document's start (whose own
    /// break met the heading's: CSS Fragmentation 3 §3.1 makes no content-empty page when forced breaks meet), or
    /// hung unseen at the foot of the page before, or alone on a page when that page was full. Moved, they open the
    /// new page above the heading, the space the book meant. Returns whether the paragraph still starts the section:
    /// false when its blank paragraphs start it instead (or already do, at the document's start or after a break).
    /// The walk back stops at a section's start, so each paragraph is passed once (linear in the document).
    mutating func breakGoesBeforeBlankParagraphs() -> Bool {
        var first = output.paragraphs.count
        while first > 0, isBlank(output.paragraphs[first - 1]) {
            first -= 1
            if output.paragraphs[first].style.startsSection { break }
        }
        guard first < output.paragraphs.count else { return true }
        // The document's first paragraph starts a section anyway (the reader marks it).
        if first > 0 { output.paragraphs[first].style.startsSection = true }
        return false
    }

    /// Whether a paragraph draws nothing: only white space and line breaks, in no box, table cell, float or
    /// multi-column block, with no marker, drop cap, background, decoration, annotation or attachment on its runs.
    private func isBlank(_ paragraph: SpineItemText.ParagraphDraft) -> Bool {
        let style = paragraph.style
        guard style.boxes.isEmpty, !style.isTableCell, style.float == nil, style.columns == nil,
              style.markerLength == 0, style.dropCap == nil else { return false }
        let end = paragraph.start + paragraph.contentLength
        guard paragraph.start >= 0, end <= output.units.count else { return false }
        for unit in output.units[paragraph.start..<end] where !Self.blankUnits.contains(unit) { return false }
        return paragraph.runs.allSatisfy { run in
            let text = run.style
            return text.isHidden || (text.backgroundColor == nil && text.inlineBoxes.isEmpty && text.decoration.isEmpty
                && text.attachment == nil && text.replacement == nil && text.ruby == nil && text.emphasis == nil
                && text.sideLine == nil)
        }
    }

    /// Units that draw nothing: spaces (the no-break and ideographic ones too), tabs and line breaks.
    private static let blankUnits: Set<UInt16> = [0x09, 0x0A, 0x0D, 0x20, 0xA0, 0x2007, 0x202F, 0x2028, 0x3000]
}
