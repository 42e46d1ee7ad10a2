import Testing
import TypesetCore

/// Spreads of pages that ask for a side (EPUB's `page-spread-left`, `-right`, `rendition:page-spread-center`): every
/// request honoured, pages in reading order, a side left empty only where a request needs it.
@Suite struct PageSpreadSidesTests {
    typealias Side = PageSpread.Side

    static func pairs(_ sides: [Side?], _ progression: PageProgression = .leftToRight, firstAlone: Bool = true) -> [[Int?]] {
        PageSpread.spreads(sides: sides, progression: progression, firstPageAlone: firstAlone).map {
            $0.isCentered ? [$0.left] : [$0.left, $0.right]
        }
    }

    /// The W3C EPUB suite's fixed-layout spread tests, as they describe the spreads.
    @Test func theSuitesCases() {
        #expect(Self.pairs([nil, .left, nil, nil]) == [[nil, 0], [1, 2], [3, nil]], "lay-fxl-page-spread-left: page 2 on the left")
        #expect(Self.pairs([.right, nil, nil, nil]) == [[nil, 0], [1, 2], [3, nil]], "lay-fxl-page-spread-right: page 1 on the right")
        #expect(Self.pairs([.left, .right, .left, .right]) == [[0, 1], [2, 3]], "fxl-page-spread-break: two spreads, no break")
        #expect(Self.pairs([.center, nil, nil, nil]) == [[0], [1, 2], [3, nil]], "fxl-page-spread-center: page 1 alone, centred")
        // lay-page-layout-both-spread's shape: a page asking for the left while a left page is open starts a spread.
        #expect(Self.pairs([nil, .left, nil, .left, nil]) == [[nil, 0], [1, 2], [3, 4]])
        #expect(Self.pairs([nil, nil, .left]) == [[nil, 0], [1, nil], [2, nil]], "the open left page is closed with an empty right")
        #expect(Self.pairs([nil, .right]) == [[nil, 0], [nil, 1]], "a right page with no left page open stands alone")
    }

    @Test func rightToLeftMirrors() {
        // The earlier page of a spread is on the right; a page asking for the left still goes left.
        #expect(Self.pairs([nil, nil, nil], .rightToLeft) == [[0, nil], [2, 1]])
        #expect(Self.pairs([nil, .left, nil], .rightToLeft) == [[0, nil], [1, nil], [nil, 2]])
        #expect(Self.pairs([.right, .left], .rightToLeft, firstAlone: false) == [[1, 0]])
    }

    @Test func withoutRequestsItIsTheUsualPairing() {
        for count in 0...7 {
            for progression in PageProgression.allCases {
                for firstAlone in [true, false] {
                    let plain = PageSpread.spreads(pageCount: count, progression: progression, firstPageAlone: firstAlone)
                    #expect(PageSpread.spreads(sides: Array(repeating: nil, count: count), progression: progression,
                                               firstPageAlone: firstAlone) == plain)
                }
            }
        }
    }

    /// Every sequence of up to five requests (nil, left, right, centre) in both progressions, the first page alone or
    /// not: each page once, in reading order; each request honoured; an empty side only where the next page could not
    /// have filled it (it asks for the other side or for the centre, or it is the first page alone, or there is none).
    @Test func aGeneratedFamily() {
        let choices: [Side?] = [nil, .left, .right, .center]
        for length in 0...5 {
            var sequence = Array(repeating: 0, count: length)
            repeat {
                let sides = sequence.map { choices[$0] }
                for progression in PageProgression.allCases {
                    for firstAlone in [true, false] {
                        check(sides, progression, firstAlone)
                    }
                }
            } while Self.advance(&sequence, base: choices.count)
        }
    }

    private func check(_ sides: [Side?], _ progression: PageProgression, _ firstAlone: Bool) {
        let spreads = PageSpread.spreads(sides: sides, progression: progression, firstPageAlone: firstAlone)
        let order = spreads.flatMap { $0.isCentered ? [$0.left].compactMap { $0 } : $0.pages(in: progression) }
        #expect(order == Array(sides.indices), "\(sides) \(progression): pages \(order)")
        let firstSide: Side = progression == .leftToRight ? .left : .right
        for (index, spread) in spreads.enumerated() {
            if spread.isCentered {
                #expect(spread.right == nil && spread.left.map { sides[$0] == .center } == true, "\(sides): \(spread)")
                continue
            }
            #expect(spread.left != nil || spread.right != nil, "\(sides): an empty spread")
            if let left = spread.left { #expect(sides[left] == nil || sides[left] == .left, "\(sides): \(left) put left") }
            if let right = spread.right { #expect(sides[right] == nil || sides[right] == .right, "\(sides): \(right) put right") }
            let earlier = firstSide == .left ? spread.left : spread.right
            let later = firstSide == .left ? spread.right : spread.left
            if let earlier, later == nil, earlier + 1 < sides.count {
                // The next page did not fit the empty second side: it asks for the first side or the centre.
                #expect(sides[earlier + 1] == firstSide || sides[earlier + 1] == .center, "\(sides) \(progression): \(earlier + 1) could follow")
            }
            if let later, earlier == nil, later > 0, index > 0 {
                // The page before ended its own spread, or it was centred.
                let previous = spreads[index - 1]
                #expect(previous.isCentered || (previous.left != nil && previous.right != nil) || sides[later] != nil,
                        "\(sides) \(progression): \(later) alone needlessly")
            }
            if let later, earlier == nil, later == 0 {
                #expect(firstAlone || sides[0] != nil, "\(sides): the first page alone")
            }
        }
    }

    /// The next sequence in counting order; false after the last.
    static func advance(_ digits: inout [Int], base: Int) -> Bool {
        for index in digits.indices.reversed() {
            digits[index] += 1
            if digits[index] < base { return true }
            digits[index] = 0
        }
        return false
    }
}
