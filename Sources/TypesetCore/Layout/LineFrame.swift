/// The quarter turn between a vertical layout's line frame and its page.
///
/// Vertical text is laid out as horizontal text on a page turned a quarter (its width the page's height): x runs
/// along a line, y across lines. The position API, glyph runs and pages answer in page coordinates; this is the one
/// place the two meet. For `vertical-rl`, line frame (x, y) is page (width − y, x): lines stack from the right edge;
/// for `vertical-lr`, page (y, x). Horizontal text uses the identity.
struct LineFrame {
    let mode: WritingMode
    /// The page's width in points (the height of the line frame).
    let pageWidth: Double

    /// The page point of a line-frame point.
    func page(_ point: Point) -> Point {
        switch mode {
        case .horizontal: point
        case .verticalRightToLeft: Point(x: pageWidth - point.y, y: point.x)
        case .verticalLeftToRight: Point(x: point.y, y: point.x)
        }
    }

    /// The page rectangle of a line-frame rectangle.
    func page(_ rect: Rect) -> Rect {
        switch mode {
        case .horizontal: rect
        case .verticalRightToLeft: Rect(x: pageWidth - rect.maxY, y: rect.minX, width: rect.height, height: rect.width)
        case .verticalLeftToRight: Rect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width)
        }
    }

    /// The page box of a box laid out in the line frame: its rectangles turned, its line-frame sides (top the
    /// block start, left the inline start) and corners put on the page sides they are, each corner's radii swapped.
    func page(_ box: BlockBox) -> BlockBox {
        guard mode.isVertical else { return box }
        var turned = box
        turned.rect = page(box.rect)
        turned.imageArea = box.imageArea.map(page)
        turned.edges = box.edges.map(page)
        turned.radii = box.radii.map(page)
        turned.borderWidths = page(box.borderWidths)
        turned.padding = page(box.padding)
        return turned
    }

    /// The page sides of line-frame insets, as ``page(_:)-(BorderEdges)`` turns edges.
    func page(_ insets: EdgeInsets) -> EdgeInsets {
        switch mode {
        case .horizontal: insets
        case .verticalRightToLeft: EdgeInsets(top: insets.left, left: insets.bottom, bottom: insets.right, right: insets.top)
        case .verticalLeftToRight: EdgeInsets(top: insets.left, left: insets.top, bottom: insets.right, right: insets.bottom)
        }
    }

    /// The page sides of line-frame border edges: top is the right of `vertical-rl` and the left of `vertical-lr`,
    /// left is the top, right the bottom.
    func page(_ edges: BorderEdges) -> BorderEdges {
        switch mode {
        case .horizontal: edges
        case .verticalRightToLeft: BorderEdges(top: edges.left, right: edges.top, bottom: edges.right, left: edges.bottom)
        case .verticalLeftToRight: BorderEdges(top: edges.left, right: edges.bottom, bottom: edges.right, left: edges.top)
        }
    }

    /// The page corners of line-frame corner radii, each radius's width (along the line) now its height.
    func page(_ radii: CornerRadii) -> CornerRadii {
        func swapped(_ size: Size) -> Size { Size(width: size.height, height: size.width) }
        switch mode {
        case .horizontal: return radii
        case .verticalRightToLeft:
            return CornerRadii(topLeft: swapped(radii.bottomLeft), topRight: swapped(radii.topLeft),
                               bottomRight: swapped(radii.topRight), bottomLeft: swapped(radii.bottomRight))
        case .verticalLeftToRight:
            return CornerRadii(topLeft: swapped(radii.topLeft), topRight: swapped(radii.bottomLeft),
                               bottomRight: swapped(radii.bottomRight), bottomLeft: swapped(radii.topRight))
        }
    }

    /// The line-frame point of a page point.
    func line(_ point: Point) -> Point {
        switch mode {
        case .horizontal: point
        case .verticalRightToLeft: Point(x: point.y, y: pageWidth - point.x)
        case .verticalLeftToRight: Point(x: point.y, y: point.x)
        }
    }

    /// The page size of a line-frame size.
    static func pageSize(_ size: Size, mode: WritingMode) -> Size {
        mode.isVertical ? Size(width: size.height, height: size.width) : size
    }
}

