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

    /// Auto margins (CSS 2.1 §10.3.3), a family over which are auto, start edges and widths: both take half of what
    /// the width leaves of the block's room, the start one all of it, none when the block is over-constrained (its
    /// end then gives way); the end indent follows the moved block.
    @Test(arguments: [BlockWidth.AutoMargins.none, .start, .both], [0.0, 2, 5])
    func autoMarginsMoveTheBlockTowardItsEnd(_ auto: BlockWidth.AutoMargins, _ start: Double) {
        for ems in [5.0, 10, 30] {
            var block = Self.width(.ems(ems), start: start, end: 1)
            block.autoMargins = auto
            let resolved = [block].indents(end: 1, columnWidth: Self.column, emSize: Self.em)
            let room = max(0, Self.column - (start + ems + 1) * Self.em)
            let shift = auto == .both ? room / 2 : auto == .start ? room : 0
            #expect(abs(resolved.shift - shift) < 1e-9, "\(auto), start \(start), width \(ems): \(resolved.shift)")
            let end = max(Self.em, Self.column - min(Self.column - Self.em, (start + ems) * Self.em + shift))
            #expect(abs(resolved.end - end) < 1e-9, "\(auto), start \(start), width \(ems): end \(resolved.end)")
        }
    }

    /// 50 % centred inside 50 % centred: the inner block's room is the outer's content box, moved with it.
    @Test func aCentredBlockMovesTheBlocksInsideIt() {
        var outer = Self.width(.percent(50)), inner = Self.width(.percent(50))
        outer.autoMargins = .both; inner.autoMargins = .both
        let resolved = [outer, inner].indents(end: 0, columnWidth: Self.column, emSize: Self.em)
        #expect(resolved.shift == 150 && resolved.end == 150, "\(resolved)")
        // A block without a width inside the centred one moves with it and ends with it.
        let auto = Self.width(nil, start: 1, end: 1, containerStart: 0, containerEnd: 0)
        let alone = [outer].indents(end: 0, columnWidth: Self.column, emSize: Self.em)
        #expect(alone.shift == 100 && alone.end == 100, "\(alone)")
        let inside = [outer, auto].indents(end: 1, columnWidth: Self.column, emSize: Self.em)
        #expect(inside.shift == 100 && inside.end == 116, "\(inside)")
    }

    @Test func meaninglessValuesGiveNoWidth() {
        for bad in [Double.nan, .infinity, -.infinity, -5] {
            let block = BlockWidth(width: .ems(bad), maxWidth: .percent(bad), start: bad, end: bad, containerStart: bad, containerEnd: bad)
            let indent = [block].endIndent(1, columnWidth: Self.column, emSize: Self.em)
            #expect(indent.isFinite && indent >= Self.em && indent <= Self.column, "\(bad): \(indent)")
            var centred = block
            centred.autoMargins = .both
            let shift = [centred].indents(end: 1, columnWidth: Self.column, emSize: Self.em).shift
            #expect(shift.isFinite && shift >= 0 && shift <= Self.column, "\(bad): shift \(shift)")
        }
        var style = ParagraphStyle()
        style.widths = Array(repeating: Self.width(.ems(10)), count: 9)
        #expect(style.sanitized.widths.count == BlockWidth.maximumNesting)
    }
}
