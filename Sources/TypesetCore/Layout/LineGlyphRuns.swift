/// One placed line being turned into glyph runs (``BookLayout/glyphRuns(onPage:)``): its box, its paragraph's
/// shaped text and format, and where it sits on the page.
struct LineDrawing {
    let placement: PlacedLine
    let box: LineBox
    let shaped: ShapedParagraph
    let paragraph: Paragraph
    /// The paragraph's content units (without its terminator).
    let content: ArraySlice<UInt16>
    let format: ParagraphFormat
    /// The paragraph's font size per attribute run (``ParagraphFormat/sizes``).
    let sizes: [Float]
    /// The book's faces, by face id.
    let faces: [FontFace]
    let geometry: LineGeometry
    /// The line's baseline y on the page.
    let lineBaseline: Double
    /// The document offset of the paragraph's first content unit.
    let contentStart: UTF16Offset
    /// The content units of a drop cap on this line (the first line of a paragraph with one), else 0: its glyphs
    /// sit `capDrop` points lower, on the baseline of the last line it spans.
    let capLength: Int
    let capDrop: Float

    init(_ layout: BookLayout, placement: PlacedLine, format: ParagraphFormat) {
        let p = Int(placement.paragraph)
        let paragraphLayout = layout.paragraphLayout(p)
        let lines = paragraphLayout.lines
        let box = lines[Int(placement.line)]
        let shaped = layout.shaped.paragraph(p)
        let paragraph = layout.text.paragraphs[p]
        let content = paragraph.units[paragraph.contentRange]
        self.placement = placement
        self.box = box
        self.shaped = shaped
        self.paragraph = paragraph
        self.content = content
        self.format = format
        sizes = format.sizes
        faces = layout.shaped.faces
        geometry = LineGeometry(box: box, glyphScale: lines.microtypography(ofLine: Int(placement.line)).glyphScale,
                                shaped: shaped, content: content, sizes: sizes, faces: faces)
        lineBaseline = placement.y + Double(box.baseline)
        contentStart = paragraph.contentStart
        capLength = placement.line == 0 && paragraphLayout.capLines > 0 ? (paragraph.style.dropCap?.length ?? 0) : 0
        capDrop = paragraphLayout.capDrop
    }

    /// The top and bottom of the line box on the page.
    var lineTop: Double { placement.y }
    var lineBottom: Double { placement.y + Double(box.height) }
}

/// The glyph runs of a line's text, gathered glyph by glyph in drawing order: one run per visual piece (a shaped
/// run's glyphs within one bidi run of the line), closed when the next piece starts.
struct PieceRuns {
    private var runIndex = -1
    private var pieceStart = -1
    private var run: ShapedRun?
    private var range = 0..<0
    private var hangs = false
    private var baseline: Double
    private var glyphs: [UInt16] = [], positions: [Point] = [], clusters: [UTF16Offset] = [], advances: [Double] = []
    private var minX = Double.infinity, maxX = -Double.infinity

    init(baseline: Double) {
        self.baseline = baseline
    }

    /// Adds glyph `g` of the line's shaped paragraph, its pen at `penX` (column coordinates), drawn at `size` with
    /// `extra` points of justification after it, closing the current run first when `piece` starts a new one.
    mutating func add(glyph g: Int, penX: Float, size: Float, extra: Float, piece: VisualPiece, line: LineDrawing,
                      into runs: inout [GlyphRun]) {
        let shaped = line.shaped
        if piece.start != pieceStart || piece.runIndex != runIndex {
            let isCap = Int(shaped.clusters[g]) < line.capLength
            flush(line: line, into: &runs)
            runIndex = piece.runIndex
            pieceStart = piece.start
            let run = shaped.runs[piece.runIndex]
            self.run = run
            hangs = piece.isHanging
            range = (line.contentStart + piece.start)..<(line.contentStart + piece.end)
            baseline = line.lineBaseline - Double(line.format.shifts?[Int(run.attributeIndex)] ?? 0)
                + (isCap ? Double(line.capDrop) : 0)
        }
        let advanceWidth = Double(shaped.advances[g] * size + extra)
        minX = min(minX, Double(line.placement.x + penX))
        maxX = max(maxX, Double(line.placement.x + penX) + advanceWidth)
        let id = shaped.glyphIDs[g]
        guard id != ShapedParagraph.invisibleGlyph else { return }
        var x = Double(line.placement.x + penX)
        var y = baseline
        if !shaped.offsets.isEmpty {
            x += Double(shaped.offsets[g].x * size) * (piece.isHanging ? 1 : Double(line.geometry.glyphScale))
            y -= Double(shaped.offsets[g].y * size)
        }
        glyphs.append(id)
        positions.append(Point(x: x, y: y))
        clusters.append(line.contentStart + Int(shaped.clusters[g]))
        var advance = Double(shaped.advances[g] * size)
        if extra != 0 { advance += Double(extra) }
        advances.append(advance)
    }

