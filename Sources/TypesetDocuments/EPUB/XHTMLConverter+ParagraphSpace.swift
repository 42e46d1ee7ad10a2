import TypesetCore

extension XHTMLConverter {
    /// Gives the paragraph about to be made (of `block`) the space noted before it: its margins collapsed (CSS 2.1
    /// §8.3.1), the borders and padding of boxes opened or closed since the last paragraph, whether that space is the
    /// book's or the reader's, whether a forced break starts its page and what of the space is after that break;
    /// then forgets what was noted. A paragraph the reader does not see takes none.
    mutating func settleSpace(of style: inout ParagraphStyle, block: BlockContext, hidden: Bool) {
        var afterBreak = 0.0
        if hidden {
            style.continuesBlock = true
            style.spaceBefore = 0
        } else {
            // The text after a block inside its element: not the element's first line, so never indented; its
            // spacing is the margins', as any paragraph's.
            style.continuesText = pendingContinuation
            pendingContinuation = false
            let indent = block.style.textIndent ?? block.style.bookIndent ?? 0
            let bookSaid = publisherStyles ? pendingMarginFromPublisher : pendingBookMarginSaid
            let bookSpace = publisherStyles ? collapsedMargin : pendingBookMargin
            let isHeading: Bool
            if case .heading = block.role { isHeading = true } else { isHeading = false }
            style.spaceBefore = min(4, collapsedMargin)
            // The book's margins here come to nothing, but a paragraph's or a list's own is its default: CSS
            // collapses them to that default (a browser's 1 em), the reader's spacing here. Sphinx's last list item
            // has `margin-bottom: 0`, and the paragraph after the list stood against it.
            let defaultMeets = bookSpace <= 0 && pendingReaderSpacing.contains(.defaulted)
            if defaultMeets && bookSaid {
                style.spaceBefore = 0
            } else if bookSaid && bookSpace <= 0 && indent <= 0 && !isHeading {
                // Set apart neither by space nor by an indent: lines of one block (verse, an address).
                style.continuesBlock = true
            } else if publisherStyles && pendingMarginFromPublisher {
                style.publisherSpacing = true
            } else if !(pendingReaderSpacing.contains(.spaced) || (bookSaid && bookSpace > 0)) {
                // Blocks without margins (`div`, `li`) follow one another with no space, as in a browser.
                style.continuesBlock = true
            }
            style.startsSection = pendingBreakBefore && breakGoesBeforeBlankParagraphs()
            // What opens the page when this paragraph does: all of its space at the document's start, the space
            // after the break at a book's forced break (the ones noted before it stay on the page before).
            afterBreak = output.paragraphs.isEmpty ? .infinity : style.startsSection ? spaceAfterBreak.total : 0
            clearPendingSpace()
        }
        if !hidden && pendingBoxSpace > 0 {
            // Borders and padding of boxes opened or closed here: room of their own, beside the margins.
            style.spaceBefore = min(Self.maximumIndent, style.spaceBefore + pendingBoxSpace)
            pendingBoxSpace = 0
        }
        if afterBreak > 0 { style.spaceAfterBreak = min(style.spaceBefore, afterBreak) }
        if !hidden { placeOpenedBoxes(&style) }
        // A cell's first paragraph: the room of the boxes it opens is inside the cell (its layout adds it to the
        // cell's padding), not space above the table.
        if !hidden, !tables.isEmpty, tables[tables.count - 1].cellOpen, tables[tables.count - 1].cellStart == output.paragraphs.count,
           let box = style.boxes.first(where: \.inCell) {
            style.spaceBefore = max(0, style.spaceBefore - box.above)
        }
    }
}
