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
        guard !writingMode.isVertical else { return placements[...] }
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
        let width = Double(ruby.width) * size
        var x = Double(baseExtent.min + baseExtent.max) / 2 - width / 2
        let minX = x
        let y = ShapedRuby.baseline(over: ruby.position == .over, baseline: baseline, baseSize: baseSize)
        var positions: [Point] = [], advances: [Double] = []
        for advance in ruby.advances {
            positions.append(Point(x: x, y: y))
            advances.append(Double(advance) * size)
            x += Double(advance) * size
        }
        // No background or line decoration of its own: those of the base are drawn along the base.
        return GlyphRun(face: shaped.faces[Int(ruby.faceID)], size: size,
                        color: paragraph.runs[Int(ruby.annotationAttributeIndex)].style.color
                            ?? paragraph.runs[Int(ruby.baseAttributeIndex)].style.color,
                        glyphs: ruby.glyphIDs, positions: positions, clusters: ruby.clusters.map { contentStart + Int($0) },
                        advances: advances,
                        range: (contentStart + ruby.annotation.lowerBound)..<(contentStart + ruby.annotation.upperBound),
                        backgroundColor: nil, decoration: [], baseline: y, minX: minX, maxX: x,
                        lineTop: lineTop, lineBottom: lineBottom, isRuby: true)
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

    private func appendGlyphRuns(for placement: PlacedLine, format: ParagraphFormat, into runs: inout [GlyphRun]) {
        let p = Int(placement.paragraph)
        let lines = paragraphLayout(p).lines
        let box = lines[Int(placement.line)]
        let shaped = shaped.paragraph(p)
        let paragraph = text.paragraphs[p]
        let content = paragraph.units[paragraph.contentRange]
        let sizes = format.sizes
        let geometry = LineGeometry(box: box, glyphScale: lines.microtypography(ofLine: Int(placement.line)).glyphScale,
                                    shaped: shaped, content: content, sizes: sizes, faces: self.shaped.faces)
        let lineBaseline = placement.y + Double(box.baseline)
        let contentStart = paragraph.contentStart
        // A drop cap's glyphs (on the first line) sit on the baseline of the last line it spans.
        let layout = paragraphLayout(p)
        let capLength = placement.line == 0 && layout.capLines > 0 ? (paragraph.style.dropCap?.length ?? 0) : 0
        var currentPiece = -1
        var glyphs: [UInt16] = [], positions: [Point] = [], clusterOffsets: [UTF16Offset] = [], glyphAdvances: [Double] = []
        var pieceRun: ShapedRun?
        var pieceRange = 0..<0
        var minX = Double.infinity, maxX = -Double.infinity
        var baseline = lineBaseline
        var pieceHangs = false
        let glyphScale = Double(geometry.glyphScale)
        func flush() {
            defer {
                glyphs.removeAll(); positions.removeAll(); clusterOffsets.removeAll(); glyphAdvances.removeAll()
                minX = .infinity; maxX = -.infinity
            }
            guard let run = pieceRun, !glyphs.isEmpty else { return }
            let style = paragraph.runs[Int(run.attributeIndex)].style
            // Invisible text (CSS `visibility: hidden`) keeps its place in the line but is not drawn.
            guard style.visibility != .invisible else { return }
            runs.append(GlyphRun(face: self.shaped.faces[Int(run.faceID)],
                                 size: Double(sizes[Int(run.attributeIndex)]), color: style.color,
                                 glyphs: glyphs, positions: positions, clusters: clusterOffsets, advances: glyphAdvances,
                                 // Spaces hanging past the line's end are not underlined or filled (as a browser has it).
                                 range: pieceRange, backgroundColor: pieceHangs ? nil : style.backgroundColor,
                                 decoration: pieceHangs ? [] : style.decoration,
                                 baseline: baseline, minX: minX, maxX: maxX, lineTop: placement.y,
                                 lineBottom: placement.y + Double(box.height),
                                 isLink: style.link != nil, horizontalScale: pieceHangs ? 1 : glyphScale,
                                 orientation: run.isUpright ? .upright : .horizontal))
        }
        var lastPieceStart = -1
        // The ruby annotations whose bases start on this line, and the horizontal extent of each base's glyphs.
        let rubies = Array(shaped.rubies(startingIn: Int(box.start)..<max(Int(box.start), Int(box.end))))
        var baseExtents = [(min: Float, max: Float)](repeating: (.infinity, -.infinity), count: rubies.count)
        // The emphasis marks of characters starting on this line: for each marked run, its first character here and
        // the extent of each character's glyphs.
        var emphases: [(emphasis: ShapedEmphasis, first: Int, extents: [(min: Float, max: Float)])] = []
        for emphasis in shaped.emphases(reaching: Int(box.start)..<max(Int(box.start), Int(box.end)))
            where emphasis.marksCharacter(from: Int(box.start), to: Int(box.end)) {
            let first = emphasis.starts.partitioningIndex { $0 >= box.start }
            let end = emphasis.starts.partitioningIndex { $0 >= box.end }
            emphases.append((emphasis, first, .init(repeating: (.infinity, -.infinity), count: end - first)))
        }
        geometry.forEachGlyph(shaped: shaped, content: content, sizes: sizes, box: box) { g, penX, size, extra, piece in
            if !rubies.isEmpty {
                let cluster = Int(shaped.clusters[g])
                for (index, ruby) in rubies.enumerated() where ruby.base.contains(cluster) {
                    baseExtents[index].min = min(baseExtents[index].min, placement.x + penX)
                    baseExtents[index].max = max(baseExtents[index].max, placement.x + penX + shaped.advances[g] * size)
                }
            }
            if !emphases.isEmpty && shaped.glyphIDs[g] != ShapedParagraph.invisibleGlyph {
                let cluster = Int32(shaped.clusters[g])
                for index in emphases.indices {
                    guard let character = emphases[index].emphasis.character(at: cluster) else { continue }
                    // A ligature drawing several marked characters: its advance divided equally among them (as
                    // carets divide it), in the run's direction.
                    let starts = emphases[index].emphasis.starts
                    var clusterEnd = Int(cluster) + 1
                    while clusterEnd < shaped.contentLength && shaped.clusterStarts[clusterEnd] == 0 { clusterEnd += 1 }
                    var last = character
                    while last + 1 < starts.count && Int(starts[last + 1]) < clusterEnd { last += 1 }
                    let width = shaped.advances[g] * size + extra, share = width / Float(last - character + 1)
                    for shared in character...last {
                        let slot = shared - emphases[index].first
                        guard slot >= 0 && slot < emphases[index].extents.count else { continue }
                        let order = Float(piece.isRightToLeft ? last - shared : shared - character)
                        let left = placement.x + penX + order * share
                        emphases[index].extents[slot].min = min(emphases[index].extents[slot].min, left)
                        emphases[index].extents[slot].max = max(emphases[index].extents[slot].max, left + share)
                    }
                }
            }
            let isCap = Int(shaped.clusters[g]) < capLength
            if piece.start != lastPieceStart || piece.runIndex != currentPiece {
                flush()
                currentPiece = piece.runIndex
                lastPieceStart = piece.start
                let run = shaped.runs[piece.runIndex]
                pieceRun = run
                pieceHangs = piece.isHanging
                pieceRange = (contentStart + piece.start)..<(contentStart + piece.end)
                baseline = lineBaseline - Double(format.shifts?[Int(run.attributeIndex)] ?? 0)
                    + (isCap ? Double(layout.capDrop) : 0)
            }
            let advanceWidth = Double(shaped.advances[g] * size + extra)
            minX = min(minX, Double(placement.x + penX))
            maxX = max(maxX, Double(placement.x + penX) + advanceWidth)
            let id = shaped.glyphIDs[g]
            guard id != ShapedParagraph.invisibleGlyph else { return }
            var x = Double(placement.x + penX)
            var y = baseline
            if !shaped.offsets.isEmpty {
                x += Double(shaped.offsets[g].x * size) * (piece.isHanging ? 1 : glyphScale)
                y -= Double(shaped.offsets[g].y * size)
            }
            glyphs.append(id)
            positions.append(Point(x: x, y: y))
            clusterOffsets.append(contentStart + Int(shaped.clusters[g]))
            var advance = Double(shaped.advances[g] * size)
            if extra != 0 { advance += Double(extra) }
            glyphAdvances.append(advance)
        }
        flush()
        for (index, ruby) in rubies.enumerated() where baseExtents[index].min <= baseExtents[index].max {
            runs.append(rubyRun(ruby, baseExtent: baseExtents[index], baseline: lineBaseline, sizes: sizes, paragraph: paragraph,
                                contentStart: contentStart, lineTop: placement.y, lineBottom: placement.y + Double(box.height)))
        }
        for (emphasis, first, extents) in emphases {
            if let run = emphasisRun(emphasis, first: first, extents: extents, baseline: lineBaseline, sizes: sizes,
                                     rubies: rubies, paragraph: paragraph, contentStart: contentStart, lineTop: placement.y,
                                     lineBottom: placement.y + Double(box.height)) { runs.append(run) }
        }
        // The hyphen of a hyphenated line: a run of its own, empty in the text, at the line's end.
        if let hyphen = geometry.hyphen, paragraph.runs[hyphen.attributeIndex].style.visibility != .invisible {
            let end = contentStart + Int(box.end)
            let style = paragraph.runs[hyphen.attributeIndex].style
            let hyphenBaseline = lineBaseline - Double(format.shifts?[hyphen.attributeIndex] ?? 0)
            let hyphenX = Double(placement.x + geometry.hyphenX)
            runs.append(GlyphRun(face: self.shaped.faces[hyphen.faceID], size: Double(hyphen.size), color: style.color,
                                 glyphs: [hyphen.glyph], positions: [Point(x: hyphenX, y: hyphenBaseline)],
                                 clusters: [end], advances: [Double(hyphen.width)], range: end..<end,
                                 backgroundColor: style.backgroundColor, decoration: style.decoration, baseline: hyphenBaseline,
                                 minX: hyphenX, maxX: hyphenX + Double(hyphen.width), lineTop: placement.y,
                                 lineBottom: placement.y + Double(box.height), isLink: style.link != nil))
        }
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
        return run
    }
}
