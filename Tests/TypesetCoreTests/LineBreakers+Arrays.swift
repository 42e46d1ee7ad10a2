@testable import TypesetCore

// The breakers take their candidates as a buffer pointer (the layouter passes a shaped paragraph's block or its
// scratch without copying); the tests hold them as arrays.

extension GreedyLineBreaker {
    func breakLines(_ shaped: ShapedParagraph, breaks: some Collection<UInt32>, metrics: ParagraphMetrics,
                    units: ArraySlice<UInt16>, hyphenWidth: (Int) -> Float, graphemes: () -> BreakIterator?) -> [LineBreak] {
        Array(breaks).withUnsafeBufferPointer {
            breakLines(shaped, breaks: $0, metrics: metrics, units: units, hyphenWidth: hyphenWidth, graphemes: graphemes)
        }
    }
}

extension OptimalLineBreaker {
    func breakLines(_ shaped: ShapedParagraph, breaks: some Collection<UInt32>, metrics: ParagraphMetrics,
                    units: ArraySlice<UInt16>, sizes: [Float], hyphenWidth: (Int) -> Float, scratch: Scratch) -> [LineBreak]? {
        Array(breaks).withUnsafeBufferPointer {
            breakLines(shaped, breaks: $0, metrics: metrics, units: units, sizes: sizes, hyphenWidth: hyphenWidth, scratch: scratch)
        }
    }
}
