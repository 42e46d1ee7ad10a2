import Testing
@testable import TypesetCore

/// ``ParagraphStyle/sanitized`` and a paragraph's boxes (``BoxDecoration``): a border is at most an em wide, its
/// lengths finite and not negative, at most ``BoxDecoration/maximumNesting`` boxes kept (the innermost), and boxes
/// already in range kept exactly as they are.
@Suite struct BoxSanitizingTests {
    static func box(_ id: Int, border: Double = 1.0 / 16, left: Double = 0.5, right: Double = 0.5, above: Double = 0.25,
                    below: Double = 0.25) -> BoxDecoration {
        BoxDecoration(id: id, border: .solid(border), left: left, right: right, above: above, below: below)
    }

    /// A family of boxes in range, nested 1 to ``BoxDecoration/maximumNesting`` deep: sanitizing keeps them all.
    @Test(arguments: [1, 2, BoxDecoration.maximumNesting], [0.0, 1.0 / 16, 1])
    func boxesInRangeAreKept(_ depth: Int, _ border: Double) {
        var style = ParagraphStyle()
        style.boxes = (0..<depth).map { Self.box($0, border: border, left: Double($0)) }
        #expect(style.sanitized.boxes == style.boxes)
    }

    /// Each length a book cannot mean, in each place, alone in an otherwise clean stack of boxes: the box comes out
    /// in range, and the other boxes as they were.
    @Test(arguments: [Double.nan, .infinity, -.infinity, -2, 1e300])
    func meaninglessLengthsAreCleaned(_ bad: Double) {
        // Set after the initializer, which cleans what it is given: as a caller may change a box.
        let places: [WritableKeyPath<BoxDecoration, Double>] = [\.left, \.right, \.above, \.below]
        var variants: [BoxDecoration] = places.map { place in
            var box = Self.box(1)
            box[keyPath: place] = bad
            return box
        }
        var bordered = Self.box(1)
        bordered.border.left = BorderEdge(width: 1, style: .solid)
        bordered.border.left.width = bad
        variants.append(bordered)
        for variant in variants {
            var style = ParagraphStyle()
            style.boxes = [Self.box(0), variant, Self.box(2)]
            let boxes = style.sanitized.boxes
            #expect(boxes.count == 3)
            #expect(boxes[0] == Self.box(0) && boxes[2] == Self.box(2))
            let cleaned = boxes[1]
            for edge in [cleaned.border.top, cleaned.border.right, cleaned.border.bottom, cleaned.border.left] {
                #expect(edge.width.isFinite && edge.width >= 0 && edge.width <= 1, "\(bad): border \(edge.width)")
            }
            for length in [cleaned.left, cleaned.right, cleaned.above, cleaned.below] {
                #expect(length.isFinite && length >= 0 && length <= ParagraphStyle.maximumEms, "\(bad): \(length)")
            }
        }
    }

    /// Boxes nested deeper than ``BoxDecoration/maximumNesting``: the innermost are kept.
    @Test func deepNestingKeepsTheInnermost() {
        var style = ParagraphStyle()
        style.boxes = (0..<(BoxDecoration.maximumNesting + 3)).map { Self.box($0) }
        #expect(style.sanitized.boxes.map(\.id) == Array(3..<(BoxDecoration.maximumNesting + 3)))
    }
}
