/// The setting pass of line layout: where each broken line's text stands in its column and how its slack is
/// spent. What hangs into the margins (protrusion, and burasage's stop or comma past the end), the line's
/// alignment, and for a justified line its spaces' stretch or shrink, its glyphs' expansion and, as the last
/// resort of a line with one or two spaces, its tracking; a justified line without spaces (Chinese, Japanese)
/// spreads its slack between its characters. Made once per paragraph; a line of a paragraph that is neither
/// justified nor hanging anything is only aligned.
struct LineSetter {
    /// A broken line: its index, content range, where its visible text ends and its natural width (points).
    struct Line {
        var index: Int
        var start: Int
        var end: Int
        var visibleEnd: Int
        var width: Float
        var lineBreak: LineBreak
        var isLast: Bool
    }

    /// Where a line stands and what justification and microtypography did to it.
    struct Setting {
        var x: Float = 0
        var spaceStretch: Float = 0
        var clusterStretch: Float = 0
        var stretchCount = 0
        var gapCount = 0
        /// Whether ``clusterStretch`` goes to the gaps beside wide characters of a line with spaces (a mixed line of
        /// Japanese and English), not to every character as tracking does (see ``LineBox/stretchesWideGaps``).
        var widensGapsBesideSpaces = false
        /// The line's microtypography (its glyphs' scale, the width it added, what hangs), when the paragraph
        /// may have any.
        var microtypography: LineMicrotypography?
    }

    /// The break pass's input and the paragraph's format, borrowed for the paragraph (copies retained their
    /// references per paragraph).
    let input: UnsafePointer<LineBreakInput>
    let format: UnsafePointer<ParagraphFormat>
    /// The paragraph's width, indents and floats beside it (``LineIndents``; not its ``ParagraphLayout``, whose copy
    /// retained its lines).
    let indents: LineIndents
    /// How far glyphs may expand (a fraction; 0 off: see ``ParagraphLayouter/expansionLimit(_:)``).
    let expansion: Float
    /// Whether the optimal breaker chose the lines (it models expansion; it never hangs a stop).
    let brokenOptimally: Bool
    let rightToLeft: Bool
    /// The start of the paragraph's box in its column (a table cell's x), in points.
    let cellX: Float
    /// The format's indent on the lines' start side (the end indent of a right-to-left paragraph), read once: read
    /// from the format at each line, it was loaded again after every line the layouter wrote.
    let startSideIndent: Float
    /// Whether the paragraph is justified and has a wide character (Chinese, Japanese), whose gaps may then take
    /// a share of a line's slack: asked once per paragraph, so that a Latin paragraph's lines are not read for them.
    let justifiesWideGaps: Bool

    init(input: UnsafePointer<LineBreakInput>, format: UnsafePointer<ParagraphFormat>, indents: LineIndents, expansion: Float,
         brokenOptimally: Bool, rightToLeft: Bool, cellX: Float) {
        self.input = input; self.format = format; self.indents = indents; self.expansion = expansion
        self.brokenOptimally = brokenOptimally; self.rightToLeft = rightToLeft; self.cellX = cellX
        startSideIndent = rightToLeft ? format.pointee.endIndent : format.pointee.blockIndent
        let justifies = format.pointee.alignment == .justified || format.pointee.lastLineAlignment == .justified
        justifiesWideGaps = justifies && CharacterClass.containsWideUnspaced(input.pointee.content)
    }

    /// Whether the paragraph's lines are only aligned: none is justified, nothing hangs, no glyph expands, no float
    /// is beside it (most paragraphs of a book set ragged): ``set(_:)`` then only places each line.
    var onlyAligns: Bool {
        input.pointee.protrusion == nil && !input.pointee.hangsStops && expansion == 0
            && format.pointee.alignment != .justified && format.pointee.lastLineAlignment != .justified
            && indents.exclusion.lines == 0
    }

    /// Where line `index`, `width` points wide, of a paragraph that is only aligned (``onlyAligns``) stands: its
    /// setting's x, all that ``set(_:onlyAligns:)`` gives such a line. `endsBlock`: it is the paragraph's last line
    /// or ends at a hard break. Small enough to be inlined into the layouter's loop over lines (as `set` is not).
    @inline(__always)
    func alignedX(ofLine index: Int, width: Float, endsBlock: Bool) -> Float {
        alignedX(ofLine: index, width: width, alignment: alignment(endsBlock: endsBlock))
    }

