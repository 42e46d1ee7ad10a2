/// A fixed-layout page (an EPUB `pre-paginated` spine item): its text laid out alone on a page of its own size (the
/// document's viewport, in CSS px as points, CSS's 16 px as the base font size), then scaled uniformly into the
/// reader's page and centred there (letterboxed), as reading apps show fixed-layout books.
///
/// The page's style (``FixedPageStyle``) gives the body's margins (where the in-flow text starts), the canvas's
/// background and the boxes positioned out of flow (`PositionedBox`, made by the EPUB reader): each laid out at its
/// own place in its own width (its background, border and content), the in-flow text laid out as if they were not
/// there. They are drawn over the flow in document order (`z-index` is not read).
///
/// Positions inside it are the book's: ``offset(at:)`` hit-tests a point of the reader's page inside the scaled page
/// (the topmost positioned box with text under the point first, then the flow). What the viewport's one page
/// cannot hold is not shown (a fixed-layout document is designed to fit it).
public struct FixedPage: Sendable {
    /// A positioned box placed on the page.
    public struct Box: Sendable {
        /// Its border box, in viewport points.
        public let rect: Rect
        /// What is drawn of it under its text: its background, background images and border.
        public let decoration: BlockBox
        /// Its own text (not that of the boxes positioned inside it) laid out in its content width; nil when it
        /// has none.
        public let layout: BookLayout?
        /// Where its content box starts, in viewport points (the layout's origin).
        public let contentOrigin: Point
        let segments: [Segment]
    }

    /// A paragraph of a layout's text and where it is in the book: the layouts of a page hold its paragraphs in
    /// runs (the flow's, each box's), each rebased to start at 0.
    struct Segment: Sendable {
        var local: Int
        var book: Int
        var length: Int
    }

    /// The item's range in the book's text.
    public let range: Range<UTF16Offset>
    /// The page's own size (the viewport).
    public let viewport: Size
    /// The item's in-flow text laid out on the viewport, inside the body's margins (its offsets are those of the
    /// item's text without the positioned boxes' content: ``bookOffset(layoutOffset:)`` maps them).
    public let layout: BookLayout
    /// Where the viewport is drawn on the reader's page, in the reader's page points.
    public let rect: Rect
    /// The backgrounds drawn under everything: the canvas's over the whole viewport, the body's inside its
    /// margins (viewport points).
    public let backgrounds: [BlockBox]
    /// The positioned boxes, in document order (drawing order); a box in flow (`position: relative`, see
    /// `PositionedBox.inFlow`) has no layout and nothing drawn of its own.
    public let boxes: [Box]
    let flowSegments: [Segment]

    /// Reader-page points per viewport point.
    public var scale: Double { viewport.width > 0 ? rect.width / viewport.width : 0 }

    /// Lays out `range` of `text` on a page of `viewport` and places it in a reader's page of `pageSize`: the
    /// boxes of `style` at their places, the rest in flow inside its margins.
    ///
    /// - Throws: ``StyledText/InvalidParagraphs`` for a range that does not start and end at paragraph boundaries,
    ///   and what ``Typesetter/layout(_:settings:mode:)-(StyledText,_,_)`` throws.
    public static func make(text: StyledText, range: Range<UTF16Offset>, viewport: Size, pageSize: Size,
                            typesetter: Typesetter, settings: TypographySettings,
                            style: FixedPageStyle = FixedPageStyle()) throws -> FixedPage {
        let size = Size(width: max(1, viewport.width), height: max(1, viewport.height))
        let paragraphs = text.paragraphs.filter { $0.range.lowerBound >= range.lowerBound && $0.range.upperBound <= range.upperBound }
        let boxes = style.boxes.filter { $0.range.lowerBound >= range.lowerBound && $0.range.upperBound <= range.upperBound }
        let owners = Self.owners(of: paragraphs, boxes: boxes)
        var builder = Builder(text: text, typesetter: typesetter, settings: settings, viewport: size)
        let flowParagraphs = zip(paragraphs, owners).filter { $0.1 == nil }.map(\.0)
        let margins = Self.clamped(style.margins, in: size)
        let flow = try builder.layOut(flowParagraphs, size: size, margins: margins)
        var owned = [[Paragraph]](repeating: [], count: boxes.count)
        for (paragraph, owner) in zip(paragraphs, owners) {
            if let owner { owned[owner].append(paragraph) }
        }
        var placed: [Box] = []
        for (index, box) in boxes.enumerated() {
            placed.append(try builder.place(box, paragraphs: owned[index], placed: placed, boxes: boxes, flow: (flow, margins)))
        }
        return FixedPage(range: range, viewport: size, layout: flow.layout, rect: placement(of: size, in: pageSize),
                         backgrounds: Self.backgrounds(style, viewport: size, margins: margins), boxes: placed,
                         flowSegments: flow.segments)
    }

