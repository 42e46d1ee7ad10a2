/// Horizontal metrics of one shaped paragraph at given font sizes: the x position (points) at which each
/// UTF-16 unit's cluster starts, so that the width of any stretch between cluster boundaries is one
/// subtraction (the prefix-sum model of minikin's line breaker).
///
/// The positions are kept relative to the start of their block of 256 units (``prefix``, `Float`), plus each
/// block's start (``base``, `Double`): a `Float` position measured from the paragraph's start rounds to 2⁻¹⁰ em past
/// 8,192 em (about 16,000 characters into a paragraph), so lines that fit were measured too wide; relative to a
/// block, it stays within a few hundred ems and exact to a fraction of a font unit, at 4 bytes a unit plus a `Double`
/// per block (`Double` positions would take 8 a unit).
struct ParagraphMetrics {
    /// `(base[i >> blockShift] + prefix[i]) * scale` = advance of units `0..<i` for a cluster start `i`; units
    /// inside a cluster repeat the cluster's start. Index `count` is the paragraph's total advance.
    private(set) var prefix = UnsafeBufferPointer<Float>(start: nil, count: 0)
    /// The position of every block's first unit (see the type's comment).
    private(set) var base = UnsafeBufferPointer<Double>(start: nil, count: 0)
    /// 1 where a unit starts a shaping cluster.
    private(set) var clusterStarts = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Points per unit of ``prefix``: the font size when the prefix is the shaped paragraph's own (in ems), 1 when
    /// it was measured in points.
    private(set) var scale: Double = 1
    /// How far over the available width a line may measure and still fit, in points: 0 when widths are made exact
    /// (``exact(_:)``), else 2⁻¹⁴ em of the paragraph's (largest) size, under a tenth of a font unit for fonts of up
    /// to 1,600 units per em: it only absorbs rounding. In a paragraph of several sizes, no more than the rounding of
    /// its positions can be (``roundingBound(_:)``), so that one huge run does not let the small text around it
    /// overshoot the column by 2⁻¹⁴ of the huge size.
    private(set) var fitTolerance: Double = 0
    /// Half a font unit of the paragraph's largest size (see ``exact(_:)``).
    private(set) var grid = HalfUnitGrid()
    /// The paragraph's ``BreakAdjustment``s in points, by ascending offset (almost always none).
    private(set) var adjustments: [(offset: Int, end: Double, start: Double)] = []
    /// What ``prefix``, ``base`` and ``clusterStarts`` point into, kept alive with them: the shaped paragraph's
    /// block, or the ``MeasuredPrefix`` a paragraph of several sizes was measured into.
    private var owner: AnyObject?

    /// Units per block of ``prefix``, as a shift.
    static let blockShift = 8

    /// The number of block starts for a paragraph of `count` units (its `count + 1` positions).
    @inline(__always)
    static func blockCount(units count: Int) -> Int { (count >> blockShift) + 1 }

    init() {}

    /// The metrics of `shaped` with `sizes[attributeIndex]` points per em. A paragraph set in one size (nearly
    /// all of them) shares the prefix sums computed in ems at shaping time, so a new width or size costs nothing
    /// here; a paragraph with several sizes is measured again into `scratch` (a worker's, reused from paragraph to
    /// paragraph: measuring into it again changes what earlier metrics measured into it read).
    ///
    /// With `unitsPerEm` (of every face that sets the paragraph's text) widths are exact to half a font unit (``exact(_:)``) and
    /// a line fits when its exact width is at most its column's, with no tolerance: a line as wide as the column
    /// fits, one a hair wider does not (a tolerance let lines stick out by the rounding it absorbed).
    mutating func measure(_ shaped: ShapedParagraph, sizes: [Float], scratch measured: MeasuredPrefix, unitsPerEm: Int = 0) {
        let largest = Double(sizes.max() ?? 0)
        grid = HalfUnitGrid(size: largest, unitsPerEm: unitsPerEm)
        fitTolerance = grid.halfUnit > 0 ? 0 : largest / 16_384
        if !adjustments.isEmpty { adjustments.removeAll() }
        if shaped.hasBreakAdjustments {
            for adjustment in shaped.breakAdjustments {
                let size = Double(sizes[Int(adjustment.attributeIndex)])
                adjustments.append((Int(adjustment.offset), Double(adjustment.endEms) * size, Double(adjustment.startEms) * size))
            }
        }
        if Self.measuresInPlace(sizes) {
            (owner, prefix, base, clusterStarts) = shaped.prefixSums
            scale = Double(sizes[0])
            return
        }
        scale = 1
        let total = shaped.contentLength + 1, blocks = Self.blockCount(units: shaped.contentLength)
        measured.reserve(total)
        let runs = shaped.runs, clusters = shaped.clusters, advances = shaped.advances
        runs.withUnsafeBufferPointer { runs in
            clusters.withUnsafeBufferPointer { clusters in
                advances.withUnsafeBufferPointer { advances in
                    ParagraphMetrics.computePrefix(runs: runs, clusters: clusters, advances: advances, count: shaped.contentLength,
                                                   sizes: sizes, caretSpans: shaped.caretSpans,
                                                   prefix: UnsafeMutableBufferPointer(start: measured.prefix, count: total),
                                                   base: UnsafeMutableBufferPointer(start: measured.base, count: blocks),
                                                   clusterStarts: UnsafeMutableBufferPointer(start: measured.starts, count: total))
                }
            }
        }
        prefix = UnsafeBufferPointer(start: measured.prefix, count: total)
        base = UnsafeBufferPointer(start: measured.base, count: blocks)
        clusterStarts = UnsafeBufferPointer(start: measured.starts, count: total)
        owner = measured
        let smallest = Double(sizes.min() ?? 0) / 16_384
        fitTolerance = min(fitTolerance, max(smallest, Self.roundingBound(prefix)))
    }

