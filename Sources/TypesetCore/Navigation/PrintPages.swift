/// A page of the book's print edition (or a stable reference page standing for one), where it starts in the text.
public struct PrintPage: Hashable, Sendable {
    /// The page's label as the book gives it (`xii`, `245`, `A-3`); for a synthetic page, its number.
    public var label: String
    /// Where the page starts: the document offset of the page break (the first character after it).
    public var offset: UTF16Offset

    /// Creates a page.
    public init(label: String, offset: UTF16Offset) {
        self.label = label
        self.offset = offset
    }
}

/// The pages of a book's print edition, in text order, and where they come from: what a reader cites ("p. 245"),
/// what a student or a blind reader navigates by, the same under any settings (they are offsets into the text).
public struct PrintPageList: Hashable, Sendable {
    /// Where the labels come from.
    public enum Source: String, Hashable, Sendable {
        /// The book's page list: EPUB 3's `<nav epub:type="page-list">`, EPUB 2's NCX `pageList`. Its labels and
        /// order are the book's; it wins over the markers, which it normally points at.
        case pageList = "page-list"
        /// The page-break markers of the text (`epub:type="pagebreak"`, `role="doc-pagebreak"`), labelled by
        /// their `title`, `aria-label` or text, when the book has no page list.
        case pageBreaks = "pagebreaks"
        /// Not the book's: Readium's positions (one per 1024 UTF-16 units of each resource, numbered from 1 across
        /// the book; ``Publication/positions``), for a book without print pages. They depend on the text alone,
        /// never on the reader's settings, so they can be cited and found again as print pages are, but they are
        /// not the print edition's and are said to be synthetic.
        case synthetic
    }

    /// Where the labels come from.
    public var source: Source
    /// The pages by ascending offset (pages sharing an offset keep the book's order: a blank page's break stands
    /// just before the next one's).
    public var pages: [PrintPage]

    /// Creates a list; `pages` are put in text order (a stable sort: pages at one offset keep their order).
    public init(source: Source, pages: [PrintPage]) {
        self.source = source
        let order = pages.indices.sorted { (pages[$0].offset, $0) < (pages[$1].offset, $1) }
        self.pages = order.map { pages[$0] }
    }

    /// Whether the labels are the book's own (a page list or markers), not synthetic.
    public var isPrintEdition: Bool { source != .synthetic }

    /// The page in effect at `offset`: the last one starting at or before it (nil before the first page break).
    public func page(at offset: UTF16Offset) -> PrintPage? {
        let after = pages.partitioningIndex { $0.offset > offset }
        return after > 0 ? pages[after - 1] : nil
    }

    /// The pages a range of the text shows (a screen page): the one in effect at its start, then every page that
    /// starts inside it, in order. An empty range shows the page in effect there.
    public func pages(in range: Range<UTF16Offset>) -> [PrintPage] {
        let first = pages.partitioningIndex { $0.offset >= range.lowerBound }
        // Pages starting before the range's end (for an empty range, those starting at it).
        let end = max(first, pages.partitioningIndex { $0.offset >= max(range.upperBound, range.lowerBound + 1) })
        var shown = Array(pages[first..<end])
        if shown.first?.offset != range.lowerBound, first > 0 { shown.insert(pages[first - 1], at: 0) }
        return shown
    }

    /// The page labelled `label`: the first with exactly that label, else the first whose label matches ignoring
    /// case and surrounding white space (`XII` for `xii`). Nil when no page has it.
    public func page(labelled label: String) -> PrintPage? {
        if let exact = pages.first(where: { $0.label == label }) { return exact }
        let wanted = PrintPageList.normalized(label)
        return pages.first { PrintPageList.normalized($0.label) == wanted }
    }

    private static func normalized(_ label: String) -> String {
        var scalars = Substring(label)
        while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
        return scalars.lowercased()
    }
}

extension StyledText {
    /// The book's print pages (its page list, else its page-break markers), when it has any; set by the document
    /// reader. They are part of the text model so that what draws a page can label them (``Appearance``'s
    /// `printPageLabels`) and anything holding the text can cite them.
    public var printPages: PrintPageList? {
        get { printPageList }
        set { printPageList = newValue.flatMap { $0.pages.isEmpty || $0.source == .synthetic ? nil : $0 } }
    }
}

extension Publication {
    /// The book's print pages (its page list, else its page-break markers); nil when it has none.
    public var printPages: PrintPageList? { text.printPages }

    /// Pages to cite and navigate by that never change with the reader's settings: the book's print pages when it
    /// has them, else synthetic ones made from the positions list (``PrintPageList/Source/synthetic``: one per
    /// 1024 UTF-16 units of each resource, labelled with the position's number), said to be synthetic.
    public var referencePages: PrintPageList {
        if let printPages { return printPages }
        return PrintPageList(source: .synthetic, pages: positions.map { PrintPage(label: String($0.number), offset: $0.offset) })
    }
}

extension Publication {
    /// The reference pages a range of the text shows (a screen page): the book's print pages there
    /// (``PrintPageList/pages(in:)``), else the synthetic ones, found from the position counts without building
    /// the whole list.
    public func referencePages(in range: Range<UTF16Offset>) -> [PrintPage] {
        if let printPages { return printPages.pages(in: range) }
        guard let first = resourceIndex(containing: min(max(0, range.lowerBound), text.length)) else { return [] }
        var shown: [PrintPage] = []
        let per = Publication.charactersPerPosition
        for r in first..<resources.count {
            let resource = resources[r]
            guard resource.range.lowerBound < max(range.upperBound, range.lowerBound + 1) || r == first else { break }
            let local = max(0, range.lowerBound - resource.range.lowerBound)
            var k = r == first ? min(resource.positionCount - 1, local / per) : 0
            while k < resource.positionCount {
                let offset = resource.range.lowerBound + k * per
                if !shown.isEmpty && offset >= max(range.upperBound, range.lowerBound + 1) { break }
                shown.append(PrintPage(label: String(positionStarts[r] + k + 1), offset: offset))
                k += 1
            }
        }
        return shown
    }
}

extension ReadingSession {
    /// Goes to the start of the book's print page labelled `label` (``PrintPageList/page(labelled:)``: exact, else
    /// ignoring case), or, for a book without print pages, of the synthetic reference page of that number, and
    /// anchors there.
    ///
    /// - Throws: ``ReadingError/noSuchPrintPage(_:)`` when no page has the label; the anchor is then unchanged.
    @discardableResult
    public func go(toPrintPage label: String) throws -> ReaderPage {
        guard let offset = publication.offset(ofReferencePage: label) else { throw ReadingError.noSuchPrintPage(label) }
        return try go(to: offset)
    }
}

extension Publication {
    /// Where the reference page labelled `label` starts: the book's print page of that label
    /// (``PrintPageList/page(labelled:)``), or, for a book without print pages, the synthetic page (position) of
    /// that number. Nil when there is none.
    public func offset(ofReferencePage label: String) -> UTF16Offset? {
        if let printPages { return printPages.page(labelled: label)?.offset }
        return Int(label.trimmingWhiteSpaceForLabel()).flatMap { offset(ofPosition: $0) }
    }
}

private extension String {
    func trimmingWhiteSpaceForLabel() -> Substring {
        var value = Substring(self)
        while let first = value.first, first.isWhitespace { value = value.dropFirst() }
        while let last = value.last, last.isWhitespace { value = value.dropLast() }
        return value
    }
}