    /// The alignment of a line that ends the paragraph or a hard break (`endsBlock`: its last line's), or of any other.
    @inline(__always)
    func alignment(endsBlock: Bool) -> TextAlignment {
        endsBlock ? format.pointee.lastLineAlignment ?? format.pointee.alignment : format.pointee.alignment
    }

    /// ``alignedX(ofLine:width:endsBlock:)`` with the line's ``alignment(endsBlock:)`` given: a caller that sets many
    /// lines asks for the paragraph's two alignments once.
    @inline(__always)
    func alignedX(ofLine index: Int, width: Float, alignment: TextAlignment) -> Float {
        // No float beside it (see onlyAligns): its indent is all that narrows it.
        let indent = indents.indent(ofLine: index)
        let slack = max(0, indents.available - indent - width)
        return x(alignment, slack: slack, indent: indent)
    }

    /// Sets `line`; `onlyAligns` is ``onlyAligns``, asked once for the paragraph.
    @inline(__always)
    func set(_ line: Line, onlyAligns: Bool) -> Setting {
        guard !onlyAligns else {
            return Setting(x: alignedX(ofLine: line.index, width: line.width, endsBlock: line.isLast || line.lineBreak.hard))
        }
        let (startHang, endHang) = hangs(line)
        let available = indents.availableWidth(ofLine: line.index) + startHang + endHang
        var setting = Setting()
        let endsBlock = line.isLast || line.lineBreak.hard
        var alignment = endsBlock ? format.pointee.lastLineAlignment ?? format.pointee.alignment : format.pointee.alignment
        var glyphScale: Float = 1, expansionWidth: Float = 0
        if alignment == .justified {
            // The last line and a line ending at a hard break keep their natural spacing, unless the book
            // justifies them too (text-align-last).
            let justifies = (!endsBlock || format.pointee.lastLineAlignment == .justified) && line.width != available
            if !justifies || !justify(line, available: available, into: &setting, glyphScale: &glyphScale,
                                      expansionWidth: &expansionWidth) {
                alignment = .start
            }
        }
        // As LineBox.justifiedWidth(_:) has it: a tracked line's letter-spacing is in expansionWidth.
        let stretched = setting.spaceStretch * Float(setting.stretchCount) + expansionWidth
            + (LineBox.stretchesWideGaps(stretchCount: setting.stretchCount, besideSpaces: setting.widensGapsBesideSpaces)
               ? setting.clusterStretch * Float(setting.gapCount) : 0)
        setting.x = x(alignment, slack: max(0, available - line.width - stretched), indent: indents.indent(ofLine: line.index))
            + indents.exclusion.narrowing(ofLine: line.index).shift
            - (rightToLeft ? endHang : startHang)
        if expansion > 0 || input.pointee.protrusion != nil {
            setting.microtypography = LineMicrotypography(glyphScale: glyphScale, expansionWidth: expansionWidth,
                                                          protrusion: startHang + endHang)
        }
        return setting
    }

    /// What of `line` hangs into the start and end margins, in points: the text may fill that much more, and
    /// starts that much before its start edge.
    @inline(__always)
    private func hangs(_ line: Line) -> (start: Float, end: Float) {
        guard line.visibleEnd > line.start, input.pointee.protrusion != nil || input.pointee.hangsStops else { return (0, 0) }
        var startHang: Float = 0, endHang: Float = 0
        if let protrusion = input.pointee.protrusion {
            startHang = Float(protrusion.startProtrusion(content: input.pointee.content, metrics: input.pointee.metrics, start: line.start,
                                                         end: line.visibleEnd))
            endHang = Float(protrusion.endProtrusion(content: input.pointee.content, metrics: input.pointee.metrics, start: line.start,
                                                     end: line.visibleEnd, hyphenated: line.lineBreak.hyphenated,
                                                     hyphenWidth: line.lineBreak.hyphenated ? input.pointee.hyphenWidth(line.end) : 0))
        }
        if input.pointee.hangsStops && !brokenOptimally && !line.lineBreak.hyphenated {
            // A stop or comma hangs whole, and only when the line does not fit without hanging it (CSS
            // allow-end): the line's other characters then fill the column.
            let mark = Float(HangingPunctuation.endHang(content: input.pointee.content, metrics: input.pointee.metrics, start: line.start,
                                                        end: line.visibleEnd))
            let available = indents.availableWidth(ofLine: line.index) + startHang + endHang
            if mark > 0 && Double(line.width) > Double(available) + input.pointee.metrics.fitTolerance { endHang = max(endHang, mark) }
        }
        return (startHang, endHang)
    }

