extension Int {
    /// `self + other`, or `Int.max` / `Int.min` where the sum would overflow: for totals and ends built from numbers
    /// a caller or a file gave (an offset plus a length, a running count of bytes), which must never trap.
    @inline(__always)
    package func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// `self - other`, or `Int.max` / `Int.min` where the difference would overflow.
    @inline(__always)
    package func subtractingSaturating(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }

    /// `self * other`, or `Int.max` / `Int.min` where the product would overflow.
    @inline(__always)
    package func multipliedSaturating(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? ((self < 0) == (other < 0) ? .max : .min) : product
    }
}
