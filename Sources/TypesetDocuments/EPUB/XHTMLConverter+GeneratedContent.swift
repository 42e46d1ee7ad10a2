import TypesetCore

extension XHTMLConverter {
    /// Appends the text an element's `::before` or `::after` generates (CSS 2.1 §12.1: an inline box, the first or
    /// last child of the element), styled by the pseudo-element's rules over the element's style: the marks a book
    /// puts before headings (`◆`, `■ `) or nested list items (`— `), quotation marks, an attribute's value.
    ///
    /// The text is the book's text as generated text (``TextStyle/isGenerated``, as a list marker is): a caret steps
    /// over it, and it maps to the element in an EPUB CFI. Whether an element generates text follows the reference
    /// page's media conditions and is kept with the book's styles off, so that the text and its offsets are the same
    /// on every device and under every setting (the style of the text follows the reader's page). Counters
    /// (`counter()`, `counters()`) are the element's and the pseudo-element's own changes made
    /// (XHTMLConverter+Counters.swift). Not done: a pseudo-element that is a block or positioned (`display: block`,
    /// `position: absolute`) generates nothing, nor one with `display: none` (a block one's `clear` applies, the
    /// clearfix: ``clearAfterBlockPseudoElement(_:)``); `content` with `url()` is not read (CSSContent.swift).
    mutating func appendGeneratedContent(_ path: ElementPath, _ which: CSSSelector.PseudoElement, block: BlockContext,
                                         inline: InlineContext) {
        guard sheet.hasGeneratedContentRules else { return }
        let rules = sheet.matchingRules(path, pseudoElement: which)
        guard !rules.isEmpty else { return }
        var parts: [CSSContentPart]?
        for rule in rules where rule.condition.map({ media.reference[$0] }) ?? true {
            for case .content(let value) in rule.declarations { parts = value }
        }
        guard let parts, !parts.isEmpty else { return }
        // The pseudo-element is the element's first or last child: its counter changes are made one level down.
        applyCounters(of: rules, depth: elementDepth + 1)
        let depth = which == .before ? quotationDepth : max(0, quotationDepth - 1)
        let marks = QuotationMarks(quotes: inline.style.quotes, language: inline.language, depth: depth)
        var counterTexts: [String] = []
        for part in parts {
            if case .counter = part { counterTexts.append(counterText(part)) }
        }
        var nextCounter = counterTexts.makeIterator()
        let text = CSSContentPart.text(parts, element: path.element, quotes: (marks.open, marks.close)) { _ in nextCounter.next() ?? "" }
        // Inline boxes only: a block or positioned one (a big `#` in a code block's corner) would need a box of its
        // own, and set inline it lands in the text. Decided on the reference page, as the text is.
        let shape = pseudoStyle(rules, answers: media.reference, inline: inline)
        if shape.display == .block || shape.display == .listItem, shape.position != .absolute, shape.position != .fixed {
            clearAfterBlockPseudoElement(pseudoStyle(rules, answers: media.live, inline: inline))
            return
        }
        guard !shape.hidden, shape.position != .absolute, shape.position != .fixed else { return }
        var generated = inline
        generated.style = pseudoStyle(rules, answers: media.live, inline: inline)
        generated.isGenerated = true
        appendGeneratedText(text, block: block, inline: generated)
    }

    /// The style of a pseudo-element matched by `rules` (those whose media condition `answers` holds) over the
    /// element's inline style.
    private func pseudoStyle(_ rules: [CSSRule], answers: [Bool], inline: InlineContext) -> ComputedStyle {
        var style = inline.style.inherited
        let source = ComputedStyle.Source(fromPublisher: true, publisherStyles: publisherStyles)
        let holding = rules.filter { rule in rule.condition.map { answers[$0] } ?? true }
        style.apply(holding.flatMap { rule in rule.declarations.map { ($0, source) } }, parent: inline.style, isRoot: false)
        return style
    }

    /// Appends generated `text` with its white space collapsed, a space at its end left pending (so that it and the
    /// white space of the text after it are one space), and its units recorded for the element being handled.
    private mutating func appendGeneratedText(_ text: String, block: BlockContext, inline: InlineContext) {
        // CSS's white space, the same at the ends as inside.
        let scalars = text.unicodeScalars
        let collapsed = scalars.split(whereSeparator: CSSParser.isWhiteSpace).map { String(String.UnicodeScalarView($0)) }
            .joined(separator: " ")
        let leading = scalars.first.map(CSSParser.isWhiteSpace) ?? false
        let trailing = scalars.last.map(CSSParser.isWhiteSpace) ?? false
        if leading && lineHasContent { pendingSpace = true }
        let units = Array(collapsed.utf16)
        guard !units.isEmpty else {
            if trailing && lineHasContent { pendingSpace = true }
            return
        }
        appendUnits(units, block: block, inline: inline)
        recordElementUnits(count: units.count)
        lineHasContent = true
        if trailing { pendingSpace = true }
    }
}
