/// The code points a face serves: CSS Fonts 4 §4.5's `unicode-range` of a book's `@font-face` rule.
///
/// A face serves a character only when its range holds it and its `cmap` maps it; anything else falls to the next
/// face, as if the face lacked it. Kept sorted and merged, so a lookup is a binary search.
public struct UnicodeRanges: Hashable, Sendable {
    /// Disjoint, sorted, with no two adjacent.
    public let ranges: [ClosedRange<UInt32>]

    /// Every code point (`U+0-10FFFF`, the descriptor's initial value).
    public static let all = UnicodeRanges([0...0x10FFFF])

    /// The union of `ranges` (any order, overlapping or not; values above U+10FFFF are cut off there).
    public init(_ ranges: [ClosedRange<UInt32>]) {
        var merged: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.lowerBound <= 0x10FFFF {
            let range = range.lowerBound...min(range.upperBound, 0x10FFFF)
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
    }

    /// Whether every code point is served.
    public var isAll: Bool { ranges == [0...0x10FFFF] }

    /// The code points of these ranges that `other` does not hold.
    public func subtracting(_ other: UnicodeRanges) -> UnicodeRanges {
        var result: [ClosedRange<UInt32>] = []
        var cut = other.ranges.startIndex
        for range in ranges {
            var low = range.lowerBound
            var open = true
            while cut < other.ranges.endIndex && other.ranges[cut].upperBound < low { cut += 1 }
            var next = cut
            while open, next < other.ranges.endIndex, other.ranges[next].lowerBound <= range.upperBound {
                let hole = other.ranges[next]
                if hole.lowerBound > low { result.append(low...(hole.lowerBound - 1)) }
                if hole.upperBound >= range.upperBound { open = false } else { low = hole.upperBound + 1; next += 1 }
            }
            if open { result.append(low...range.upperBound) }
        }
        return UnicodeRanges(result)
    }

    /// Whether `codePoint` is in one of the ranges.
    @inline(__always)
    public func contains(_ codePoint: UInt32) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < codePoint { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].lowerBound <= codePoint
    }
}
