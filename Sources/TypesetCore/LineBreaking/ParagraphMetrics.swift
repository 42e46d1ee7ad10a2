/// Horizontal metrics of one shaped paragraph at given font sizes: the x position (points) at which each
/// UTF-16 unit's cluster starts, so that the width of any stretch between cluster boundaries is one
/// subtraction (the prefix-sum model of minikin's line breaker).
struct ParagraphMetrics {
    /// `prefix[i] * scale` = advance of units `0..<i` for a cluster start `i`; units inside a cluster repeat the
    /// cluster's start. `prefix[count]` is the paragraph's total advance.
    private(set) var prefix = UnsafeBufferPointer<Float>(start: nil, count: 0)
    /// 1 where a unit starts a shaping cluster.
    private(set) var clusterStarts = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Points per unit of ``prefix``: the font size when the prefix is the shaped paragraph's own (in ems), 1 when
    /// it was measured in points.
    private(set) var scale: Float = 1
    /// What ``prefix`` and ``clusterStarts`` point into, kept alive with them: the shaped paragraph's block, or
    /// the ``MeasuredPrefix`` a paragraph of several sizes was measured into.
    private var owner: AnyObject?

    init() {}

    /// The metrics of `shaped` with `sizes[attributeIndex]` points per em. A paragraph set in one size (nearly
    /// all of them) shares the prefix sums computed in ems at shaping time, so a new width or size costs nothing
    /// here; a paragraph with several sizes is measured again into `scratch` (a worker's, reused from paragraph to
    /// paragraph: measuring into it again changes what earlier metrics measured into it read).
    mutating func measure(_ shaped: ShapedParagraph, sizes: [Float], scratch measured: MeasuredPrefix) {
        if let size = sizes.first, sizes.allSatisfy({ $0 == size }) {
            (owner, prefix, clusterStarts) = shaped.prefixSums
            scale = size
            return
        }
        scale = 1
        let total = shaped.contentLength + 1
        measured.reserve(total)
        let runs = shaped.runs, clusters = shaped.clusters, advances = shaped.advances
        runs.withUnsafeBufferPointer { runs in
            clusters.withUnsafeBufferPointer { clusters in
                advances.withUnsafeBufferPointer { advances in
                    ParagraphMetrics.computePrefix(runs: runs, clusters: clusters, advances: advances, count: shaped.contentLength,
                                                   sizes: sizes, caretSpans: shaped.caretSpans,
                                                   prefix: UnsafeMutableBufferPointer(start: measured.prefix, count: total),
                                                   clusterStarts: UnsafeMutableBufferPointer(start: measured.starts, count: total))
                }
            }
        }
        prefix = UnsafeBufferPointer(start: measured.prefix, count: total)
        clusterStarts = UnsafeBufferPointer(start: measured.starts, count: total)
        owner = measured
    }

    /// Storage for the prefix sums of paragraphs measured in several sizes: one growing block per layout worker,
    /// rather than arrays made per paragraph.
    final class MeasuredPrefix {
        private(set) var prefix = UnsafeMutablePointer<Float>.allocate(capacity: 0)
        private(set) var starts = UnsafeMutablePointer<UInt8>.allocate(capacity: 0)
        private var capacity = 0

        func reserve(_ count: Int) {
            guard count > capacity else { return }
            prefix.deallocate(); starts.deallocate()
            capacity = max(count, 2 * capacity)
            prefix = .allocate(capacity: capacity)
            starts = .allocate(capacity: capacity)
        }

        deinit { prefix.deallocate(); starts.deallocate() }
    }

    /// Computes prefix sums of the glyph advances per UTF-16 unit, `sizes[attributeIndex]` points per em, into
    /// `prefix` and `clusterStarts`, which hold exactly `count + 1` entries each.
    ///
    /// Writes straight into storage of the final size, since appending two values per unit weighed on warm
    /// shaping. Every write is bounded, so clusters that do not ascend cannot write outside.
    /// Units where a caret cannot stop (see ``CaretSpan``) are not cluster starts either, so that no line starts
    /// there.
    static func computePrefix(runs: UnsafeBufferPointer<ShapedRun>, clusters: UnsafeBufferPointer<UInt32>,
                              advances: UnsafeBufferPointer<Float>, count: Int, sizes: [Float], caretSpans: [CaretSpan],
                              prefix prefixBuffer: UnsafeMutableBufferPointer<Float>,
                              clusterStarts startBuffer: UnsafeMutableBufferPointer<UInt8>) {
        precondition(prefixBuffer.count == count + 1 && startBuffer.count == count + 1, "prefix sums hold count + 1 entries")
        var written = 0
        var x: Float = 0
        var clusterX: Float = 0  // where the cluster being measured started
        @inline(__always) func fill(to limit: Int, _ value: Float) {
            let end = min(limit, count)
            while written < end { prefixBuffer[written] = value; startBuffer[written] = 0; written += 1 }
        }
        for run in runs {
            let size = sizes[Int(run.attributeIndex)]
            var g = Int(run.glyphStart)
            let glyphEnd = min(Int(run.glyphEnd), clusters.count, advances.count)
            while g < glyphEnd {
                // The usual glyph, one per unit: its cluster is the next unit and the next glyph's is
                // not the same. The steps below, without their loops (a third of them per unit).
                while g < glyphEnd, written < count, Int(clusters[g]) == written,
                      g + 1 == glyphEnd || Int(clusters[g + 1]) != written {
                    clusterX = x
                    prefixBuffer[written] = x; startBuffer[written] = 1; written += 1
                    x += advances[g] * size
                    g += 1
                }
                guard g < glyphEnd else { break }
                let cluster = Int(clusters[g])
                // Units up to this cluster (a cluster with no glyph of its own belongs to the previous one).
                fill(to: cluster, clusterX)
                clusterX = x
                if written == cluster && written < count {
                    prefixBuffer[written] = x; startBuffer[written] = 1; written += 1
                }
                // Every glyph of this cluster.
                while g < glyphEnd, Int(clusters[g]) == cluster { x += advances[g] * size; g += 1 }
            }
            fill(to: Int(run.end), clusterX)
            clusterX = x
        }
        fill(to: count, clusterX)
        prefixBuffer[written] = x
        startBuffer[written] = 1
        for span in caretSpans {
            var offset = max(1, span.start)
            while offset <= span.end && offset < count {
                if !CaretSpan.allowsStop(at: offset, in: caretSpans) { startBuffer[offset] = 0 }
                offset += 1
            }
        }
    }

    /// Advance width of units `start..<end` (both cluster boundaries), in points.
    @inline(__always)
    func width(_ start: Int, _ end: Int) -> Float {
        // Checked as an array's subscript would be: offsets come from the breakers, always within the content.
        precondition(UInt(bitPattern: start) < UInt(prefix.count) && UInt(bitPattern: end) < UInt(prefix.count))
        return (prefix[end] - prefix[start]) * scale
    }

    /// Whether `offset` starts a cluster (or is the end of the content).
    @inline(__always)
    func isClusterStart(_ offset: Int) -> Bool {
        precondition(UInt(bitPattern: offset) < UInt(clusterStarts.count))
        return clusterStarts[offset] != 0
    }
}
