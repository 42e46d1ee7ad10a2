extension PageSpread {
    /// Where a page asks to be shown in a spread (EPUB's `page-spread-left`, `page-spread-right` and
    /// `rendition:page-spread-center` spine properties).
    public enum Side: String, Hashable, Sendable {
        /// The left-hand page of a spread.
        case left
        /// The right-hand page of a spread.
        case right
        /// Alone, centred, in no spread.
        case center
    }

    /// The spreads of pages that may each ask for a side, in reading order (EPUB 3.3 §8.2.2.5, `rendition:spread`
    /// and the `page-spread-*` properties).
    ///
    /// Pages fill spreads in reading order, the earlier page of each on the left for left-to-right progression and
    /// on the right for right-to-left. A page that asks for the side the next free slot is not on closes the open
    /// spread with an empty side (a page asking for the spread's first side while one is open starts a new
    /// spread; one asking for its second side when none is open stands alone on it); a centred page closes the open
    /// spread and stands alone (`isCentered`, `left` holds it). `firstPageAlone` puts a first page that asks for
    /// nothing on the recto, as ``spreads(pageCount:progression:firstPageAlone:)`` does. Linear in the page count.
    ///
    /// - Parameters:
    ///   - sides: Each page's side, nil where the page asks for none.
    ///   - progression: The direction pages turn in.
    ///   - firstPageAlone: Whether a first page that asks for no side stands alone on the recto.
    public static func spreads(sides: [Side?], progression: PageProgression, firstPageAlone: Bool = true) -> [PageSpread] {
        let first: Side = progression == .leftToRight ? .left : .right
        var result: [PageSpread] = []
        var open: Int?                         // a page waiting on the spread's first side
        func emit(firstSide: Int?, secondSide: Int?) {
            result.append(first == .left ? PageSpread(left: firstSide, right: secondSide) : PageSpread(left: secondSide, right: firstSide))
        }
        func flush() {
            if let page = open { emit(firstSide: page, secondSide: nil) }
            open = nil
        }
        for (page, side) in sides.enumerated() {
            switch side {
            case .center?:
                flush()
                var alone = PageSpread(left: page, right: nil)
                alone.isCentered = true
                result.append(alone)
            case let side? where side == first:
                flush()
                open = page
            case .some:                         // the spread's second side
                emit(firstSide: open, secondSide: page)
                open = nil
            case nil where open != nil:
                emit(firstSide: open, secondSide: page)
                open = nil
            case nil where page == 0 && firstPageAlone:
                emit(firstSide: nil, secondSide: page)
            case nil:
                open = page
            }
        }
        flush()
        return result
    }
}
