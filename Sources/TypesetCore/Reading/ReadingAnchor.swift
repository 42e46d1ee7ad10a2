/// The reader's place: the first grapheme that was visible when they last navigated, plus the text around it.
///
/// Sticky: a ``ReadingSession`` sets it when the reader turns a page, scrolls or jumps, and never when it lays
/// the book out again, so any number of settings changes lead back to the same page when the settings come
/// back (re-saving the first character of each new page instead walks the reader backwards: Readium
/// swift-toolkit #344, foliate #152).
public struct ReadingAnchor: Hashable, Sendable {
    /// The position (document offset and affinity).
    public let position: TextPosition
    /// The Locator of the position (its quote finds the place again in an edited text).
    public let locator: Locator?

    /// Creates an anchor.
    public init(position: TextPosition, locator: Locator?) {
        self.position = position
        self.locator = locator
    }
}

/// How many pages a book has under the current settings.
public struct PageCount: Hashable, Sendable, CustomStringConvertible {
    /// The count: exact when ``isExact``, else an estimate from the sections laid out so far.
    public let value: Int
    /// Whether every section has been laid out under the current settings.
    public let isExact: Bool

    /// Creates a count.
    public init(value: Int, isExact: Bool) {
        self.value = value
        self.isExact = isExact
    }

    /// `840`, or `~840` for an estimate.
    public var description: String { (isExact ? "" : "~") + String(value) }
}

/// A page of a reading session, ready to draw and to query.
public struct ReaderPage: Sendable {
    /// The layout of the page's section (its offsets are document offsets). Draw page ``pageIndex`` of it and
    /// ask it for positions and rectangles (`closestPosition(to:onPage:)`, `selectionRects(for:)`...). While the
    /// section is still being shaped (a new family in a long section), it may cover only the section's first
    /// paragraphs, to a little past this page: its pages up to this one are the whole section's, the ones after may
    /// not be (turn pages through the session, and ask ``ReadingSession/currentPage()`` again once the page count
    /// is exact).
    public let layout: BookLayout
    /// The page's index in `layout.pages`.
    public let pageIndex: Int
    /// The section (chapter) the page is in.
    public let section: Int
    /// The page's zero-based number in the whole book, counted from the book's first page (front matter, a
    /// cover, a distributor's header are pages like any other): exact when ``numberIsExact`` (every section
    /// before this one is laid out), else an estimate. Shown to readers as `number + 1`.
    public let number: Int
    /// Whether ``number`` is exact: every section before the page's is laid out under the session's settings
    /// (always so once ``pageCount`` is exact; also before that, after ``ReadingSession/go(toPageAt:)``).
    public let numberIsExact: Bool
    /// The book's page count under the session's settings.
    public let pageCount: PageCount
    /// For a scroll session: the y of the anchor's line in the section's scroll page (scroll there); 0 when paged.
    public let scrollOffset: Double
    /// The reference pages the page shows, for "p. 245" under the page or in a citation: the book's print pages
    /// (the one in effect at the page's top, then each that starts on it), or, for a book without print pages,
    /// the synthetic ones (``referencePageSource``). The same labels under any settings, only on other screens.
    public let referencePages: [PrintPage]
    /// Where ``referencePages`` come from: the book's page list or page-break markers, or synthetic.
    public let referencePageSource: PrintPageList.Source

    /// The page.
    public var page: Page { layout.pages[pageIndex] }
    /// The UTF-16 range of the text on the page.
    public var range: Range<UTF16Offset> { page.range }
}
