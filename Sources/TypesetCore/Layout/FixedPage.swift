/// A fixed-layout page (an EPUB `pre-paginated` spine item): its text laid out alone on a page of its own size (the
/// document's viewport, in CSS px as points, no margins, CSS's 16 px as the base font size), then scaled uniformly
/// into the reader's page and centred there (letterboxed), as reading apps show fixed-layout books.
///
/// Positions inside it are the book's: ``offset(at:)`` hit-tests a point of the reader's page inside the scaled page.
/// What the viewport's one page cannot hold is not shown (a fixed-layout document is designed to fit it).
public struct FixedPage: Sendable {
    /// The item's range in the book's text.
    public let range: Range<UTF16Offset>
    /// The page's own size (the viewport).
    public let viewport: Size
    /// The item's text alone laid out on the viewport (offsets from the item's start).
    public let layout: BookLayout
    /// Where the viewport is drawn on the reader's page, in the reader's page points.
    public let rect: Rect

    /// Reader-page points per viewport point.
    public var scale: Double { viewport.width > 0 ? rect.width / viewport.width : 0 }

    /// Lays out `range` of `text` on a page of `viewport` and places it in a reader's page of `pageSize`.
    ///
    /// - Throws: ``StyledText/InvalidParagraphs`` for a range that does not start and end at paragraph boundaries,
    ///   and what ``Typesetter/layout(_:settings:mode:)-(StyledText,_,_)`` throws.
    public static func make(text: StyledText, range: Range<UTF16Offset>, viewport: Size, pageSize: Size,
                            typesetter: Typesetter, settings: TypographySettings) throws -> FixedPage {
        let paragraphs = text.paragraphs.filter { $0.range.lowerBound >= range.lowerBound && $0.range.upperBound <= range.upperBound }
        let rebased = paragraphs.map {
            Paragraph(start: $0.range.lowerBound - range.lowerBound, units: $0.units, contentRange: $0.contentRange, runs: $0.runs, style: $0.style)
        }
        var item = try StyledText(paragraphs: rebased, language: text.language, title: text.title)
        item.fonts = text.fonts
        item.writingMode = text.sectionIndex(containing: range.lowerBound).flatMap(text.writingMode(ofSection:)) ?? text.writingMode
        var page = settings
        page.pageSize = Size(width: max(1, viewport.width), height: max(1, viewport.height))
        page.margins = EdgeInsets(all: 0)
        page.fontSize = 16
        let layout = try typesetter.layout(item, settings: page)
        return FixedPage(range: range, viewport: page.pageSize, layout: layout, rect: placement(of: page.pageSize, in: pageSize))
    }

    /// The largest rectangle of `viewport`'s proportions inside `pageSize`, centred.
    public static func placement(of viewport: Size, in pageSize: Size) -> Rect {
        guard viewport.width > 0, viewport.height > 0, pageSize.width > 0, pageSize.height > 0 else { return .zero }
        let scale = min(pageSize.width / viewport.width, pageSize.height / viewport.height)
        let width = viewport.width * scale, height = viewport.height * scale
        return Rect(x: (pageSize.width - width) / 2, y: (pageSize.height - height) / 2, width: width, height: height)
    }

    /// The viewport point under a point of the reader's page; nil outside the scaled page (in the letterbox).
    public func viewportPoint(at point: Point) -> Point? {
        guard point.x.isFinite, point.y.isFinite, rect.width > 0, point.x >= rect.minX, point.x <= rect.maxX,
              point.y >= rect.minY, point.y <= rect.maxY else { return nil }
        let scale = self.scale
        return Point(x: (point.x - rect.minX) / scale, y: (point.y - rect.minY) / scale)
    }

    /// The book offset closest to a point of the reader's page (`closestPosition(to:)` inside the scaled page);
    /// nil in the letterbox or when the page has no text.
    public func offset(at point: Point) -> UTF16Offset? {
        guard let inside = viewportPoint(at: point), !layout.pages.isEmpty else { return nil }
        return range.lowerBound + layout.closestPosition(to: inside, onPage: 0).offset
    }
}
