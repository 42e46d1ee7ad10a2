/// Glyphs of one face, size and colour, positioned on a page: what a renderer draws.
public struct GlyphRun: Sendable {
    /// The face to draw with.
    public let face: FontFace
    /// Font size in points.
    public let size: Double
    /// Text colour, or nil for the theme's text colour.
    public let color: Color?
    /// Glyph ids in the face (`ShapedParagraph.invisibleGlyph` never appears here).
    public let glyphs: [UInt16]
    /// The pen position of each glyph's origin on the baseline, in page coordinates (points), offsets applied.
    public let positions: [Point]
    /// The document offset of each glyph's cluster (the first UTF-16 unit of the characters it draws).
    public let clusters: [UTF16Offset]
    /// Each glyph's advance in points (justification included), in drawing order.
    public let advances: [Double]
    /// The document range the run covers.
    public let range: Range<UTF16Offset>
    /// A colour behind the run (CSS `background-color`), or nil.
    public let backgroundColor: Color?
    /// Lines drawn with the run (underline, line-through, overline).
    public let decoration: TextDecorationLines
    /// The run's baseline y (raised or lowered for a superscript or subscript), in page coordinates. In vertical
    /// text, the page x of the line's central axis, about which glyphs are centred.
    public let baseline: Double
    /// The run's extent along its line (pen positions, justification included), in page coordinates: page x in
    /// horizontal text, page y in vertical text.
    public let minX: Double
    public let maxX: Double
    /// The two edges of the run's line box across the line, in page coordinates (where a background is drawn):
    /// top and bottom in horizontal text, left and right edges (page x) in vertical text.
    public let lineTop: Double
    public let lineBottom: Double
    /// Whether the run is part of a link (``TextStyle/link``): without a colour of its own it is drawn in the
    /// theme's link colour (``Theme/link``).
    public var isLink: Bool = false
    /// How much wider than the face's own the glyphs are drawn (font expansion on a justified line,
    /// ``TypographySettings/expansion``): 1 for their natural shapes. ``advances`` and ``positions`` already
    /// include it; a renderer scales each glyph's outline horizontally about its origin.
    public var horizontalScale: Double = 1
    /// Whether the run is a ruby annotation (drawn beside its base).
    public var isRuby: Bool = false
    /// Whether the run is emphasis marks (CSS `text-emphasis`, 傍点): one mark beside each marked character,
    /// whose offset is the glyph's cluster; ``range`` is the marked text on the line. Marks are not text: they
    /// have no caret stops and hit testing never sees them.
    public var isEmphasis: Bool = false
    /// How the glyphs stand: as in horizontal text, upright in a vertical line (drawn unturned at their
    /// ``positions``, which are their horizontal origins), or turned 90° clockwise in a vertical line (a Latin
    /// word in Japanese text: each glyph turned about its position, its baseline then running down the page).
    public var orientation: GlyphOrientation = .horizontal
    /// The inline boxes the run is inside, and which of their edges it holds (drawn by ``InlineBoxPass``); nil
    /// for none.
    package var inlineBoxes: InlineBoxRun?
    /// How ``decoration``'s lines are drawn, nil for solid lines of the run's colour (``TextStyle/decorationLook``).
    package var decorationLook: DecorationLook?

    /// The rectangle the run covers on its line box, in page coordinates (where its background is drawn).
    public var lineBox: Rect {
        orientation == .horizontal ? Rect(x: minX, y: lineTop, width: maxX - minX, height: lineBottom - lineTop)
            : Rect(x: lineTop, y: minX, width: lineBottom - lineTop, height: maxX - minX)
    }
}

/// How a run's glyphs stand on the page (see ``GlyphRun/orientation``).
public enum GlyphOrientation: Hashable, Sendable {
    /// Horizontal text.
    case horizontal
    /// Upright in a vertical line (CJK characters).
    case upright
    /// Turned 90° clockwise in a vertical line (other scripts, CSS `text-orientation: mixed`).
    case rotated
}