    /// Whether a paragraph set in `sizes` is measured in place: in one size (nearly every paragraph), its metrics are
    /// its shaped prefix sums scaled, with no scratch, and depend on nothing a column width changes (a
    /// ``ParagraphBasis`` keeps them).
    @inline(__always)
    static func measuresInPlace(_ sizes: [Float]) -> Bool {
        guard let size = sizes.first else { return false }
        return sizes.allSatisfy { $0 == size }
    }

    /// These metrics without the reference that keeps their storage alive, to be kept beside a shaped paragraph they
    /// do not own (a ``ParagraphBasis``: a strong one there kept every shaped paragraph of the last layouts alive);
    /// read only where ``readOwnPrefixSums(_:of:)`` says they point into the paragraph being laid out.
    func withoutOwner() -> ParagraphMetrics {
        var copy = self
        copy.owner = nil
        return copy
    }

    /// Whether the metrics at `metrics`, measured in place, point into `shaped`'s own prefix sums (compared by
    /// address and count), so that the caller's `shaped` keeps what they read alive. Static, over a pointer: as a
    /// method of the pointee the metrics were copied (a retain and a release) to be compared.
    @inline(__always)
    static func readOwnPrefixSums(_ metrics: UnsafePointer<ParagraphMetrics>, of shaped: borrowing ShapedParagraph) -> Bool {
        shaped.holdsPrefixSums(metrics.pointee.prefix, base: metrics.pointee.base, clusterStarts: metrics.pointee.clusterStarts)
    }

    /// ``readOwnPrefixSums(_:of:)`` for the shaped paragraph at `shaped` (the layouter's, whose storage is then
    /// borrowed rather than retained for the comparison).
    @inline(__always)
    static func readOwnPrefixSums(_ metrics: UnsafePointer<ParagraphMetrics>, at shaped: UnsafePointer<ShapedParagraph>) -> Bool {
        ShapedParagraph.holdsPrefixSums(at: shaped, metrics.pointee.prefix, base: metrics.pointee.base,
                                        clusterStarts: metrics.pointee.clusterStarts)
    }

    /// How far the width between two of `prefix`'s positions (in points) can be from the exact sum of its advances:
    /// each position is the `Double` sum rounded once to `Float` relative to its block, within half an ulp, 2⁻²⁴
    /// of the largest magnitude; a difference of two is within twice that, and this allows four times (the fuzzer
    /// found a run at 10,997 pt whose 2⁻¹⁴ em let 0.6 pt of 28 pt text past a column's edge).
    static func roundingBound(_ prefix: UnsafeBufferPointer<Float>) -> Double {
        var largest: Float = 0
        for value in prefix { largest = max(largest, abs(value)) }
        return Double(largest) / 4_194_304  // 2²²
    }

    /// Storage for the prefix sums of paragraphs measured in several sizes: one growing block per layout worker,
    /// rather than arrays made per paragraph.
    final class MeasuredPrefix {
        private(set) var prefix = UnsafeMutablePointer<Float>.allocate(capacity: 0)
        private(set) var base = UnsafeMutablePointer<Double>.allocate(capacity: 0)
        private(set) var starts = UnsafeMutablePointer<UInt8>.allocate(capacity: 0)
        private var capacity = 0

        /// Makes room for the positions of a paragraph of `count - 1` units (and its block starts).
        func reserve(_ count: Int) {
            guard count > capacity else { return }
            prefix.deallocate(); base.deallocate(); starts.deallocate()
            capacity = max(count, 2 * capacity)
            prefix = .allocate(capacity: capacity)
            base = .allocate(capacity: ParagraphMetrics.blockCount(units: capacity))
            starts = .allocate(capacity: capacity)
        }