    /// The x of a line's text with `slack` points to spare under `alignment`, from the column's left edge (the
    /// floats on its left are the caller's).
    @inline(__always)
    private func x(_ alignment: TextAlignment, slack: Float, indent: Float) -> Float {
        let x: Float = switch alignment {
        case .start, .justified: rightToLeft ? slack : indent
        case .end: rightToLeft ? indent : slack
        case .center: (rightToLeft ? 0 : indent) + slack / 2
        }
        return x + startSideIndent + cellX
    }

    /// Justifies `line` to `available` points: its spaces stretch (or shrink, as the optimal breaker chose), its
    /// glyphs expand, a loose line of one or two spaces is tracked; a line without spaces spreads its slack beside
    /// its wide characters, and a line with both shares it between its spaces and those gaps as the optimal
    /// breaker's model does (``OptimalLineBreaker/wideGapStretch``). False when the line has nothing to stretch (it
    /// is then set at the start).
    private func justify(_ line: Line, available: Float, into setting: inout Setting, glyphScale: inout Float,
                         expansionWidth: inout Float) -> Bool {
        let spaces = input.pointee.shaped.justifiableCount(from: line.start, to: line.visibleEnd, content: input.pointee.content)
        guard spaces > 0 else { return justifyBetweenCharacters(line, available: available, into: &setting) }
        let gaps = wideGapCount(line)
        if brokenOptimally && expansion > 0 {
            expand(line, available: available, spaces: spaces, gapStretch: gapStretch(gaps), into: &setting,
                   glyphScale: &glyphScale, expansionWidth: &expansionWidth)
        }
        // Inter-word spacing: stretched, or shrunk when the optimal breaker chose a tight line. Spaces shrink in
        // proportion to their widths (LineBox.spaceShrink), at most to nothing: a line that is still too wide (one
        // the greedy breaker could not cut) sticks out of its column rather than draw a space with a negative advance.
        var adjustment = available - line.width - expansionWidth
        if adjustment < 0 {
            adjustment = max(adjustment, -input.pointee.shaped.justifiableWidth(from: line.start, to: line.visibleEnd, content: input.pointee.content,
                                                                  sizes: format.pointee.sizes))
        } else if gaps > 0 {
            // The gaps beside wide characters take their share of the slack; they never shrink.
            let spaceStretch = input.pointee.shaped.justifiableWidth(from: line.start, to: line.visibleEnd, content: input.pointee.content,
                                                                     sizes: format.pointee.sizes) * OptimalLineBreaker.stretchFactor
            let toGaps = adjustment * gapStretch(gaps) / (spaceStretch + gapStretch(gaps))
            setting.clusterStretch = toGaps / Float(gaps)
            setting.gapCount = gaps
            setting.widensGapsBesideSpaces = true
            adjustment -= toGaps
        }
        setting.spaceStretch = adjustment / Float(spaces)
        setting.stretchCount = spaces
        return true
    }

    /// Font expansion of a justified line with spaces (``glyphExpansion(width:hyphen:available:spaceWidth:limit:)``),
    /// and the last resort of a line with one or two spaces that would still stretch them by more than half:
    /// letter-spacing, of at most the expansion limit in ems per gap (Latin, Greek and Cyrillic only: it would
    /// break the joins of connected scripts and the grid of CJK text).
    private func expand(_ line: Line, available: Float, spaces: Int, gapStretch: Float, into setting: inout Setting,
                        glyphScale: inout Float, expansionWidth: inout Float) {
        let spaceWidth = input.pointee.shaped.justifiableWidth(from: line.start, to: line.visibleEnd, content: input.pointee.content, sizes: format.pointee.sizes)
        (glyphScale, expansionWidth) = Self.glyphExpansion(
            width: line.width, hyphen: line.lineBreak.hyphenated ? input.pointee.hyphenWidth(line.end) : 0, available: available,
            spaceWidth: spaceWidth, limit: expansion, gapStretch: gapStretch)
        let excess = available - line.width - expansionWidth - spaceWidth * OptimalLineBreaker.stretchFactor
        guard spaces <= Self.trackedLineSpaces, excess > 0,
              Self.allowsTracking(input.pointee.content, from: line.start, to: line.visibleEnd) else { return }
        let gaps = input.pointee.shaped.interCharacterGapCount(from: line.start, to: line.visibleEnd, content: input.pointee.content)
        guard gaps > 0 else { return }
        setting.clusterStretch = min(excess / Float(gaps), expansion * format.pointee.sizes[0])
        setting.gapCount = gaps
        expansionWidth += setting.clusterStretch * Float(gaps)
    }