extension BookLayout {
    /// The positioned glyphs of page `pageIndex`, in drawing order; empty for an index out of range.
    public func glyphRuns(onPage pageIndex: Int) -> [GlyphRun] {
        guard pages.indices.contains(pageIndex) else { return [] }
        var runs: [GlyphRun] = []
        let frame = frame(page: pageIndex)
        var format: LastFormat?
        for placement in pages[pageIndex].placements {
            appendGlyphRuns(for: placement, frame: frame, format: &format, into: &runs)
        }
        return runs
    }

    /// The positioned glyphs of the lines of page `pageIndex` that may draw into the strip `band` of it (a line
    /// whose box, widened by its height on each side for glyphs that reach out of it, meets the strip): what a
    /// window onto a long scroll page draws. Found by binary search on a scroll page (one column, lines top to
    /// bottom), by a scan on others.
    public func glyphRuns(onPage pageIndex: Int, in band: Range<Double>) -> [GlyphRun] {
        var runs: [GlyphRun] = []
        let frame = frame(page: pageIndex)
        var format: LastFormat?
        for placement in placements(onPage: pageIndex, in: band) {
            appendGlyphRuns(for: placement, frame: frame, format: &format, into: &runs)
        }
        return runs
    }

    /// The lines of page `pageIndex` that may draw into `band` (see ``glyphRuns(onPage:in:)``).
    public func lines(onPage pageIndex: Int, in band: Range<Double>) -> [Line] {
        let frame = frame(page: pageIndex)
        return placements(onPage: pageIndex, in: band).map { line(for: $0).onPage(frame) }
    }