/// The line-frame settings of one writing mode of a layout.
struct WritingModeSettings: Sendable {
    let mode: WritingMode
    let settings: TypographySettings
}

extension BookLayout {
    /// How the book's lines run (the shaped text's writing mode): its main mode, the one a book that gives no
    /// page progression infers it from. A layout sets each section (and each block in a mode of its own) in its
    /// own mode: ask each page (``Page/writingMode``, ``writingMode(ofPage:)``).
    public var writingMode: WritingMode { shaped.writingMode }

    /// How page `pageIndex`'s lines run (``Page/writingMode``); the book's ``writingMode`` for an index out of range.
    public func writingMode(ofPage pageIndex: Int) -> WritingMode {
        pages.indices.contains(pageIndex) ? pages[pageIndex].writingMode : writingMode
    }

    /// The writing mode document paragraph `index` was laid out in.
    func writingMode(ofParagraph index: Int) -> WritingMode { writingModeRuns.mode(ofParagraph: index) }

    /// The settings document paragraph `index`'s lines were broken with (its mode's line frame).
    func lineSettings(ofParagraph index: Int) -> TypographySettings {
        lineSettings(writingModeRuns.mode(ofParagraph: index))
    }

    /// The column width (the line length, in the line frame) of lines in `mode`, in points.
    @inline(__always)
    func columnWidth(_ mode: WritingMode) -> Double {
        if lineSettingsByMode.count == 1 { return lineSettingsByMode[0].settings.columnWidth }
        return lineSettings(mode).columnWidth
    }

    /// The writing mode of the line holding `offset` (its paragraph's).
    func writingMode(at offset: UTF16Offset) -> WritingMode {
        guard writingModeRuns.count > 1, let paragraph = text.paragraphIndex(containing: offset) else {
            return writingModeRuns.first?.mode ?? writingMode
        }
        return writingMode(ofParagraph: paragraph)
    }

    /// The settings lines in `mode` were broken with (the first mode's for a mode not laid out).
    func lineSettings(_ mode: WritingMode) -> TypographySettings {
        if lineSettingsByMode.count == 1 { return lineSettingsByMode[0].settings }
        return (lineSettingsByMode.first { $0.mode == mode } ?? lineSettingsByMode.first)?.settings ?? settings.lineFrame(mode)
    }

    /// The turn between page `pageIndex`'s line frame and its page coordinates (identity for horizontal text).
    func frame(page pageIndex: Int) -> LineFrame {
        guard pages.indices.contains(pageIndex) else { return LineFrame(mode: writingMode, pageWidth: 0) }
        return LineFrame(mode: pages[pageIndex].writingMode, pageWidth: pages[pageIndex].size.width)
    }
}

extension TypographySettings {
    /// The settings a vertical text's lines are broken and paginated with: the page turned a quarter, so that its
    /// height is the lines' width; margins turned with it (the page's top margin is where lines start, its right
    /// margin, for `vertical-rl`, where the first line stands).
    func lineFrame(_ mode: WritingMode) -> TypographySettings {
        guard mode.isVertical else { return self }
        var turned = self
        let userSet = self.userSet
        turned.pageSize = LineFrame.pageSize(pageSize, mode: mode)
        let m = margins
        turned.margins = mode == .verticalRightToLeft
            ? EdgeInsets(top: m.right, left: m.top, bottom: m.left, right: m.bottom)
            : EdgeInsets(top: m.left, left: m.top, bottom: m.right, right: m.bottom)
        turned.userSet = userSet
        turned.linesRunVertically = true
        return turned
    }
}