    /// A justified line without spaces (Chinese, Japanese): the slack goes between its characters, when it has
    /// slack and gaps; only beside wide characters, so that a Latin word or a number in the line keeps its letters'
    /// spacing (``ShapedParagraph/endsWideGap(_:lineEnd:content:)``). Both breakers count on it: the optimal
    /// breaker's model stretches these gaps (``OptimalLineBreaker/wideGapStretch``), and the greedy breaker fills
    /// the line as far as its next break allows.
    private func justifyBetweenCharacters(_ line: Line, available: Float, into setting: inout Setting) -> Bool {
        guard line.width < available, line.visibleEnd > line.start else { return false }
        let gaps = wideGapCount(line)
        guard gaps > 0 else { return false }
        setting.clusterStretch = (available - line.width) / Float(gaps)
        setting.gapCount = gaps
        return true
    }

    /// The number of gaps beside wide characters in `line` (``ShapedParagraph/wideGapCount(from:to:content:)``):
    /// 0 without reading its glyphs when it has no wide character, as most lines of a book have none.
    private func wideGapCount(_ line: Line) -> Int {
        guard justifiesWideGaps else { return 0 }
        let content = input.pointee.content
        let units = content[(content.startIndex + line.start)..<(content.startIndex + max(line.start, line.visibleEnd))]
        guard CharacterClass.containsWideUnspaced(units) else { return 0 }
        return input.pointee.shaped.wideGapCount(from: line.start, to: line.visibleEnd, content: content)
    }

    /// What `gaps` gaps beside wide characters add to a line's stretch at an adjustment ratio of 1, in points.
    private func gapStretch(_ gaps: Int) -> Float {
        Float(gaps) * OptimalLineBreaker.wideGapStretch * (input.pointee.sizes.first ?? 0)
    }

    /// Steps each way between no expansion and the limit: a line's glyphs are scaled by a multiple of a quarter
    /// of the limit (pdfTeX's `step`), so that a page holds few distinct widths of a glyph and neighbouring
    /// lines that differ a little in slack look the same.
    static let expansionSteps: Float = 4

    /// The horizontal scale of the glyphs of a justified line with spaces, and the width it adds (negative when
    /// they narrow), given the line's natural `width` (a drawn hyphen of `hyphen` points included, which keeps its
    /// width), the `available` width, the line's justifiable `spaceWidth` and the expansion `limit` (a fraction):
    /// the glyphs take the share of the slack the optimal breaker's model gives them, rounded to a step; the spaces
    /// take the rest.
    static func glyphExpansion(width: Float, hyphen: Float, available: Float, spaceWidth: Float,
                               limit: Float, gapStretch: Float = 0) -> (scale: Float, width: Float) {
        let glyphs = width - hyphen - spaceWidth
        guard limit > 0, glyphs > 0, spaceWidth > 0 else { return (1, 0) }
        let ratio = OptimalLineBreaker.adjustmentRatio(natural: Double(width), spaceWidth: Double(spaceWidth),
                                                       available: Double(available), tolerance: 0,
                                                       glyphWidth: Double(glyphs), expansion: limit, gapStretch: gapStretch)
        guard ratio.isFinite else { return (1, 0) }
        let step = limit / expansionSteps
        let fraction = (min(1, max(-1, ratio)) * expansionSteps).rounded() * step
        return (1 + fraction, fraction * glyphs)
    }

    /// Lines with at most this many spaces may be letter-spaced when their spaces would be loose.
    static let trackedLineSpaces = 2

    /// Whether the characters of `content[start..<end]` may be letter-spaced: Latin, Greek, Cyrillic and
    /// Armenian letters, their punctuation and symbols (every unit below U+0590, Latin and Greek extended,
    /// general punctuation, letter-like symbols, Latin presentation forms). Connected scripts (Arabic, Syriac,
    /// Indic and others) would lose their joins, and CJK text its grid.
    static func allowsTracking(_ content: ArraySlice<UInt16>, from start: Int, to end: Int) -> Bool {
        for i in start..<end {
            let unit = content[content.startIndex + i]
            switch unit {
            case 0..<0x0590, 0x1D00..<0x2150, 0xFB00...0xFB06: continue
            default: return false
            }
        }
        return true
    }
}
