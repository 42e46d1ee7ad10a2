import TypesetCore

/// What a page's text is drawn on: the backgrounds of its block and inline boxes, in the order they are painted, so
/// that a book's text colour is made readable on the box under it rather than on the page (white text in a navy box,
/// or in a dark table header, stays white on a sepia page; CSS draws it on that box, and that is the contrast the
/// book was designed with).
struct TextGrounds {
    /// Painted areas with a background colour (the book's, before the theme), later ones on top.
    private var areas: [(rect: Rect, color: Color)] = []
    /// Where the inline boxes' areas start in ``areas``.
    private var inlineStart = 0

    /// The grounds of `blocks` (a page's boxes) under `inline` (its inline elements' boxes, drawn after them).
    init(blocks: [BlockBox], inline: [BlockBox]) {
        for box in blocks { append(box) }
        inlineStart = areas.count
        for box in inline { append(box) }
    }

    private mutating func append(_ box: BlockBox) {
        guard let color = box.background, color.alpha > 0 else { return }
        areas.append((box.paintingRect(box.backgroundClip), color))
    }

    /// The middle of `run`'s text: halfway along it, at about half the height of a lower-case letter (a glyph's
    /// origin is on the baseline, which a background's box may end at).
    static func middle(of run: GlyphRun) -> Point {
        run.orientation == .horizontal ? Point(x: (run.minX + run.maxX) / 2, y: run.baseline - run.size * 0.3) : run.lineBox.center
    }

    /// The background colour under `point`: the last painted area holding it, or nil for the page.
    func ground(at point: Point) -> Color? {
        areas.last(where: { $0.rect.contains(point) })?.color
    }

    /// The background colour under `run`'s text: its own (which fills its line box) unless an inline box painted
    /// over it holds the text's middle, else the box under it, or nil for the page.
    func ground(of run: GlyphRun) -> Color? {
        guard !areas.isEmpty else { return nil }
        let middle = Self.middle(of: run)
        if let own = run.backgroundColor {
            // Inline boxes are painted over run backgrounds; block boxes under them.
            if let index = areas.lastIndex(where: { $0.rect.contains(middle) }), index >= inlineStart { return areas[index].color }
            return own
        }
        return ground(at: middle)
    }
}
