internal import CMemory

/// The contents of one ``ShapedParagraph`` in a single block of memory: a header of counts and flags, then its
/// arrays one after the other (offsets when any glyph has one, the prefix sums' block starts when there are two or more, caret spans when it
/// has hidden units, runs, break adjustments when it has any, clusters, advances, break opportunities, prefix sums,
/// glyph ids, cluster starts), widest alignments first so that each is aligned.
///
/// One allocation per paragraph rather than a storage object and eight arrays, whose headers were most of what a
/// short paragraph (a line of verse, a blank line of `StyledText(plain:)`) cost. Immutable once made.
final class ShapedStorage: ManagedBuffer<ShapedStorage.Header, UInt64> {
    /// Counts and flags; the arrays follow in the block's elements.
    struct Header {
        /// The content's length and glyph count, in 32 bits (a paragraph holds at most
        /// ``StyledText/maximumParagraphLength`` units, and its runs index glyphs in 32 bits too).
        private var contentLength32: Int32
        private var glyphCount32: Int32
        var breakCount: Int32
        var runCount: Int32
        var primaryFaceID: Int32
        var caretSpanCount: Int32
        var breakAdjustmentCount: Int32
        var paragraphLevel: UInt8
        var hasOffsets: Bool
        /// See ``ShapedParagraph/hasMonotoneWidthsAndPlainBreaks``.
        var hasMonotoneWidthsAndPlainBreaks: Bool
        /// The paragraph's ruby annotations and emphasis marks, owned by the block (released in `deinit`): a
        /// reference the header holds unmanaged, so that reading the counts retains nothing.
        var annotations: Unmanaged<Annotations>? = nil

        init(contentLength: Int, glyphCount: Int, breakCount: Int32, runCount: Int32, primaryFaceID: Int32,
             caretSpanCount: Int32, breakAdjustmentCount: Int32, paragraphLevel: UInt8, hasOffsets: Bool,
             hasMonotoneWidthsAndPlainBreaks: Bool, annotations: Unmanaged<Annotations>? = nil) {
            contentLength32 = Int32(truncatingIfNeeded: contentLength)
            glyphCount32 = Int32(truncatingIfNeeded: glyphCount)
            self.breakCount = breakCount
            self.runCount = runCount
            self.primaryFaceID = primaryFaceID
            self.caretSpanCount = caretSpanCount
            self.breakAdjustmentCount = breakAdjustmentCount
            self.paragraphLevel = paragraphLevel
            self.hasOffsets = hasOffsets
            self.hasMonotoneWidthsAndPlainBreaks = hasMonotoneWidthsAndPlainBreaks
            self.annotations = annotations
        }

        var contentLength: Int { @inline(__always) get { Int(contentLength32) } }
        var glyphCount: Int { @inline(__always) get { Int(glyphCount32) } }
    }

    /// The shaped ruby annotations and emphasis marks of a paragraph that has any: what is drawn beside its
    /// text and makes its lines grow.
    final class Annotations {
        let rubies: [ShapedRuby]
        let emphases: [ShapedEmphasis]
        /// The paragraph's formulas, laid out (see ``ShapedFormula``).
        let formulas: [ShapedFormula]
        init(rubies: [ShapedRuby], emphases: [ShapedEmphasis], formulas: [ShapedFormula] = []) {
            self.rubies = rubies; self.emphases = emphases; self.formulas = formulas
        }

        var byteCount: Int {
            rubies.reduce(16) { $0 + MemoryLayout<ShapedRuby>.stride + $1.glyphIDs.count * 10 }
                + emphases.reduce(0) { $0 + MemoryLayout<ShapedEmphasis>.stride + $1.glyphIDs.count * 6 + $1.starts.count * 8 }
                + formulas.reduce(0) { $0 + MemoryLayout<ShapedFormula>.stride + $1.drawing.byteCount }
        }
    }

    deinit { withUnsafeMutablePointerToHeader { $0.pointee.annotations?.release() } }

