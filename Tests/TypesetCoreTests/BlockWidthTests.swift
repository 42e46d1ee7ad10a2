import Testing
@testable import TypesetCore

/// ``BlockWidth`` resolved in a column (CSS 2.1 §10.3.3): a used width moves a line's end in, never out; a
/// percentage is of the containing block, narrowed by the widths around it; values a book cannot mean (NaN,
/// infinite, negative) give no width rather than a line past the column; nesting is kept 4 deep.
@Suite struct BlockWidthTests {
    static let em = 16.0, column = 400.0

    static func width(_ length: BackgroundLayer.Length?, max: BackgroundLayer.Length? = nil, start: Double = 0, end: Double = 0,
                      containerStart: Double = 0, containerEnd: Double = 0) -> BlockWidth {
        BlockWidth(width: length, maxWidth: max, start: start, end: end, containerStart: containerStart, containerEnd: containerEnd)
    }

    /// A family over widths, start edges and end indents: the line ends at the block's start plus its width when
    /// that is sooner than its indent, and its indent is never lowered.
    @Test(arguments: [0.0, 1, 2.5], [5.0, 10, 30])
    func aWidthEndsTheLineAtItsStartPlusTheWidth(_ start: Double, _ ems: Double) {
        for endIndent in [0.0, 1, 8] {
            let indent = [Self.width(.ems(ems), start: start, end: endIndent)].endIndent(endIndent, columnWidth: Self.column, emSize: Self.em)
            let expected = max(endIndent * Self.em, Self.column - (start + ems) * Self.em)
            #expect(abs(indent - expected) < 1e-9, "start \(start), width \(ems), indent \(endIndent): \(indent)")
        }
    }

    /// 50 % inside a block 50 % of the column is a quarter of it; inside an auto block with 2 em padding, of the rest.
    @Test func percentagesAreOfTheContainingBlock() {
        let outer = Self.width(.percent(50)), inner = Self.width(.percent(50))
        #expect([outer, inner].endIndent(0, columnWidth: Self.column, emSize: Self.em) == Self.column * 0.75)
        let padded = Self.width(.percent(50), start: 2, end: 2, containerStart: 2, containerEnd: 2)
        #expect([padded].endIndent(2, columnWidth: Self.column, emSize: Self.em) == Self.column - (32 + (Self.column - 64) / 2))
    }

    @Test func meaninglessValuesGiveNoWidth() {
        for bad in [Double.nan, .infinity, -.infinity, -5] {
            let block = BlockWidth(width: .ems(bad), maxWidth: .percent(bad), start: bad, end: bad, containerStart: bad, containerEnd: bad)
            let indent = [block].endIndent(1, columnWidth: Self.column, emSize: Self.em)
            #expect(indent.isFinite && indent >= Self.em && indent <= Self.column, "\(bad): \(indent)")
        }
        var style = ParagraphStyle()
        style.widths = Array(repeating: Self.width(.ems(10)), count: 9)
        #expect(style.sanitized.widths.count == BlockWidth.maximumNesting)
    }
}
