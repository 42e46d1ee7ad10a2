/// The justifiable spaces of a paragraph at its sizes, as prefix sums: how many points of inter-word space lie
/// before any content offset. The optimal breaker's stretch and shrink of a line are then one subtraction.
struct JustifiableSpaces {
    /// Cluster offsets of the justifiable spaces, ascending, and the width of the spaces up to and including each.
    private var offsets: [Int32] = []
    private var cumulative: [Float] = []

    init(_ shaped: ShapedParagraph, content: ArraySlice<UInt16>, sizes: [Float]) {
        var sum: Float = 0
        for run in shaped.runs {
            let size = sizes[Int(run.attributeIndex)]
            for g in run.glyphRange where shaped.isJustifiable(g, content: content) {
                sum += shaped.advances[g] * size
                offsets.append(Int32(shaped.clusters[g]))
                cumulative.append(sum)
            }
        }
        // Right-to-left runs store glyphs in logical order, so offsets ascend already; mixed runs keep that order.
    }

    /// Total width of the paragraph's justifiable spaces, in points.
    var total: Float { cumulative.last ?? 0 }

    /// Width of the justifiable spaces at offsets before `offset`, in points.
    @inline(__always)
    func width(before offset: Int) -> Float {
        var low = 0, high = offsets.count
        while low < high {
            let mid = (low + high) / 2
            if Int(offsets[mid]) < offset { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? 0 : cumulative[low - 1]
    }
}