        deinit { prefix.deallocate(); base.deallocate(); starts.deallocate() }
    }

    /// Computes prefix sums of the glyph advances per UTF-16 unit, `sizes[attributeIndex]` points per em, relative
    /// to their blocks (see the type's comment), into `prefix` and `clusterStarts`, which hold exactly `count + 1`
    /// entries each, and `base`, which holds ``blockCount(units:)``; the sum runs in `Double`.
    ///
    /// Writes straight into storage of the final size, since appending two values per unit weighed on warm
    /// shaping. Every write is bounded, so clusters that do not ascend cannot write outside.
    /// Units where a caret cannot stop (see ``CaretSpan``) are not cluster starts either, so that no line starts
    /// there.
    static func computePrefix(runs: UnsafeBufferPointer<ShapedRun>, clusters: UnsafeBufferPointer<UInt32>,
                              advances: UnsafeBufferPointer<Float>, count: Int, sizes: [Float], caretSpans: [CaretSpan],
                              prefix prefixBuffer: UnsafeMutableBufferPointer<Float>,
                              base baseBuffer: UnsafeMutableBufferPointer<Double>,
                              clusterStarts startBuffer: UnsafeMutableBufferPointer<UInt8>) {
        precondition(prefixBuffer.count == count + 1 && startBuffer.count == count + 1
                     && baseBuffer.count == blockCount(units: count), "prefix sums hold count + 1 entries")
        var written = 0
        var x: Double = 0
        var clusterX: Double = 0  // where the cluster being measured started
        let blockMask = (1 << blockShift) - 1
        var blockStart: Double = 0  // the current block's start, kept rather than read back per unit
        // Unit `written` is at `value`: a block's first unit sets the block's start.
        @inline(__always) func put(_ value: Double, start: UInt8) {
            if written & blockMask == 0 { blockStart = value; baseBuffer[written >> blockShift] = value }
            prefixBuffer[written] = Float(value - blockStart)
            startBuffer[written] = start
            written += 1
        }
        @inline(__always) func fill(to limit: Int, _ value: Double) {
            let end = min(limit, count)
            while written < end { put(value, start: 0) }
        }
        for run in runs {
            let size = Double(sizes[Int(run.attributeIndex)])
            var g = Int(run.glyphStart)
            let glyphEnd = min(Int(run.glyphEnd), clusters.count, advances.count)
            while g < glyphEnd {
                // The usual glyph, one per unit: its cluster is the next unit and the next glyph's is
                // not the same. The steps below, without their loops (a third of them per unit).
                while g < glyphEnd, written < count, Int(clusters[g]) == written,
                      g + 1 == glyphEnd || Int(clusters[g + 1]) != written {
                    clusterX = x
                    put(x, start: 1)
                    x += Double(advances[g]) * size
                    g += 1
                }
                guard g < glyphEnd else { break }
                let cluster = Int(clusters[g])
                // Units up to this cluster (a cluster with no glyph of its own belongs to the previous one).
                fill(to: cluster, clusterX)
                clusterX = x
                if written == cluster && written < count { put(x, start: 1) }
                // Every glyph of this cluster.
                while g < glyphEnd, Int(clusters[g]) == cluster { x += Double(advances[g]) * size; g += 1 }
            }
            fill(to: Int(run.end), clusterX)
            clusterX = x
        }
        fill(to: count, clusterX)
        put(x, start: 1)
        for span in caretSpans {
            var offset = max(1, span.start)
            while offset <= span.end && offset < count {
                if !CaretSpan.allowsStop(at: offset, in: caretSpans) { startBuffer[offset] = 0 }
                offset += 1
            }
        }
    }

    /// The x position of unit `offset` (a cluster boundary) from the paragraph's start, in points.
    @inline(__always)
    func position(_ offset: Int) -> Double {
        // Checked as an array's subscript would be: offsets come from the breakers, always within the content.
        precondition(UInt(bitPattern: offset) < UInt(prefix.count))
        return (base[offset >> Self.blockShift] + Double(prefix[offset])) * scale
    }

    /// Advance width of units `start..<end` (both cluster boundaries), in points.
    @inline(__always)
    func width(_ start: Int, _ end: Int) -> Double { widths.width(start, end) }

    /// `width` (points) exact to half a font unit (see ``HalfUnitGrid``).
    @inline(__always)
    func exact(_ width: Double) -> Double { grid.exact(width) }

    /// What measures a line (``width(_:_:)``, ``exact(_:)``) as a value without the metrics' owner (no retain): for a
    /// loop that writes memory between its measures (the layouter's over a paragraph's lines), which read through a
    /// pointer to the metrics loaded the buffers again after every write (the compiler cannot tell they did not change).
    @inline(__always)
    var widths: Widths { Widths(prefix: prefix, base: base, scale: scale, grid: grid) }

