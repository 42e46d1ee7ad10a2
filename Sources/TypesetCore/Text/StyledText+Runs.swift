extension StyledText {
    /// The runs of consecutive paragraphs of `paragraphRange` that carry a `value` (a float, a multi-column block):
    /// each from a paragraph with one to the last whose value `continuedBy` says continues it, in order. One pass.
    func runs<Value>(in paragraphRange: Range<Int>, of value: (borrowing ParagraphStyle) -> Value?,
                     continuedBy continues: (Value) -> Bool) -> [(paragraphs: Range<Int>, value: Value)] {
        var runs: [(paragraphs: Range<Int>, value: Value)] = []
        var index = paragraphRange.lowerBound
        while index < paragraphRange.upperBound {
            guard let first = value(paragraphs[index].style) else { index += 1; continue }
            var end = index + 1
            while end < paragraphRange.upperBound, let next = value(paragraphs[end].style), continues(next) { end += 1 }
            runs.append((index..<end, first))
            index = end
        }
        return runs
    }
}
