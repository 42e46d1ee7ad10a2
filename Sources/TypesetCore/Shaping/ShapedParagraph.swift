internal import CMemory

/// The width-independent result of shaping one paragraph: glyphs, their clusters and advances, the runs they
/// belong to, and the paragraph's line-break opportunities.
///
/// Advances are in ems of the run's font (multiply by the run's size in points), so one shaped paragraph serves
/// every font size, width and page size; only a change of font family or of the text needs a new one.
/// Glyphs are stored in logical order: for a right-to-left run, HarfBuzz's visual output is reversed, so that
/// breaking can walk every run in the same direction; drawing an RTL run walks its glyphs backwards.
package struct ShapedParagraph: Sendable {
    /// Immutable once made (ManagedBuffer subclasses cannot conform to Sendable themselves).
    nonisolated(unsafe) private let storage: ShapedStorage

    init(_ storage: ShapedStorage) { self.storage = storage }

    /// A shaped paragraph of `contentLength` units: `runs`, the glyphs in `glyphs`, the break opportunities and
    /// their adjustments, and the prefix sums computed here at `emSizes` (1 per attribute run: in ems).
    init(contentLength: Int, paragraphLevel: UInt8, primaryFaceID: Int32, runs: [ShapedRun], glyphs: GlyphSink,
         breaks: [UInt32], emSizes: [Float], caretSpans: [CaretSpan], breakAdjustments: [BreakAdjustment] = [],
         rubies: [ShapedRuby] = [], emphases: [ShapedEmphasis] = [], formulas: [ShapedFormula] = []) {
        let glyphCount = glyphs.count
        // Break opportunities are at most one per unit and a paragraph at most StyledText.maximumParagraphLength
        // units, so the counts fit the header's 32 bits.
        let header = ShapedStorage.Header(contentLength: contentLength, glyphCount: glyphCount,
                                          breakCount: Int32(truncatingIfNeeded: breaks.count),
                                          runCount: Int32(truncatingIfNeeded: runs.count), primaryFaceID: primaryFaceID,
                                          caretSpanCount: Int32(truncatingIfNeeded: caretSpans.count),
                                          breakAdjustmentCount: Int32(truncatingIfNeeded: breakAdjustments.count),
                                          paragraphLevel: paragraphLevel, hasOffsets: glyphs.hasOffsets,
                                          hasMonotoneWidthsAndPlainBreaks: false,
                                          annotations: rubies.isEmpty && emphases.isEmpty && formulas.isEmpty ? nil
                                              : Unmanaged.passRetained(ShapedStorage.Annotations(rubies: rubies, emphases: emphases,
                                                                                                 formulas: formulas)))
        var plainBreaks = false
        storage = ShapedStorage.make(header: header) { block in
            glyphs.copy(ids: block.glyphIDs, clusters: block.clusters, advances: block.advances,
                        offsets: block.header.hasOffsets ? block.offsets : nil)
            _ = block.runs.initialize(fromContentsOf: runs)
            _ = block.breaks.initialize(fromContentsOf: breaks)
            _ = block.caretSpans.initialize(fromContentsOf: caretSpans)
            _ = block.breakAdjustments.initialize(fromContentsOf: breakAdjustments)
            ParagraphMetrics.computePrefix(runs: UnsafeBufferPointer(block.runs), clusters: UnsafeBufferPointer(block.clusters),
                                           advances: UnsafeBufferPointer(block.advances), count: contentLength, sizes: emSizes,
                                           caretSpans: caretSpans, prefix: block.emPrefix, base: block.emBase,
                                           clusterStarts: block.clusterStarts)
            // Read where they were just written (one pass over the opportunities, not one per question).
            plainBreaks = breakAdjustments.isEmpty
                && Self.breaksArePlain(UnsafeBufferPointer(block.breaks), clusterStarts: UnsafeBufferPointer(block.clusterStarts))
        }
        // Negative and NaN advances make widths non-monotone (`>= 0` is false for NaN).
        if plainBreaks && advances.withUnsafeBufferPointer({ $0.allSatisfy { $0 >= 0 } }) {
            storage.header.hasMonotoneWidthsAndPlainBreaks = true
        }
    }

    /// A paragraph without content (only its hard break, or nothing): no glyphs, one mandatory break at 0. Such
    /// paragraphs differ only in level and face, so a ``ShapingContext`` shares one per pair.
    static func empty(paragraphLevel: UInt8, primaryFaceID: Int32) -> ShapedParagraph {
        let header = ShapedStorage.Header(contentLength: 0, glyphCount: 0, breakCount: 1, runCount: 0, primaryFaceID: primaryFaceID,
                                          caretSpanCount: 0, breakAdjustmentCount: 0, paragraphLevel: paragraphLevel,
                                          hasOffsets: false, hasMonotoneWidthsAndPlainBreaks: true)
        return ShapedParagraph(ShapedStorage.make(header: header) { block in
            block.breaks[0] = BreakCandidate.encode(offset: 0, mandatory: true)
            block.emPrefix[0] = 0
            block.emBase[0] = 0
            block.clusterStarts[0] = 1
        })
    }

    /// Asks the processor to bring in what a relayout reads first (the prefix sums, cluster starts and break
    /// opportunities, which lie together in the paragraph's block), ahead of laying the paragraph out.
    @inline(__always)
    func prefetchForLayout() { storage.prefetchForLayout() }

    /// The break opportunities (see ``breaks``) as a buffer pointer, valid while this shaped paragraph (or a copy
    /// of it) lives: for a caller that holds one for the whole use, such as the layouter's borrowed paragraph.
    @inline(__always)
    var breakBuffer: UnsafeBufferPointer<UInt32> { storage.breakBuffer }

    /// The em prefix sums and cluster starts (see ``emPrefix``), `contentLength + 1` each, the blocks' starts
    /// (``emBase``), and the object that keeps them alive: one retain for all, as a relayout reads them for every
    /// paragraph.
    @inline(__always)
    var prefixSums: (owner: AnyObject, prefix: UnsafeBufferPointer<Float>, base: UnsafeBufferPointer<Double>,
                     clusterStarts: UnsafeBufferPointer<UInt8>) {
        storage.prefixSums
    }

    /// Whether `metrics` read this paragraph's own prefix sums (see ``ParagraphMetrics/readOwnPrefixSums(_:of:)``),
    /// compared by address: no retain.
    @inline(__always)
    func holdsPrefixSums(_ prefix: UnsafeBufferPointer<Float>, base: UnsafeBufferPointer<Double>,
                         clusterStarts: UnsafeBufferPointer<UInt8>) -> Bool {
        storage.holdsPrefixSums(prefix, base: base, clusterStarts: clusterStarts)
    }

    /// ``holdsPrefixSums(_:base:clusterStarts:)`` for the shaped paragraph at `pointer`, its storage borrowed (see
    /// ``withStorage(at:_:)``).
    @inline(__always)
    static func holdsPrefixSums(at pointer: UnsafePointer<ShapedParagraph>, _ prefix: UnsafeBufferPointer<Float>,
                                base: UnsafeBufferPointer<Double>, clusterStarts: UnsafeBufferPointer<UInt8>) -> Bool {
        withStorage(at: pointer) { $0.holdsPrefixSums(prefix, base: base, clusterStarts: clusterStarts) }
    }

    /// ``breakBuffer`` of the shaped paragraph at `pointer`, its storage borrowed (see ``withStorage(at:_:)``).
    @inline(__always)
    static func breakBuffer(at pointer: UnsafePointer<ShapedParagraph>) -> UnsafeBufferPointer<UInt32> {
        withStorage(at: pointer) { $0.breakBuffer }
    }

    /// `body` over the storage of the shaped paragraph at `pointer`, reached as in ``prefetchStorage(at:)`` and
    /// borrowed, not retained: the caller keeps the paragraph alive (read through the pointee, the storage was
    /// retained and released around each use, per paragraph of every relayout).
    @inline(__always)
    private static func withStorage<Result>(at pointer: UnsafePointer<ShapedParagraph>, _ body: (ShapedStorage) -> Result) -> Result {
        Unmanaged<ShapedStorage>.fromOpaque(UnsafeRawPointer(pointer).load(as: UnsafeRawPointer.self))._withUnsafeGuaranteedRef(body)
    }

    /// The number of runs.
    var runCount: Int { Int(storage.counts.runCount) }

    /// Asks the processor to bring in the storage object of the shaped paragraph at `pointer`, without touching
    /// it: the struct's only stored property is the reference, read here as a plain address (no retain, which
    /// would wait for the very miss the hint is meant to avoid).
    static func prefetchStorage(at pointer: UnsafePointer<ShapedParagraph>) {
        typeset_prefetch(UnsafeRawPointer(pointer).load(as: UnsafeRawPointer.self))
    }

    /// ``prefetchForLayout()`` for the shaped paragraph at `pointer`, its storage reached as in
    /// ``prefetchStorage(at:)`` and borrowed, not retained: read from an array, the paragraph was copied (a retain and
    /// a release per paragraph of every relayout).
    @inline(__always)
    static func prefetchForLayout(at pointer: UnsafePointer<ShapedParagraph>) {
        withStorage(at: pointer) { $0.prefetchForLayout() }
    }

    /// UTF-16 length of the paragraph's content.
    package var contentLength: Int { storage.counts.contentLength }
    /// The resolved paragraph embedding level (0 = left to right, 1 = right to left).
    package var paragraphLevel: UInt8 { storage.counts.paragraphLevel }
    /// ``FontFace/id`` of the primary face of the paragraph's first style: the metrics of an empty line.
    var primaryFaceID: Int32 { storage.counts.primaryFaceID }
    /// Runs in logical order, covering the content.
    var runs: ShapedArray<ShapedRun> { storage.runs }
    /// Glyph ids (``ShapedParagraph/invisibleGlyph`` for line terminators, which are not drawn).
    var glyphIDs: ShapedArray<UInt16> { storage.glyphIDs }
    /// Content-relative offset of each glyph's cluster.
    var clusters: ShapedArray<UInt32> { storage.clusters }
    /// Advance of each glyph, in ems.
    var advances: ShapedArray<Float> { storage.advances }
    /// Offsets (x, y, in ems, y up) of each glyph; empty when every offset is zero.
    var offsets: ShapedArray<SIMD2<Float>> { storage.offsets }
    /// Line-break opportunities (UAX #14) as content offsets, ascending, encoded as ``BreakCandidate`` (a break
    /// after a soft hyphen is flagged as hyphenated). The content end is always the last entry.
    var breaks: ShapedArray<UInt32> { storage.breaks }
    /// Advance of units `0..<i` in ems for each cluster start `i` (units inside a cluster repeat its start),
    /// relative to the start of its block of units, for a paragraph set in one size: line breaking multiplies by
    /// the size (see ``ParagraphMetrics``).
    var emPrefix: ShapedArray<Float> { storage.emPrefix }
    /// Each block's start, in ems (see ``ParagraphMetrics``).
    var emBase: ShapedArray<Double> { storage.emBase }
    /// The paragraph's whole advance, in ems (at its sizes relative to the body size: 1 em per em).
    var totalEmAdvance: Double {
        let prefix = emPrefix, base = emBase
        guard let last = prefix.last, let block = base.last else { return 0 }
        return block + Double(last)
    }
    /// 1 where a unit starts a shaping cluster (and at the end); 0 where a caret cannot stop (inside hidden
    /// units and replaced runs, see ``CaretSpan``), so that no line starts there.
    var clusterStarts: ShapedArray<UInt8> { storage.clusterStarts }
    /// The stretches without caret stops (hidden units, replaced runs), content-relative; nearly always none, and
    /// then no array is made.
    var caretSpans: [CaretSpan] { storage.counts.caretSpanCount == 0 ? [] : Array(storage.caretSpans) }
    /// Whether the paragraph has any ``caretSpans``.
    var hasCaretSpans: Bool { storage.counts.caretSpanCount != 0 }
    /// The width changes of lines ending or starting at opportunities where breaking is unsafe, by ascending offset
    /// (almost always none).
    var breakAdjustments: ShapedArray<BreakAdjustment> { storage.breakAdjustments }
    /// Whether the paragraph has any ``breakAdjustments``.
    var hasBreakAdjustments: Bool { storage.counts.breakAdjustmentCount != 0 }
    /// The ruby annotations, shaped, by ascending base (drawn over their bases; see ``ShapedRuby``); nearly
    /// always none.
    var rubies: [ShapedRuby] { storage.counts.annotations?.takeUnretainedValue().rubies ?? [] }
    /// The emphasis marks, shaped, by attribute run (drawn beside their characters; see ``ShapedEmphasis``);
    /// nearly always none.
    var emphases: [ShapedEmphasis] { storage.counts.annotations?.takeUnretainedValue().emphases ?? [] }
    /// The formulas, laid out, by attribute run; nearly always none.
    var formulas: [ShapedFormula] { storage.counts.annotations?.takeUnretainedValue().formulas ?? [] }
    /// The rubies whose bases start in `range` (a search: a line asks for its own).
    func rubies(startingIn range: Range<Int>) -> ArraySlice<ShapedRuby> {
        let rubies = self.rubies
        let first = rubies.partitioningIndex { $0.base.lowerBound >= range.lowerBound }
        return rubies[first..<rubies[first...].partitioningIndex { $0.base.lowerBound >= range.upperBound }]
    }
    /// The emphasis runs that may mark a character starting in `range`: those whose characters reach into it (the
    /// runs ascend, and so do their characters), found by a search; ``ShapedEmphasis/marksCharacter(from:to:)``
    /// tells which do.
    func emphases(reaching range: Range<Int>) -> ArraySlice<ShapedEmphasis> {
        let emphases = self.emphases
        let first = emphases.partitioningIndex { Int($0.starts.last ?? 0) >= range.lowerBound }
        return emphases[first..<emphases[first...].partitioningIndex { Int($0.starts.first ?? 0) >= range.upperBound }]
    }
    /// Whether anything is drawn beside the text (ruby, emphasis marks), for which lines may grow.
    var hasAnnotations: Bool { storage.counts.annotations != nil }
    /// Whether no advance is negative (so the width of a stretch from a fixed start grows with its end), no
    /// break opportunity but the last is mandatory or hyphenated or inside a cluster, and no opportunity has a
    /// ``BreakAdjustment``: then which opportunities fit on a line is a prefix of them, and the greedy breaker may
    /// search for the last one instead of walking to it, and end a line at any of them without reading the cluster
    /// starts (width-independent: found once, at shaping, not at each line of every relayout).
    var hasMonotoneWidthsAndPlainBreaks: Bool { storage.counts.hasMonotoneWidthsAndPlainBreaks }

    /// Whether every opportunity of `breaks` but the last (the content's end) is plain: neither mandatory nor
    /// hyphenated, and at a cluster start, where a line may end (a cluster is never split between lines).
    static func breaksArePlain(_ breaks: UnsafeBufferPointer<UInt32>, clusterStarts: UnsafeBufferPointer<UInt8>) -> Bool {
        for candidate in breaks.dropLast() {
            let offset = BreakCandidate.offset(candidate)
            guard !BreakCandidate.isMandatory(candidate) && !BreakCandidate.isHyphenated(candidate),
                  offset < clusterStarts.count && clusterStarts[offset] != 0 else { return false }
        }
        return true
    }

    /// ``hasMonotoneWidthsAndPlainBreaks`` of the shaped paragraph at `pointer`, its storage borrowed (see
    /// ``withStorage(at:_:)``): read through the pointee, the storage was retained and released per paragraph.
    @inline(__always)
    static func hasMonotoneWidthsAndPlainBreaks(at pointer: UnsafePointer<ShapedParagraph>) -> Bool {
        withStorage(at: pointer) { $0.counts.hasMonotoneWidthsAndPlainBreaks }
    }

    /// The glyph id used for characters that are never drawn (line terminators inside a paragraph).
    package static let invisibleGlyph: UInt16 = 0xFFFF

    /// The base direction of the paragraph.
    package var baseDirection: WritingDirection { paragraphLevel & 1 == 1 ? .rightToLeft : .leftToRight }

    /// Number of glyphs.
    package var glyphCount: Int { storage.counts.glyphCount }

    /// Line-break opportunities as (content offset, mandatory) pairs.
    package var breakOpportunities: [(offset: Int, mandatory: Bool)] {
        breaks.map { (BreakCandidate.offset($0), BreakCandidate.isMandatory($0)) }
    }

    /// Whether glyph `g` is an inter-word space that justification may stretch: a visible space (U+0020, or a
    /// tab or soft line end read as one) with an advance. `content` is the paragraph's content units.
    @inline(__always)
    func isJustifiable(_ g: Int, content: ArraySlice<UInt16>) -> Bool {
        Self.isJustifiable(advance: advances[g], cluster: Int(clusters[g]), content: content)
    }

    /// The same test from a glyph's advance and cluster (for callers that hold the arrays themselves).
    @inline(__always)
    static func isJustifiable(advance: Float, cluster: Int, content: ArraySlice<UInt16>) -> Bool {
        advance > 0 && CharacterClass.isJustifiableSpace(content[content.startIndex + cluster])
    }

    /// The index range of the glyphs whose clusters lie in `start..<end` (glyphs are in logical order).
    func glyphRange(from start: Int, to end: Int) -> Range<Int> {
        func firstGlyph(atOrAfter offset: Int) -> Int { clusters.partitioningIndex { Int($0) >= offset } }
        return firstGlyph(atOrAfter: start)..<firstGlyph(atOrAfter: end)
    }

    /// The number of justifiable spaces among the glyphs of `start..<end`.
    func justifiableCount(from start: Int, to end: Int, content: ArraySlice<UInt16>) -> Int {
        var count = 0
        for g in glyphRange(from: start, to: end) where isJustifiable(g, content: content) { count += 1 }
        return count
    }

    /// The width in points of the justifiable spaces among the glyphs of `start..<end`, each at the size of its
    /// attribute run (`sizes`, as ``ParagraphFormat/sizes``): what a line's spaces can give up when it shrinks.
    func justifiableWidth(from start: Int, to end: Int, content: ArraySlice<UInt16>, sizes: [Float]) -> Float {
        let glyphs = glyphRange(from: start, to: end)
        guard !glyphs.isEmpty else { return 0 }
        // The first run holding a glyph of the range (runs hold consecutive glyphs in logical order).
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if Int(runs[mid].glyphEnd) <= glyphs.lowerBound { low = mid + 1 } else { high = mid }
        }
        var width: Float = 0
        var r = low
        while r < runs.count, Int(runs[r].glyphStart) < glyphs.upperBound {
            let size = sizes[Int(runs[r].attributeIndex)]
            for g in max(glyphs.lowerBound, Int(runs[r].glyphStart))..<min(glyphs.upperBound, Int(runs[r].glyphEnd))
            where isJustifiable(g, content: content) {
                width += advances[g] * size
            }
            r += 1
        }
        return width
    }

    /// Whether glyph `g` ends a character after which a tracked line may take extra room: the last glyph of its
    /// cluster, followed by another visible cluster before `lineEnd`, neither of them a space.
    @inline(__always)
    func endsInterCharacterGap(_ g: Int, lineEnd: Int, content: ArraySlice<UInt16>) -> Bool {
        guard let (this, next, _) = gapNeighbours(g, lineEnd: lineEnd, content: content) else { return false }
        return !CharacterClass.isHangingSpace(next) && !CharacterClass.isHangingSpace(this)
    }

    /// Whether glyph `g` ends a gap that a line justified between its characters (Chinese, Japanese: no spaces)
    /// stretches: an inter-character gap (``endsInterCharacterGap(_:lineEnd:content:)``) beside a wide character.
    /// Letters and digits of a Latin word or number inside such a line keep their spacing, as JLReq 3.8 sets
    /// Western text in Japanese lines and as browsers justify CJK text: letter-spaced, `HTML5` read as `H T M L 5`.
    @inline(__always)
    func endsWideGap(_ g: Int, lineEnd: Int, content: ArraySlice<UInt16>) -> Bool {
        guard let (this, next, _) = gapNeighbours(g, lineEnd: lineEnd, content: content) else { return false }
        return Self.isWideGap(this, next)
    }

    /// Whether the gap between characters starting with units `this` and `next` is one justification between
    /// characters stretches: neither is a space, one is wide.
    @inline(__always)
    private static func isWideGap(_ this: UInt16, _ next: UInt16) -> Bool {
        !CharacterClass.isHangingSpace(next) && !CharacterClass.isHangingSpace(this)
            && (CharacterClass.isWideUnspaced(this) || CharacterClass.isWideUnspaced(next))
    }

    /// The paragraph's gaps beside wide characters (``endsWideGap(_:lineEnd:content:)``), in order, each as the
    /// content offsets of the cluster before it and of the visible one after it, into `gaps` (emptied first): a
    /// line `start..<end` has the gaps whose first offset is at or after `start` and whose second is before `end`.
    /// Empty, at the cost of one scan of the content, for a paragraph without wide characters.
    func wideGaps(content: ArraySlice<UInt16>, into gaps: inout [(before: Int32, after: Int32)]) {
        gaps.removeAll(keepingCapacity: true)
        guard CharacterClass.containsWideUnspaced(content) else { return }
        for g in 0..<clusters.count {
            guard let (this, next, after) = gapNeighbours(g, lineEnd: .max, content: content), Self.isWideGap(this, next) else { continue }
            gaps.append((Int32(clusters[g]), Int32(after)))
        }
    }

    /// The first units of the cluster glyph `g` ends and of the next visible cluster, and that cluster's offset,
    /// when `g` is its cluster's last glyph and that next cluster starts before `lineEnd`. Hidden units (invisible
    /// glyphs) make no gap of their own: the gap after a character is before the next visible one.
    @inline(__always)
    private func gapNeighbours(_ g: Int, lineEnd: Int, content: ArraySlice<UInt16>) -> (UInt16, UInt16, Int)? {
        guard g + 1 < clusters.count, clusters[g + 1] != clusters[g], Int(clusters[g + 1]) < lineEnd else { return nil }
        var n = g + 1
        if hasCaretSpans {
            guard glyphIDs[g] != Self.invisibleGlyph else { return nil }
            while n < clusters.count, glyphIDs[n] == Self.invisibleGlyph, Int(clusters[n]) < lineEnd { n += 1 }
            guard n < clusters.count, Int(clusters[n]) < lineEnd else { return nil }
        }
        let after = Int(clusters[n])
        return (content[content.startIndex + Int(clusters[g])], content[content.startIndex + after], after)
    }

    /// The number of inter-character gaps among the glyphs of `start..<end` (see ``endsInterCharacterGap(_:lineEnd:content:)``).
    func interCharacterGapCount(from start: Int, to end: Int, content: ArraySlice<UInt16>) -> Int {
        var count = 0
        for g in glyphRange(from: start, to: end) where endsInterCharacterGap(g, lineEnd: end, content: content) { count += 1 }
        return count
    }

    /// The number of gaps beside wide characters among the glyphs of `start..<end` (see ``endsWideGap(_:lineEnd:content:)``).
    func wideGapCount(from start: Int, to end: Int, content: ArraySlice<UInt16>) -> Int {
        var count = 0
        for g in glyphRange(from: start, to: end) where endsWideGap(g, lineEnd: end, content: content) { count += 1 }
        return count
    }

    /// The run that holds content offset `offset`.
    func run(containing offset: Int) -> ShapedRun? {
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if Int(runs[mid].end) <= offset { low = mid + 1 } else { high = mid }
        }
        return low < runs.count && Int(runs[low].start) <= offset ? runs[low] : nil
    }

    /// Approximate heap bytes held, for memory accounting (an empty paragraph's block is shared, see
    /// ``ShapingContext/emptyParagraph(level:primaryFaceID:)``, and counted as if it were not).
    package var byteCount: Int { storage.byteCount }
}