    /// See ``widths``.
    struct Widths {
        let prefix: UnsafeBufferPointer<Float>
        let base: UnsafeBufferPointer<Double>
        let scale: Double
        let grid: HalfUnitGrid

        /// ``ParagraphMetrics/width(_:_:)``.
        @inline(__always)
        func width(_ start: Int, _ end: Int) -> Double {
            precondition(UInt(bitPattern: start) < UInt(prefix.count) && UInt(bitPattern: end) < UInt(prefix.count))
            return ((base[end >> ParagraphMetrics.blockShift] + Double(prefix[end]))
                - (base[start >> ParagraphMetrics.blockShift] + Double(prefix[start]))) * scale
        }

        /// ``ParagraphMetrics/exact(_:)``.
        @inline(__always)
        func exact(_ width: Double) -> Double { grid.exact(width) }
    }

    /// The widest measured width (points, before ``exact(_:)``) of a line that fits in `available` points: a line
    /// fits when its exact width is at most `available`, that is when its measure rounds to at most the last half
    /// unit inside it. Computed once per line, so that the greedy breaker's probes compare measures as they come
    /// (one comparison, no rounding per probe).
    @inline(__always)
    func fitLimit(_ available: Double) -> Double { grid.fitLimit(available, tolerance: fitTolerance) }

    /// Whether any break opportunity changes a line's width (``BreakAdjustment``): without, ``startAdjustment(_:)``
    /// and ``endAdjustment(_:)`` are 0 everywhere.
    var hasAdjustments: Bool { !adjustments.isEmpty }

    /// What a line ending at break opportunity `offset` gains in width (see ``BreakAdjustment``), in points.
    @inline(__always)
    func endAdjustment(_ offset: Int) -> Double {
        adjustments.isEmpty ? 0 : adjustment(at: offset)?.end ?? 0
    }

    /// What a line starting at break opportunity `offset` gains in width, in points.
    @inline(__always)
    func startAdjustment(_ offset: Int) -> Double {
        adjustments.isEmpty ? 0 : adjustment(at: offset)?.start ?? 0
    }

    private func adjustment(at offset: Int) -> (offset: Int, end: Double, start: Double)? {
        var low = 0, high = adjustments.count
        while low < high {
            let middle = (low + high) / 2
            if adjustments[middle].offset < offset { low = middle + 1 } else { high = middle }
        }
        return low < adjustments.count && adjustments[low].offset == offset ? adjustments[low] : nil
    }

    /// Whether `offset` starts a cluster (or is the end of the content).
    @inline(__always)
    func isClusterStart(_ offset: Int) -> Bool {
        precondition(UInt(bitPattern: offset) < UInt(clusterStarts.count))
        return clusterStarts[offset] != 0
    }
}

/// Half a font unit of a paragraph's largest size in its faces' units, in points: the precision to which line widths
/// are exact. Glyph advances are whole font units, so a line's width is a multiple of a unit, whatever rounding the
/// prefix sums carried (a few thousandths of a unit): rounded to the nearest half unit it is exactly what HarfBuzz's
/// advances sum to, and a line fits when that is at most its column's width, with no tolerance.
struct HalfUnitGrid {
    /// The half unit in points, and its inverse; 0 when the faces' units are not known (widths are then left as
    /// they are, and a tolerance absorbs the rounding: ``ParagraphMetrics/fitTolerance``).
    private(set) var halfUnit: Double = 0
    private var halfUnitsPerPoint: Double = 0

    init() {}

    init(size: Double, unitsPerEm: Int) {
        guard unitsPerEm > 0, size > 0, size.isFinite else { return }
        halfUnit = size / Double(2 * unitsPerEm)
        halfUnitsPerPoint = 1 / halfUnit
    }

    /// See ``ParagraphMetrics/fitLimit(_:)``: the half units inside `available`, plus half of one (a measure that
    /// rounds down to them); `available` and `tolerance` without a grid.
    func fitLimit(_ available: Double, tolerance: Double) -> Double {
        guard halfUnit > 0 else { return available + tolerance }
        return ((available * halfUnitsPerPoint).rounded(.down) + 0.5) * halfUnit
    }

    /// `width` rounded to the nearest half unit; `width` itself without a grid.
    @inline(__always)
    func exact(_ width: Double) -> Double {
        guard halfUnit > 0 else { return width }
        // Rounded to nearest by adding and taking away 1.5 × 2⁵² (exact below 2⁵¹ half units), without a libm call.
        let magic = 6_755_399_441_055_744.0
        return ((width * halfUnitsPerPoint + magic) - magic) * halfUnit
    }
}
