extension RandomAccessCollection where Index == Int {
    /// The first index whose element satisfies `isInUpperPart`, in a collection partitioned by it (every element
    /// that fails comes before every element that satisfies it: sorted offsets, ranges by their starts); `endIndex`
    /// when none does. A binary search: O(log n) calls of the predicate.
    @inline(__always)
    package func partitioningIndex(where isInUpperPart: (Element) -> Bool) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let mid = low + (high - low) / 2
            if isInUpperPart(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
