import Testing
@testable import TypesetCore

/// ``UnicodeRanges``: the union of any ranges, asked by binary search, against a plain reading of the same ranges.
@Suite struct UnicodeRangesTests {
    @Test func answersAsTheRangesDo() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let count = Int.random(in: 0...12, using: &generator)
            let ranges: [ClosedRange<UInt32>] = (0..<count).map { _ in
                let low = UInt32.random(in: 0...0x2FF, using: &generator)
                return low...(low + UInt32.random(in: 0...40, using: &generator))
            }
            let set = UnicodeRanges(ranges)
            for codePoint in UInt32(0)...0x340 {
                #expect(set.contains(codePoint) == ranges.contains { $0.contains(codePoint) }, "\(ranges) at \(codePoint)")
            }
            // Merged: disjoint, sorted, none adjacent.
            for (a, b) in zip(set.ranges, set.ranges.dropFirst()) { #expect(a.upperBound + 1 < b.lowerBound) }
        }
    }

    @Test func cutsOffPastTheLastCodePoint() {
        #expect(UnicodeRanges([0x10FF00...0x20_0000, 0x30_0000...0x30_0001]).ranges == [0x10FF00...0x10FFFF])
        #expect(UnicodeRanges([0...0x10FFFF]).isAll && !UnicodeRanges([1...0x10FFFF]).isAll)
    }
}