    func placements(onPage pageIndex: Int, in band: Range<Double>) -> ArraySlice<PlacedLine> {
        guard pages.indices.contains(pageIndex) else { return [] }
        let placements = pages[pageIndex].placements
        // A band of a vertical page crosses every line: all of them may draw into it.
        guard !pages[pageIndex].writingMode.isVertical else { return placements[...] }
        func height(_ placement: PlacedLine) -> Double {
            Double(paragraphLayout(Int(placement.paragraph)).lines[Int(placement.line)].height)
        }
        func meets(_ placement: PlacedLine) -> Bool {
            let top = Double(placement.y), height = height(placement)
            return top + 2 * height > band.lowerBound && top - height < band.upperBound
        }
        guard mode == .scroll else {
            return placements.filter(meets)[...]
        }
        // Lines go down the page: the first one that reaches below the band's top, then those that start above its end.
        var low = 0, high = placements.count
        while low < high {
            let middle = (low + high) / 2
            if Double(placements[middle].y) + 2 * height(placements[middle]) <= band.lowerBound { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < placements.count && meets(placements[end]) { end += 1 }
        return placements[low..<end]
    }

    /// The glyphs of a ruby annotation, centred over (or under) its base's glyphs, which span `baseExtent` (page x).
    private func rubyRun(_ ruby: ShapedRuby, baseExtent: (min: Float, max: Float), baseline: Double, sizes: [Float],
                         paragraph: Paragraph, contentStart: UTF16Offset, lineTop: Double, lineBottom: Double) -> GlyphRun {
        let baseSize = Double(sizes[Int(ruby.baseAttributeIndex)])
        let size = baseSize * Double(ShapedRuby.scale)
        var positions: [Point] = [], advances: [Double] = []
        let minX: Double, maxX: Double, y: Double
        if ruby.position == .interCharacter {
            (positions, advances, y) = Self.columnGlyphs(ruby, right: Double(baseExtent.max), baseline: baseline, baseSize: baseSize)
            minX = Double(baseExtent.max) - Double(ShapedRuby.columnWidth) * baseSize
            maxX = Double(baseExtent.max)
        } else {
            let width = Double(ruby.width) * size
            var x = Double(baseExtent.min + baseExtent.max) / 2 - width / 2
            minX = x
            y = ShapedRuby.baseline(over: ruby.position == .over, baseline: baseline, baseSize: baseSize)
            for advance in ruby.advances {
                positions.append(Point(x: x, y: y))
                advances.append(Double(advance) * size)
                x += Double(advance) * size
            }
            maxX = x
        }
        // No background or line decoration of its own: those of the base are drawn along the base.
        return GlyphRun(face: shaped.faces[Int(ruby.faceID)], size: size,
                        color: paragraph.runs[Int(ruby.annotationAttributeIndex)].style.color
                            ?? paragraph.runs[Int(ruby.baseAttributeIndex)].style.color,
                        glyphs: ruby.glyphIDs, positions: positions, clusters: ruby.clusters.map { contentStart + Int($0) },
                        advances: advances,
                        range: (contentStart + ruby.annotation.lowerBound)..<(contentStart + ruby.annotation.upperBound),
                        backgroundColor: nil, decoration: [], baseline: y, minX: minX, maxX: maxX,
                        lineTop: lineTop, lineBottom: lineBottom, isRuby: true)
    }

    /// An inter-character annotation's glyphs: upright, one under another a ruby em apart in the column that ends
    /// at `right` (the room made after the base), each centred across it, the column centred on the base's em box;
    /// with the first glyph's baseline.
    private static func columnGlyphs(_ ruby: ShapedRuby, right: Double, baseline: Double, baseSize: Double)
        -> (positions: [Point], advances: [Double], firstBaseline: Double) {
        let size = baseSize * Double(ShapedRuby.scale)
        let centre = right - Double(ShapedRuby.columnWidth) * baseSize / 2
        let top = baseline - Double(ruby.columnReach.above) * baseSize
        var positions: [Point] = [], advances: [Double] = []
        for (index, advance) in ruby.advances.enumerated() {
            let width = Double(advance) * size
            positions.append(Point(x: centre - width / 2, y: top + (Double(index) + Double(ShapedRuby.emBoxTop)) * size))
            advances.append(width)
        }
        return (positions, advances, top + Double(ShapedRuby.emBoxTop) * size)
    }

    /// The emphasis marks of one attribute run on a line: the mark's glyphs centred over (or under) each marked
    /// character whose glyphs on the line span `extents[i]` (page x; the character `first + i` of `emphasis`).
    /// A mark whose character has ruby on the same side goes outside the ruby (CSS Text Decoration 3), one ruby
    /// em further out.
    private func emphasisRun(_ emphasis: ShapedEmphasis, first: Int, extents: [(min: Float, max: Float)], baseline: Double,
                             sizes: [Float], rubies: [ShapedRuby], paragraph: Paragraph, contentStart: UTF16Offset,
                             lineTop: Double, lineBottom: Double) -> GlyphRun? {
        let style = paragraph.runs[Int(emphasis.attributeIndex)].style
        let baseSize = Double(sizes[Int(emphasis.attributeIndex)])
        let size = baseSize * Double(ShapedRuby.scale)
        let y = ShapedRuby.baseline(over: emphasis.isOver, baseline: baseline, baseSize: baseSize)
        var glyphs: [UInt16] = [], positions: [Point] = [], clusters: [UTF16Offset] = [], advances: [Double] = []
        var minX = Double.infinity, maxX = -Double.infinity
        for (index, extent) in extents.enumerated() where extent.min <= extent.max {
            var x = Double(extent.min + extent.max) / 2 - Double(emphasis.width) * size / 2
            minX = min(minX, x)
            let start = Int(emphasis.starts[first + index])
            let outsideRuby = rubies.contains { ($0.position == .over) == emphasis.isOver && $0.base.contains(start) }
            let markY = outsideRuby ? y + (emphasis.isOver ? -size : size) : y
            for (glyph, advance) in zip(emphasis.glyphIDs, emphasis.advances) {
                glyphs.append(glyph)
                positions.append(Point(x: x, y: markY))
                clusters.append(contentStart + Int(emphasis.starts[first + index]))
                advances.append(Double(advance) * size)
                x += Double(advance) * size
            }
            maxX = max(maxX, x)
        }
        guard let firstCluster = clusters.first else { return nil }
        let end = contentStart + Int(emphasis.ends[first + extents.count - 1])
        return GlyphRun(face: shaped.faces[Int(emphasis.faceID)], size: size, color: emphasis.color ?? style.color,
                        glyphs: glyphs, positions: positions, clusters: clusters, advances: advances,
                        range: firstCluster..<max(firstCluster, end), backgroundColor: nil, decoration: [], baseline: y,
                        minX: minX, maxX: maxX, lineTop: lineTop, lineBottom: lineBottom,
                        isLink: style.link != nil && emphasis.color == nil, isEmphasis: true)
    }

    /// The format of the paragraph whose lines are being drawn: a page's lines come paragraph by paragraph, and a
    /// format costs a pass over the paragraph's runs, so it is made once per paragraph rather than per line.
    typealias LastFormat = (paragraph: Int, format: ParagraphFormat)

    func appendGlyphRuns(for placement: PlacedLine, frame: LineFrame, format: inout LastFormat?, into runs: inout [GlyphRun]) {
        let first = runs.count
        let p = Int(placement.paragraph)
        let current: ParagraphFormat
        if let last = format, last.paragraph == p {
            current = last.format
        } else {
            current = self.format(ofParagraph: p)
            format = (p, current)
        }
        appendGlyphRuns(for: placement, format: current, into: &runs)
        guard frame.mode.isVertical, first < runs.count else { return }
        let box = paragraphLayout(p).lines[Int(placement.line)]
        let lineBaseline = placement.y + Double(box.baseline)
        let top = frame.page(Point(x: 0, y: placement.y)).x, bottom = frame.page(Point(x: 0, y: placement.y + Double(box.height))).x
        // Glyphs are centred on the line box's middle: upright ones on their vertical origin, turned ones on the
        // middle of their face's ascent and descent.
        let axis = (top + bottom) / 2
        for index in first..<runs.count {
            let run = runs[index]
            // Ruby and emphasis marks stand upright; a hyphen, like every run not shaped top to bottom, is turned.
            let orientation: GlyphOrientation = run.isRuby || run.isEmphasis || run.orientation == .upright ? .upright : .rotated
            runs[index] = run.turned(frame: frame, lineBaseline: lineBaseline, axis: axis, top: top, bottom: bottom,
                                     orientation: orientation)
        }
    }

    /// Appends the runs of one line: its text's glyphs piece by piece, then its ruby and emphasis marks, then its
    /// hyphen.
    private func appendGlyphRuns(for placement: PlacedLine, format: ParagraphFormat, into runs: inout [GlyphRun]) {
        let line = LineDrawing(self, placement: placement, format: format)
        var pieces = PieceRuns(baseline: line.lineBaseline)
        var marks = LineMarks(line.shaped, box: line.box)
        line.geometry.forEachGlyph(shaped: line.shaped, content: line.content, sizes: line.sizes, box: line.box) {
            g, penX, size, extra, piece in
            marks.record(glyph: g, x: placement.x + penX, size: size, extra: extra, piece: piece, shaped: line.shaped)
            pieces.add(glyph: g, penX: penX, size: size, extra: extra, piece: piece, line: line, into: &runs)
        }
        pieces.flush(line: line, into: &runs)
        appendMarkRuns(marks, line: line, into: &runs)
        if let hyphen = hyphenRun(line) { runs.append(hyphen) }
    }

    /// The ruby annotations and emphasis marks of a line, over (or under) the extents `marks` gathered.
    private func appendMarkRuns(_ marks: LineMarks, line: LineDrawing, into runs: inout [GlyphRun]) {
        for (index, ruby) in marks.rubies.enumerated() where marks.baseExtents[index].min <= marks.baseExtents[index].max {
            runs.append(rubyRun(ruby, baseExtent: marks.baseExtents[index], baseline: line.lineBaseline, sizes: line.sizes,
                                paragraph: line.paragraph, contentStart: line.contentStart, lineTop: line.lineTop,
                                lineBottom: line.lineBottom))
        }
        for (emphasis, first, extents) in marks.emphases {
            if let run = emphasisRun(emphasis, first: first, extents: extents, baseline: line.lineBaseline, sizes: line.sizes,
                                     rubies: marks.rubies, paragraph: line.paragraph, contentStart: line.contentStart,
                                     lineTop: line.lineTop, lineBottom: line.lineBottom) { runs.append(run) }
        }
    }

    /// The hyphen of a hyphenated line: a run of its own, empty in the text, at the line's end; nil on other lines
    /// and when the hyphen's text is invisible.
    private func hyphenRun(_ line: LineDrawing) -> GlyphRun? {
        guard let hyphen = line.geometry.hyphen else { return nil }
        let style = line.paragraph.runs[hyphen.attributeIndex].style
        guard style.visibility != .invisible else { return nil }
        let end = line.contentStart + Int(line.box.end)
        let hyphenBaseline = line.lineBaseline - Double(line.format.shifts?[hyphen.attributeIndex] ?? 0)
        let hyphenX = Double(line.placement.x + line.geometry.hyphenX)
        var run = GlyphRun(face: shaped.faces[hyphen.faceID], size: Double(hyphen.size), color: style.color,
                           glyphs: [hyphen.glyph], positions: [Point(x: hyphenX, y: hyphenBaseline)],
                           clusters: [end], advances: [Double(hyphen.width)], range: end..<end,
                           backgroundColor: style.backgroundColor, decoration: style.decoration, baseline: hyphenBaseline,
                           minX: hyphenX, maxX: hyphenX + Double(hyphen.width), lineTop: line.lineTop,
                           lineBottom: line.lineBottom, isLink: style.link != nil)
        run.decorationLook = style.decorationLook
        return run
    }
}

extension GlyphRun {
    /// The run turned from a vertical layout's line frame onto the page (see ``LineFrame``): pen positions along the
    /// line become page y; across the line, glyphs stand on `axis` (page x), shifted as far as they were from the
    /// line's baseline (a superscript moves right), turned ones so that their face's ascent and descent are centred
    /// on it. A ruby annotation stands beside its base on the line's "over" side, the right.
    func turned(frame: LineFrame, lineBaseline: Double, axis: Double, top: Double, bottom: Double,
                orientation: GlyphOrientation) -> GlyphRun {
        var positions: [Point] = []
        positions.reserveCapacity(self.positions.count)
        var glyphAxis = axis
        var minY = minX, maxY = maxX
        if isRuby {
            // Set over (0.5 em of the base beside the axis) or under, each glyph centred on the ruby's own axis.
            let base = size / Double(ShapedRuby.scale)
            let over = baseline < lineBaseline
            glyphAxis = axis + (over ? 1 : -1) * (base / 2 + size / 2)
            let length = advances.reduce(0, +)
            // Centred on the base's extent along the line, as in horizontal text.
            var pen = (minX + maxX) / 2 - length / 2
            minY = pen; maxY = pen + length
            for advance in advances {
                positions.append(Point(x: glyphAxis - advance / 2, y: pen + size * Double(ShapedRuby.emBoxTop)))
                pen += advance
            }
        } else if isEmphasis {
            // Each mark upright on its own axis beside the column (as ruby is), centred on its character's extent
            // along the line, which it spans in the line frame.
            let base = size / Double(ShapedRuby.scale)
            let over = baseline < lineBaseline
            glyphAxis = axis + (over ? 1 : -1) * (base / 2 + size / 2)
            for (position, advance) in zip(self.positions, advances) {
                let centre = position.x + advance / 2
                // A mark set outside ruby stands that much further from the column.
                let outside = baseline - position.y
                positions.append(Point(x: glyphAxis + outside - advance / 2,
                                       y: centre - size / 2 + size * Double(ShapedRuby.emBoxTop)))
            }
        } else {
            if orientation == .rotated { glyphAxis = axis - (face.ascent - face.descent) / 2 * size }
            for position in self.positions {
                let over = lineBaseline - position.y
                positions.append(Point(x: glyphAxis + over, y: position.x))
            }
        }
        let left = min(top, bottom), right = max(top, bottom)
        var run = GlyphRun(face: face, size: size, color: color, glyphs: glyphs, positions: positions, clusters: clusters,
                           advances: advances, range: range, backgroundColor: backgroundColor, decoration: decoration,
                           baseline: glyphAxis, minX: minY, maxX: maxY, lineTop: left, lineBottom: right, isLink: isLink,
                           isRuby: isRuby, isEmphasis: isEmphasis)
        run.orientation = orientation
        run.decorationLook = decorationLook
        return run
    }
}
