/// A page's number in a reading session's book: zero-based, counted from the book's first page (front matter
/// included), under the session's current settings.
public struct PageNumber: Hashable, Sendable, CustomStringConvertible {
    /// The page's index in the whole book, from 0 (``ReaderPage/number``); a reader sees `index + 1`.
    public let index: Int
    /// Whether the index is exact: every section before the page's is laid out. Until then it is an estimate
    /// (the sections before it counted by ``PageCount``'s model).
    public let isExact: Bool

    /// Creates a page number.
    public init(index: Int, isExact: Bool) {
        self.index = index
        self.isExact = isExact
    }

    /// `12`, or `~12` for an estimate: the number a reader sees (from 1).
    public var description: String { (isExact ? "" : "~") + String(index + 1) }
}

extension ReadingSession {
    /// The number of the page holding `offset` under the current settings, without moving the reading position:
    /// for a contents list, search results or notes with page numbers. Lays out the offset's section (as far as
    /// the page, in a long one being shaped) when it is not; the number is an estimate until the sections before
    /// it are laid out (``completeLayout()`` makes every number exact).
    ///
    /// - Throws: ``ReadingError/offsetOutOfRange(_:length:)``.
    public func pageNumber(of offset: UTF16Offset) throws -> PageNumber {
        let text = publication.text
        guard offset >= 0, offset <= text.length else { throw ReadingError.offsetOutOfRange(offset, length: text.length) }
        let generation = state.withLock { $0.generation }
        let section = text.sectionIndex(containing: offset) ?? 0
        let (_, pageIndex) = try sectionPage(section, holding: offset, generation: generation)
        let (estimate, exact) = state.withLock { state in
            (state.pageCount(), (0..<section).allSatisfy { state.layouts[$0] != nil })
        }
        publishPageCount()
        scheduleBackgroundLayout(generation: generation)
        return PageNumber(index: estimate.pages(before: section) + pageIndex, isExact: exact)
    }

    /// The pages a range of the text is on (a highlight, a search result, a chapter), first and last, without
    /// moving the reading position; an empty range is on the page holding its start. Exact as
    /// ``pageNumber(of:)`` says.
    ///
    /// - Throws: ``ReadingError/offsetOutOfRange(_:length:)`` for a range leaving the text.
    public func pages(for range: Range<UTF16Offset>) throws -> (first: PageNumber, last: PageNumber) {
        let first = try pageNumber(of: range.lowerBound)
        guard range.count > 1 else { return (first, first) }
        // The page holding the range's last unit: a range ending where a page ends is not on the next one.
        let last = try pageNumber(of: range.upperBound - 1)
        return (first, PageNumber(index: last.index, isExact: last.isExact && first.isExact))
    }

    /// Goes to page `index` of the book (from 0, as ``ReaderPage/number`` counts: the first page of the book, not
    /// where it opens), and anchors there. Every section before the page is laid out, so its number is exact;
    /// in a long section only the paragraphs up to a little past the page are shaped first, as for any jump.
    ///
    /// - Throws: ``ReadingError/pageOutOfRange(_:pageCount:)`` past the last page (every section is then laid
    ///   out, and the count it gives is exact); the anchor is then unchanged.
    @discardableResult
    public func go(toPageAt index: Int) throws -> ReaderPage {
        let generation = state.withLock { $0.generation }
        var before = 0
        if index >= 0 {
            for section in 0..<sectionCount {
                let local = index - before
                let (layout, final) = try sectionLayout(section, finalThrough: local, generation: generation)
                if local < final {
                    let page = try readerPage(local, of: layout, section: section, scrolledTo: layout.pages[local].range.lowerBound,
                                              generation: generation)
                    anchor(at: page)
                    return page
                }
                before += layout.pages.count
            }
        }
        throw ReadingError.pageOutOfRange(index, pageCount: index < 0 ? pageCount.value : before)
    }

    /// A layout of `section` whose page `localIndex` is final, and how many of its pages are: the whole section's
    /// (all of them final) when it is laid out, its paragraphs are all shaped, or the page is past its end; else
    /// its first paragraphs, shaped a little past the page (as ``sectionPage(_:holding:generation:)`` does for an
    /// offset), doubling until the page is final.
    private func sectionLayout(_ section: Int, finalThrough localIndex: Int,
                               generation: Int) throws -> (layout: BookLayout, finalPages: Int) {
        let (whole, partial, text, key, settings) = state.withLock { state in
            (state.layouts[section], state.partial, state.publication.text, state.key, state.settings)
        }
        if let whole { return (whole, whole.pages.count) }
        if let partial, partial.section == section, localIndex < partial.finalPages { return (partial.layout, partial.finalPages) }
        guard settings.mode == .paged else {
            let layout = try sectionLayout(section, generation: generation)
            return (layout, layout.pages.count)
        }
        let paragraphs = text.paragraphRange(ofSection: section)
        let sectionStart = paragraphs.isEmpty ? 0 : text.paragraphs[paragraphs.lowerBound].range.lowerBound
        // About four phone pages per lookahead, so the first try usually reaches the page (an index past any text's
        // pages is bounded first: the lookahead only has to pass the section's end).
        var lookahead = Self.anchorLookaheadUnits * (min(localIndex, text.length) / 4 + 1)
        while true {
            var end = paragraphs.lowerBound
            while end < paragraphs.upperBound && text.paragraphs[end].range.lowerBound < sectionStart + lookahead { end += 1 }
            let shaped = try shapedPrefix(section, key: key, text: text, through: max(end, paragraphs.lowerBound + 1))
            if shaped.paragraphRange == paragraphs {
                let layout = try sectionLayout(section, generation: generation)
                return (layout, layout.pages.count)
            }
            let layout = try typesetter.layout(shaped, settings: settings.typography, mode: settings.mode)
            let final = Self.finalPages(layout, of: text, holding: sectionStart)
            if localIndex < final {
                keepPartial(layout, section: section, finalPages: final, generation: generation)
                return (layout, final)
            }
            lookahead = lookahead.multipliedReportingOverflow(by: 2).overflow ? Int.max / 2 : lookahead * 2
        }
    }

    /// The whole book laid out at once under the current settings, from the session's shaped paragraphs (every
    /// section is laid out first, so the session's page numbers and count are exact too, and agree with this
    /// layout's page indices): for a tool that answers position queries by page over the whole book, as
    /// `typeset query` does, beside the session's navigation.
    package func wholeBookLayout() throws -> BookLayout {
        try completeLayout()
        let (text, key, settings) = state.withLock { ($0.publication.text, $0.key, $0.settings) }
        var paragraphs: [ShapedParagraph] = []
        var faces: [FontFace] = []
        for section in 0..<sectionCount {
            let shaped = try shapedPrefix(section, key: key, text: text, through: text.paragraphRange(ofSection: section).upperBound)
            paragraphs += shaped.paragraphs
            if shaped.faces.count > faces.count { faces = shaped.faces }
        }
        guard paragraphs.count == text.paragraphs.count else {
            return try typesetter.layout(text, settings: settings.typography, mode: settings.mode)
        }
        let whole = ShapedText(text: text, settings: key, language: text.language ?? key.language,
                               paragraphRange: 0..<paragraphs.count, paragraphs: paragraphs, faces: faces)
        return try typesetter.layout(whole, settings: settings.typography, mode: settings.mode)
    }
}
