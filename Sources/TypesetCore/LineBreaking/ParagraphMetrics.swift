/// Horizontal metrics of one shaped paragraph at given font sizes: the x position (points) at which each
/// UTF-16 unit's cluster starts, so that the width of any stretch between cluster boundaries is one
/// subtraction (the prefix-sum model of minikin's line breaker).
struct ParagraphMetrics {
    /// `prefix[i] * scale` = advance of units `0..<i` for a cluster start `i`; units inside a cluster repeat the
    /// cluster's start. `prefix[count]` is the paragraph's total advance.
    private(set) var prefix: [Float]
    /// 1 where a unit starts a shaping cluster.
    private(set) var clusterStarts: [UInt8]
    /// Points per unit of ``prefix``: the font size when the prefix is the shaped paragraph's own (in ems), 1 when
    /// it was measured in points.
    private(set) var scale: Float = 1

    init() { prefix = []; clusterStarts = [] }

    /// The metrics of `shaped` with `sizes[attributeIndex]` points per em. A paragraph set in one size (nearly
    /// all of them) shares the prefix sums computed in ems at shaping time, so a new width or size costs nothing
    /// here; a paragraph with several sizes is measured again, reusing storage.
    mutating func measure(_ shaped: ShapedParagraph, sizes: [Float]) {
        if let size = sizes.first, sizes.allSatisfy({ $0 == size }) {
            prefix = shaped.emPrefix
            clusterStarts = shaped.clusterStarts
            scale = size
            return
        }
        scale = 1
        ParagraphMetrics.computePrefix(runs: shaped.runs, clusters: shaped.clusters, advances: shaped.advances,
                                       count: shaped.contentLength, sizes: sizes, caretSpans: shaped.caretSpans,
                                       prefix: &prefix, clusterStarts: &clusterStarts)
    }

    /// Computes prefix sums of the glyph advances per UTF-16 unit, `sizes[attributeIndex]` points per em.
    ///
    /// Writes straight into storage of the final size (`count + 1` entries): appending two values per unit was a
    /// sixth of warm shaping (perf). Every write is bounded, so clusters that do not ascend cannot write outside.
    /// Units where a caret cannot stop (see ``CaretSpan``) are not cluster starts either, so that no line starts
    /// there.
    static func computePrefix(runs: [ShapedRun], clusters: [UInt32], advances: [Float], count: Int, sizes: [Float],
                              caretSpans: [CaretSpan], prefix: inout [Float], clusterStarts: inout [UInt8]) {
        let total = count + 1
        var starts: [UInt8] = []
        prefix = [Float](unsafeUninitializedCapacity: total) { prefixBuffer, prefixCount in
            starts = [UInt8](unsafeUninitializedCapacity: total) { startBuffer, startCount in
                var written = 0
                var x: Float = 0
                var clusterX: Float = 0  // where the cluster being measured started
                @inline(__always) func fill(to limit: Int, _ value: Float) {
                    let end = min(limit, count)
                    while written < end { prefixBuffer[written] = value; startBuffer[written] = 0; written += 1 }
                }
                advances.withUnsafeBufferPointer { advances in
                    clusters.withUnsafeBufferPointer { clusters in
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
                    }
                }
                fill(to: count, clusterX)
                prefixBuffer[written] = x
                startBuffer[written] = 1
                written += 1
                prefixCount = written
                startCount = written
            }
        }
        for span in caretSpans {
            var offset = max(1, span.start)
            while offset <= span.end && offset < count && offset < starts.count {
                if !CaretSpan.allowsStop(at: offset, in: caretSpans) { starts[offset] = 0 }
                offset += 1
            }
        }
        clusterStarts = starts
    }

    /// Advance width of units `start..<end` (both cluster boundaries), in points.
    @inline(__always)
    func width(_ start: Int, _ end: Int) -> Float { (prefix[end] - prefix[start]) * scale }

    /// Whether `offset` starts a cluster (or is the end of the content).
    @inline(__always)
    func isClusterStart(_ offset: Int) -> Bool { clusterStarts[offset] != 0 }
}