    /// Byte offsets of the arrays from the start of the elements, for the counts in `header`.
    fileprivate struct Layout {
        let emBase: Int, caretSpans: Int, runs: Int, breakAdjustments: Int, clusters: Int, advances: Int, breaks: Int,
            emPrefix: Int, glyphIDs: Int, clusterStarts: Int, end: Int

        @inline(__always)
        init(_ header: Header) {
            let glyphs = header.glyphCount, prefix = header.contentLength + 1
            emBase = header.hasOffsets ? glyphs * MemoryLayout<SIMD2<Float>>.stride : 0
            caretSpans = emBase + ShapedStorage.storedBlockCount(header) * MemoryLayout<Double>.stride
            runs = caretSpans + Int(header.caretSpanCount) * MemoryLayout<CaretSpan>.stride
            breakAdjustments = runs + Int(header.runCount) * MemoryLayout<ShapedRun>.stride
            clusters = breakAdjustments + Int(header.breakAdjustmentCount) * MemoryLayout<BreakAdjustment>.stride
            advances = clusters + glyphs * MemoryLayout<UInt32>.stride
            breaks = advances + glyphs * MemoryLayout<Float>.stride
            emPrefix = breaks + Int(header.breakCount) * MemoryLayout<UInt32>.stride
            glyphIDs = emPrefix + prefix * MemoryLayout<Float>.stride
            clusterStarts = glyphIDs + glyphs * MemoryLayout<UInt16>.stride
            end = clusterStarts + prefix
        }
    }

    /// A block for `header`'s counts; the caller fills every array (see ``ShapedStorage/make(header:fill:)``).
    static func make(header: Header, fill: (Writer) -> Void) -> ShapedStorage {
        let layout = Layout(header)
        let words = (layout.end + 7) / 8
        let storage = unsafeDowncast(create(minimumCapacity: max(1, words)) { _ in header }, to: ShapedStorage.self)
        storage.withUnsafeMutablePointerToElements { elements in
            if storedBlockCount(header) > 0 {
                fill(Writer(base: UnsafeMutableRawPointer(elements), layout: layout, header: header, firstBlockBase: nil))
            } else {
                // The one block's base is written to a scratch value and read back as the shared zero.
                withUnsafeTemporaryAllocation(of: Double.self, capacity: 1) { scratch in
                    fill(Writer(base: UnsafeMutableRawPointer(elements), layout: layout, header: header, firstBlockBase: scratch))
                }
            }
        }
        return storage
    }

    /// The prefix sums' block starts the block stores: none for a paragraph of one block (under 256 units, nearly
    /// all of them), whose only base is 0 (``zeroBlockBase``); it would take a short paragraph's block to the next
    /// allocation size.
    @inline(__always)
    fileprivate static func storedBlockCount(_ header: Header) -> Int {
        let blocks = ParagraphMetrics.blockCount(units: header.contentLength)
        return blocks > 1 ? blocks : 0
    }

    /// The base of a paragraph's first block of prefix sums, which is always 0 (written once, then only read).
    nonisolated(unsafe) private static let zeroBlockBase: UnsafePointer<Double> = {
        let pointer = UnsafeMutablePointer<Double>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return UnsafePointer(pointer)
    }()

    /// Where the block starts are: in the block, or the shared zero.
    @inline(__always)
    private func blockBases(_ counts: Header, _ layout: Layout) -> UnsafePointer<Double> {
        Self.storedBlockCount(counts) > 0 ? (elements + layout.emBase).assumingMemoryBound(to: Double.self)
            : Self.zeroBlockBase
    }

    /// Typed pointers to the arrays of a block being filled.
    struct Writer {
        fileprivate let base: UnsafeMutableRawPointer
        fileprivate let layout: Layout
        let header: Header
        fileprivate let firstBlockBase: UnsafeMutableBufferPointer<Double>?