    /// Closes the current run: appends it to `runs` unless it draws nothing (no glyphs, or invisible text, which
    /// keeps its place in the line but is not drawn: CSS `visibility: hidden`).
    mutating func flush(line: LineDrawing, into runs: inout [GlyphRun]) {
        defer {
            glyphs.removeAll(); positions.removeAll(); clusters.removeAll(); advances.removeAll()
            minX = .infinity; maxX = -.infinity
        }
        guard let run, !glyphs.isEmpty else { return }
        let style = line.paragraph.runs[Int(run.attributeIndex)].style
        guard style.visibility != .invisible else { return }
        var glyphRun = GlyphRun(face: line.faces[Int(run.faceID)],
                             size: Double(line.sizes[Int(run.attributeIndex)]), color: style.color,
                             glyphs: glyphs, positions: positions, clusters: clusters, advances: advances,
                             // Spaces hanging past the line's end are not underlined or filled (as a browser has it).
                             range: range, backgroundColor: hangs ? nil : style.backgroundColor,
                             decoration: hangs ? [] : style.decoration,
                             baseline: baseline, minX: minX, maxX: maxX, lineTop: line.lineTop,
                             lineBottom: line.lineBottom, isLink: style.link != nil,
                             horizontalScale: hangs ? 1 : Double(line.geometry.glyphScale),
                             orientation: run.isUpright ? .upright : .horizontal)
        if !hangs { glyphRun.decorationLook = style.decorationLook }
        if !style.inlineBoxes.isEmpty, !hangs, !run.isUpright {
            glyphRun.inlineBoxes = inlineBoxes(of: run, style: style, line: line)
        }
        runs.append(glyphRun)
    }

    /// The inline boxes of the run being closed (its attribute run's), with the edges in this piece: a start edge
    /// where the piece starts at the attribute run's start, an end edge where it ends at its end.
    private func inlineBoxes(of run: ShapedRun, style: TextStyle, line: LineDrawing) -> InlineBoxRun {
        let index = Int(run.attributeIndex)
        let attribute = line.paragraph.runs[index]
        var (starts, ends) = InlineBoxRun.edges(of: index, in: line.paragraph.runs)
        let offset = line.paragraph.contentRange.lowerBound - line.contentStart
        if range.lowerBound + offset != attribute.range.lowerBound { starts = 0 }
        if range.upperBound + offset != attribute.range.upperBound { ends = 0 }
        let size = Double(line.sizes[index])
        return InlineBoxRun(boxes: style.inlineBoxes, starts: starts, ends: ends, rightToLeft: run.isRightToLeft,
                            emSize: style.fontScale > 0 ? size / style.fontScale : size)
    }
}

/// The ruby annotations whose bases start on a line and the emphasis marks of characters starting on it, with the
/// horizontal extent (page x) of the glyphs each covers, gathered glyph by glyph.
struct LineMarks {
    typealias Extent = (min: Float, max: Float)
    let rubies: [ShapedRuby]
    /// The extent of each ruby's base glyphs.
    private(set) var baseExtents: [Extent]
    /// For each marked run: its first character on the line and the extent of each of its characters' glyphs here.
    private(set) var emphases: [(emphasis: ShapedEmphasis, first: Int, extents: [Extent])] = []

    init(_ shaped: ShapedParagraph, box: LineBox) {
        let start = Int(box.start), end = max(start, Int(box.end))
        rubies = Array(shaped.rubies(startingIn: start..<end))
        baseExtents = .init(repeating: (.infinity, -.infinity), count: rubies.count)
        for emphasis in shaped.emphases(reaching: start..<end)
            where emphasis.marksCharacter(from: Int(box.start), to: Int(box.end)) {
            let first = emphasis.starts.partitioningIndex { $0 >= box.start }
            let last = emphasis.starts.partitioningIndex { $0 >= box.end }
            emphases.append((emphasis, first, .init(repeating: (.infinity, -.infinity), count: last - first)))
        }
    }

    /// Widens the extents of the rubies and emphasis marks glyph `g` (its pen at page `x`) belongs to.
    mutating func record(glyph g: Int, x: Float, size: Float, extra: Float, piece: VisualPiece, shaped: ShapedParagraph) {
        if !rubies.isEmpty {
            let cluster = Int(shaped.clusters[g])
            for (index, ruby) in rubies.enumerated() where ruby.base.contains(cluster) {
                baseExtents[index].min = min(baseExtents[index].min, x)
                baseExtents[index].max = max(baseExtents[index].max, x + shaped.advances[g] * size)
            }
        }
        if !emphases.isEmpty && shaped.glyphIDs[g] != ShapedParagraph.invisibleGlyph {
            recordEmphasis(glyph: g, x: x, width: shaped.advances[g] * size + extra, piece: piece, shaped: shaped)
        }
    }

    private mutating func recordEmphasis(glyph g: Int, x: Float, width: Float, piece: VisualPiece, shaped: ShapedParagraph) {
        let cluster = Int32(shaped.clusters[g])
        for index in emphases.indices {
            guard let character = emphases[index].emphasis.character(at: cluster) else { continue }
            // A ligature drawing several marked characters: its advance divided equally among them (as carets
            // divide it), in the run's direction.
            let starts = emphases[index].emphasis.starts
            var clusterEnd = Int(cluster) + 1
            while clusterEnd < shaped.contentLength && shaped.clusterStarts[clusterEnd] == 0 { clusterEnd += 1 }
            var last = character
            while last + 1 < starts.count && Int(starts[last + 1]) < clusterEnd { last += 1 }
            let share = width / Float(last - character + 1)
            for shared in character...last {
                let slot = shared - emphases[index].first
                guard slot >= 0 && slot < emphases[index].extents.count else { continue }
                let order = Float(piece.isRightToLeft ? last - shared : shared - character)
                let left = x + order * share
                emphases[index].extents[slot].min = min(emphases[index].extents[slot].min, left)
                emphases[index].extents[slot].max = max(emphases[index].extents[slot].max, left + share)
            }
        }
    }
}