    /// The box each paragraph belongs to (the innermost whose range holds it), nil for the flow: one walk over
    /// the paragraphs and boxes, both in text order, boxes nested as their elements are.
    static func owners(of paragraphs: [Paragraph], boxes: [PositionedBox]) -> [Int?] {
        var open: [Int] = [], next = 0
        return paragraphs.map { paragraph in
            let start = paragraph.range.lowerBound
            while let top = open.last, boxes[top].range.upperBound <= start { open.removeLast() }
            while next < boxes.count, boxes[next].range.lowerBound <= start {
                while let top = open.last, boxes[top].range.upperBound <= boxes[next].range.lowerBound { open.removeLast() }
                if boxes[next].range.contains(start) && !boxes[next].inFlow { open.append(next) }
                next += 1
            }
            return open.last
        }
    }

    /// Margins that leave the viewport at least a point of room.
    static func clamped(_ margins: EdgeInsets, in size: Size) -> EdgeInsets {
        func clean(_ value: Double, _ limit: Double) -> Double { value.isFinite ? min(max(0, value), max(0, limit)) : 0 }
        let left = clean(margins.left, size.width - 1), top = clean(margins.top, size.height - 1)
        return EdgeInsets(top: top, left: left, bottom: clean(margins.bottom, size.height - 1 - top),
                          right: clean(margins.right, size.width - 1 - left))
    }

    /// The canvas's background over the viewport, and the body's inside its margins when the root has its own.
    static func backgrounds(_ style: FixedPageStyle, viewport: Size, margins: EdgeInsets) -> [BlockBox] {
        var result: [BlockBox] = []
        let whole = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        if style.background != nil || !style.images.isEmpty {
            var canvas = BlockBox(rect: whole, background: style.background)
            canvas.images = style.images
            canvas.imageArea = whole
            canvas.emSize = 16
            result.append(canvas)
        }
        if let body = style.bodyBackground {
            result.append(BlockBox(rect: Rect(x: margins.left, y: margins.top, width: viewport.width - margins.left - margins.right,
                                              height: viewport.height - margins.top - margins.bottom), background: body))
        }
        return result
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

    /// The book offset closest to a point of the reader's page (`closestPosition(to:)` inside the scaled page):
    /// in the topmost positioned box with text whose border box holds the point, else in the flow; nil in the
    /// letterbox or when the page has no text.
    public func offset(at point: Point) -> UTF16Offset? {
        guard let inside = viewportPoint(at: point) else { return nil }
        for box in boxes.reversed() {
            guard let layout = box.layout, !layout.pages.isEmpty, box.rect.contains(inside) else { continue }
            let local = Point(x: inside.x - box.contentOrigin.x, y: inside.y - box.contentOrigin.y)
            return Self.book(layout.closestPosition(to: local, onPage: 0).offset, in: box.segments)
        }
        guard !layout.pages.isEmpty, !flowSegments.isEmpty else { return nil }
        return Self.book(layout.closestPosition(to: inside, onPage: 0).offset, in: flowSegments)
    }

    /// The caret at a book offset of the page, in the reader's page points (``BookLayout/caretRect(for:)`` in the
    /// layout that holds the offset, moved to its place and scaled); nil for an offset not on the page.
    public func caretRect(for position: TextPosition) -> Rect? {
        let placed = [(layout, Point(x: 0, y: 0), flowSegments)] + boxes.compactMap { box in
            box.layout.map { ($0, box.contentOrigin, box.segments) }
        }
        for (layout, origin, segments) in placed {
            guard let local = Self.local(position.offset, in: segments),
                  let caret = layout.caretRect(for: TextPosition(offset: local, affinity: position.affinity)), caret.page == 0 else { continue }
            let scale = self.scale
            return Rect(x: rect.minX + (caret.rect.minX + origin.x) * scale, y: rect.minY + (caret.rect.minY + origin.y) * scale,
                        width: caret.rect.width * scale, height: caret.rect.height * scale)
        }
        return nil
    }

    /// The book offset of an offset of ``layout`` (the flow's text).
    public func bookOffset(layoutOffset: UTF16Offset) -> UTF16Offset? {
        flowSegments.isEmpty ? nil : Self.book(layoutOffset, in: flowSegments)
    }

    /// The book offset of a layout's offset: its paragraph's book start plus the offset into it (binary search).
    static func book(_ local: Int, in segments: [Segment]) -> Int {
        var low = 0, high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].local <= local { low = middle } else { high = middle - 1 }
        }
        guard segments.indices.contains(low) else { return local }
        return segments[low].book + min(max(0, local - segments[low].local), segments[low].length)
    }

    /// The layout's offset of a book offset, nil when none of the layout's paragraphs holds it (the end of the
    /// last one counts).
    static func local(_ book: Int, in segments: [Segment]) -> Int? {
        var low = 0, high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].book <= book { low = middle } else { high = middle - 1 }
        }
        guard segments.indices.contains(low), segments[low].book <= book else { return nil }
        let segment = segments[low]
        let last = low == segments.count - 1
        guard book < segment.book + segment.length || (last && book == segment.book + segment.length) else { return nil }
        return segment.local + book - segment.book
    }
}