/// A maximal stretch of a paragraph shaped with one face, script, direction and style.
struct ShapedRun: Sendable {
    /// Content-relative UTF-16 range.
    var start: Int32
    var end: Int32
    /// Glyph index range in the paragraph's glyph arrays.
    var glyphStart: Int32
    var glyphEnd: Int32
    /// ``FontFace/id`` of the face that shaped the run.
    var faceID: Int32
    /// ``FontFace/id`` of the primary face of the run's font set (its metrics set the line height).
    var metricsFaceID: Int32
    /// Index of the paragraph's ``AttributeRun`` the run belongs to.
    var attributeIndex: Int32
    /// Bidi embedding level (odd = right to left).
    var level: UInt8
    /// Whether the run's units take no place in the line (hidden markup, ruby annotations): no glyphs drawn, no
    /// width, no part in the line's height.
    var isOutOfFlow = false
    /// HarfBuzz script tag (ISO 15924) the run was shaped with.
    var script: UInt32
    /// Whether the run stands upright in vertical text: shaped top to bottom, its advances are vertical advances
    /// and its offsets lead from the pen to the glyph's horizontal origin (HarfBuzz's convention). Other runs of a
    /// vertical line are set sideways.
    var isUpright = false

    var isRightToLeft: Bool { level & 1 == 1 }
    var range: Range<Int> { Int(start)..<Int(end) }
    var glyphRange: Range<Int> { Int(glyphStart)..<Int(glyphEnd) }
}
