/// The direction a book's pages turn in: left to right (most books), or right to left (vertical Japanese and
/// Chinese, Arabic, Hebrew), as EPUB's `page-progression-direction` says.
public enum PageProgression: String, Hashable, Sendable, CaseIterable {
    /// The next page is to the right: a spread shows the earlier page on the left.
    case leftToRight = "ltr"
    /// The next page is to the left: a spread shows the earlier page on the right.
    case rightToLeft = "rtl"

    /// The progression of a book that does not say: right to left for lines stacked right to left
    /// (`vertical-rl`) or for a horizontal text most of whose paragraphs are right to left, else left to right.
    public static func inferred(writingMode: WritingMode, mostlyRightToLeft: Bool) -> PageProgression {
        switch writingMode {
        case .verticalRightToLeft: .rightToLeft
        case .verticalLeftToRight: .leftToRight
        case .horizontal: mostlyRightToLeft ? .rightToLeft : .leftToRight
        }
    }
}

/// Two facing pages as a reader sees a book open: the page on the left and the page on the right (page indices
/// from 0). Either side may be empty: the first page of a book that starts on a recto stands alone, and so may
/// the last.
public struct PageSpread: Hashable, Sendable {
    /// The page on the left, or nil for an empty side.
    public var left: Int?
    /// The page on the right, or nil for an empty side.
    public var right: Int?
    /// Whether the spread is one page shown alone and centred (`left` holds it): a page that asks for
    /// `rendition:page-spread-center` (``spreads(sides:progression:firstPageAlone:)``).
    public var isCentered = false

    /// A spread of these two pages.
    public init(left: Int?, right: Int?) {
        self.left = left
        self.right = right
    }

    /// The spread's pages in reading order (one or two).
    public func pages(in progression: PageProgression) -> [Int] {
        let ordered = progression == .leftToRight ? [left, right] : [right, left]
        return ordered.compactMap { $0 }
    }

    /// The spreads of `pageCount` pages in reading order: each spread's earlier page on the left for left-to-right
    /// progression and on the right for right-to-left.
    ///
    /// - Parameters:
    ///   - pageCount: The book's pages; none (or a negative count) gives no spread.
    ///   - progression: The direction pages turn in.
    ///   - firstPageAlone: Whether the first page stands alone on the recto (the right-hand page in a left-to-right
    ///     book, the left-hand one in a right-to-left book), as a printed book opens and reading apps show a
    ///     cover; then pages 1 and 2 face each other, and so on. Otherwise pages 0 and 1 do.
    public static func spreads(pageCount: Int, progression: PageProgression, firstPageAlone: Bool = true) -> [PageSpread] {
        guard pageCount > 0 else { return [] }
        var result: [PageSpread] = []
        result.reserveCapacity(pageCount / 2 + 1)
        var next = 0
        if firstPageAlone {
            result.append(progression == .leftToRight ? PageSpread(left: nil, right: 0) : PageSpread(left: 0, right: nil))
            next = 1
        }
        while next < pageCount {
            let later = next + 1 < pageCount ? next + 1 : nil
            result.append(progression == .leftToRight ? PageSpread(left: next, right: later) : PageSpread(left: later, right: next))
            next += 2
        }
        return result
    }

    /// The index in ``spreads(pageCount:progression:firstPageAlone:)`` of the spread holding `page`, or nil for a page
    /// out of range.
    public static func spreadIndex(ofPage page: Int, pageCount: Int, firstPageAlone: Bool = true) -> Int? {
        guard page >= 0, page < pageCount else { return nil }
        return firstPageAlone ? (page + 1) / 2 : page / 2
    }
}
