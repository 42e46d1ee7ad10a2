@testable import TypesetCore

// The breakers take their candidates as a buffer pointer in a LineBreakInput, and its metrics through a pointer (the
// layouter passes a shaped paragraph's block or its scratch without copying); the tests hold them as values.

extension LineBreakInput {
    /// Calls `body` with the input for `shaped` broken at `breaks` in lines `width` points wide (the first
    /// `firstLineWidth`).
    static func with<T>(_ shaped: ShapedParagraph, breaks: some Collection<UInt32>, metrics: ParagraphMetrics,
                        units: ArraySlice<UInt16>, sizes: [Float] = [], faces: [FontFace] = [], firstLineWidth: Float,
                        width: Float, _ body: (LineBreakInput) -> T) -> T {
        Array(breaks).withUnsafeBufferPointer { candidates in
            withUnsafePointer(to: metrics) { metrics in
                withUnsafePointer(to: shaped) { shaped in
                    withUnsafePointer(to: sizes) { sizes in
                        withUnsafePointer(to: faces) { faces in
                            withUnsafePointer(to: units) { content in units.withUnsafeBufferPointer { units in
                                body(LineBreakInput(shapedPointer: shaped, contentPointer: content, units: units, candidates: candidates,
                                                    metricsPointer: metrics, sizesPointer: sizes, facesPointer: faces,
                                                    widths: LineWidths(first: firstLineWidth, other: width)))
                            } }
                        }
                    }
                }
            }
        }
    }
}