        var offsets: UnsafeMutableBufferPointer<SIMD2<Float>> { buffer(0, header.hasOffsets ? header.glyphCount : 0) }
        var emBase: UnsafeMutableBufferPointer<Double> {
            firstBlockBase ?? buffer(layout.emBase, ParagraphMetrics.blockCount(units: header.contentLength))
        }
        var caretSpans: UnsafeMutableBufferPointer<CaretSpan> { buffer(layout.caretSpans, Int(header.caretSpanCount)) }
        var runs: UnsafeMutableBufferPointer<ShapedRun> { buffer(layout.runs, Int(header.runCount)) }
        var breakAdjustments: UnsafeMutableBufferPointer<BreakAdjustment> {
            buffer(layout.breakAdjustments, Int(header.breakAdjustmentCount))
        }
        var clusters: UnsafeMutableBufferPointer<UInt32> { buffer(layout.clusters, header.glyphCount) }
        var advances: UnsafeMutableBufferPointer<Float> { buffer(layout.advances, header.glyphCount) }
        var breaks: UnsafeMutableBufferPointer<UInt32> { buffer(layout.breaks, Int(header.breakCount)) }
        var emPrefix: UnsafeMutableBufferPointer<Float> { buffer(layout.emPrefix, header.contentLength + 1) }
        var glyphIDs: UnsafeMutableBufferPointer<UInt16> { buffer(layout.glyphIDs, header.glyphCount) }
        var clusterStarts: UnsafeMutableBufferPointer<UInt8> { buffer(layout.clusterStarts, header.contentLength + 1) }

        private func buffer<T>(_ offset: Int, _ count: Int) -> UnsafeMutableBufferPointer<T> {
            UnsafeMutableBufferPointer(start: (base + offset).assumingMemoryBound(to: T.self), count: count)
        }
    }

    /// The counts and flags, read through a pointer: `header` is a class's stored property, and reading it
    /// costs a dynamic exclusivity check each time (a tenth of a relayout, callgrind).
    @inline(__always)
    var counts: Header { withUnsafeMutablePointerToHeader { $0.pointee } }

    /// The start of the elements. The block never moves while it lives.
    @inline(__always)
    private var elements: UnsafeRawPointer { withUnsafeMutablePointerToElements { UnsafeRawPointer($0) } }

    /// The array of `count` elements at byte `offset` of the elements; the view keeps the block alive.
    @inline(__always)
    private func array<T>(_ offset: Int, _ count: Int) -> ShapedArray<T> {
        ShapedArray(owner: self, base: (elements + offset).assumingMemoryBound(to: T.self), count: count)
    }

    var offsets: ShapedArray<SIMD2<Float>> { @inline(__always) get { array(0, counts.hasOffsets ? counts.glyphCount : 0) } }
    var emBase: ShapedArray<Double> {
        @inline(__always) get {
            let counts = counts
            return ShapedArray(owner: self, base: blockBases(counts, Layout(counts)), count: ParagraphMetrics.blockCount(units: counts.contentLength))
        }
    }
    var caretSpans: ShapedArray<CaretSpan> { @inline(__always) get { array(Layout(counts).caretSpans, Int(counts.caretSpanCount)) } }
    var runs: ShapedArray<ShapedRun> { @inline(__always) get { array(Layout(counts).runs, Int(counts.runCount)) } }
    var breakAdjustments: ShapedArray<BreakAdjustment> {
        @inline(__always) get { array(Layout(counts).breakAdjustments, Int(counts.breakAdjustmentCount)) }
    }
    var clusters: ShapedArray<UInt32> { @inline(__always) get { array(Layout(counts).clusters, counts.glyphCount) } }
    var advances: ShapedArray<Float> { @inline(__always) get { array(Layout(counts).advances, counts.glyphCount) } }
    var breaks: ShapedArray<UInt32> { @inline(__always) get { array(Layout(counts).breaks, Int(counts.breakCount)) } }
    var emPrefix: ShapedArray<Float> { @inline(__always) get { array(Layout(counts).emPrefix, counts.contentLength + 1) } }
    var glyphIDs: ShapedArray<UInt16> { @inline(__always) get { array(Layout(counts).glyphIDs, counts.glyphCount) } }
    var clusterStarts: ShapedArray<UInt8> { @inline(__always) get { array(Layout(counts).clusterStarts, counts.contentLength + 1) } }

    /// See ``ShapedParagraph/breakBuffer``: no view made, so no retain.
    @inline(__always)
    var breakBuffer: UnsafeBufferPointer<UInt32> {
        let counts = counts
        return UnsafeBufferPointer(start: (elements + Layout(counts).breaks).assumingMemoryBound(to: UInt32.self),
                                   count: Int(counts.breakCount))
    }

    /// See ``ShapedParagraph/prefixSums``.
    @inline(__always)
    var prefixSums: (owner: AnyObject, prefix: UnsafeBufferPointer<Float>, base: UnsafeBufferPointer<Double>,
                     clusterStarts: UnsafeBufferPointer<UInt8>) {
        let buffers = prefixSumBuffers
        return (self, buffers.prefix, buffers.base, buffers.clusterStarts)
    }

    /// ``prefixSums`` without their owner (no retain).
    @inline(__always)
    var prefixSumBuffers: (prefix: UnsafeBufferPointer<Float>, base: UnsafeBufferPointer<Double>,
                           clusterStarts: UnsafeBufferPointer<UInt8>) {
        let counts = counts, layout = Layout(counts), count = counts.contentLength + 1, elements = elements
        return (UnsafeBufferPointer(start: (elements + layout.emPrefix).assumingMemoryBound(to: Float.self), count: count),
                UnsafeBufferPointer(start: blockBases(counts, layout), count: ParagraphMetrics.blockCount(units: counts.contentLength)),
                UnsafeBufferPointer(start: (elements + layout.clusterStarts).assumingMemoryBound(to: UInt8.self), count: count))
    }

    /// Whether `prefix`, `base` and `clusterStarts` are this block's own (``prefixSumBuffers``), compared by address
    /// and count (see ``ShapedParagraph/holdsPrefixSums(_:base:clusterStarts:)``).
    @inline(__always)
    func holdsPrefixSums(_ prefix: UnsafeBufferPointer<Float>, base: UnsafeBufferPointer<Double>,
                         clusterStarts: UnsafeBufferPointer<UInt8>) -> Bool {
        let own = prefixSumBuffers
        return own.prefix.baseAddress == prefix.baseAddress && own.prefix.count == prefix.count
            && own.base.baseAddress == base.baseAddress && own.base.count == base.count
            && own.clusterStarts.baseAddress == clusterStarts.baseAddress && own.clusterStarts.count == clusterStarts.count
    }

    /// Asks the processor for the prefix sums and break opportunities (every cache line, up to 2 KiB of each: the
    /// breaker's search jumps, which the hardware prefetcher cannot follow), and the cluster starts unless the
    /// opportunities are plain (``ShapedParagraph/hasMonotoneWidthsAndPlainBreaks``: the greedy search reads none).
    @inline(__always)
    func prefetchForLayout() {
        let counts = counts, layout = Layout(counts), elements = elements
        func prefetch(_ offset: Int, bytes: Int) {
            var line = 0
            while line < min(bytes, 2048) { typeset_prefetch(elements + offset + line); line += 64 }
        }
        prefetch(layout.emPrefix, bytes: (counts.contentLength + 1) * MemoryLayout<Float>.stride)
        prefetch(layout.breaks, bytes: Int(counts.breakCount) * MemoryLayout<UInt32>.stride)
        typeset_prefetch(elements + layout.emBase)
        if !counts.hasMonotoneWidthsAndPlainBreaks { prefetch(layout.clusterStarts, bytes: counts.contentLength + 1) }
    }

    /// The block's size: object header, counts and arrays.
    var byteCount: Int {
        16 + MemoryLayout<Header>.stride + (Layout(counts).end + 7) / 8 * 8
            + (counts.annotations?.takeUnretainedValue().byteCount ?? 0)
    }
}

/// A read-only array inside a ``ShapedStorage`` block (the glyphs, clusters, advances... of a shaped paragraph),
/// indexed from 0 like an `Array`, bounds-checked like one, and keeping the block alive.
struct ShapedArray<Element>: RandomAccessCollection, CustomStringConvertible {
    let owner: ShapedStorage
    let base: UnsafePointer<Element>
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    @inline(__always)
    subscript(index: Int) -> Element {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
        return base[index]
    }

    /// The elements as an array prints them (dumps and test messages).
    var description: String { Array(self).description }

    /// Calls `body` with the elements as a buffer pointer, valid for the call.
    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try withExtendedLifetime(owner) { try body(UnsafeBufferPointer(start: base, count: count)) }
    }
}
