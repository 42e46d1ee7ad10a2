/// Exact search in UTF-16 units, in time linear in the text and the pattern: every occurrence of a pattern, and
/// how many units of a second pattern agree with the text from given places on.
///
/// Knuth–Morris–Pratt rather than ICU's `usearch` or the two-way algorithm: a Locator's quote is verbatim text
/// (no collation or normalisation: `usearch` matches canonically equivalent and ignorable characters, and its
/// worst case is not linear), every occurrence is wanted (the one whose context agrees best wins, see
/// `Publication.resolve`), and the agreement of the context is the Z-algorithm's matching statistics, which
/// reuse the same kind of table. Two-way finds one occurrence in constant memory, which is not the question
/// asked here. The reading app's search field (collation-aware, ICU `usearch`) is a different job; this is the
/// exact-match primitive beside it, for any part of the package.
package struct UTF16Search {
    /// The pattern.
    package let pattern: [UInt16]
    /// `failure[i]`: the length of the longest proper prefix of `pattern[...i]` that is also its suffix.
    private let failure: [Int]

    /// Prepares a search for `pattern` (O(pattern)).
    package init(_ pattern: [UInt16]) {
        self.pattern = pattern
        var failure = [Int](repeating: 0, count: pattern.count)
        var k = 0
        for i in pattern.indices.dropFirst() {
            while k > 0 && pattern[i] != pattern[k] { k = failure[k - 1] }
            if pattern[i] == pattern[k] { k += 1 }
            failure[i] = k
        }
        self.failure = failure
    }

    /// Calls `body` with the start of every occurrence of the pattern in `text` (overlapping ones included), in
    /// the order they end while the text is read. Nothing for an empty pattern. O(text + pattern).
    package func forEachOccurrence(in text: UnitsView, _ body: (Int) -> Void) {
        let m = pattern.count
        guard m > 0, text.count >= m else { return }
        var k = 0
        for i in 0..<text.count {
            let unit = text[i]
            while k > 0 && unit != pattern[k] { k = failure[k - 1] }
            if unit == pattern[k] { k += 1 }
            if k == m {
                body(i + 1 - m)
                k = failure[k - 1]
            }
        }
    }

    /// How many of the pattern's first units the text has from a position on, for positions asked in ascending
    /// order: O(text + pattern) over all the positions together, however many (the Z-algorithm: the rightmost
    /// stretch of text found equal to a prefix of the pattern tells most of the answer at the positions inside it).
    package struct Agreement {
        private let pattern: [UInt16]
        private let text: UnitsView
        /// `z[i]`: how many units of `pattern[i...]` equal the pattern's first units.
        private let z: [Int]
        /// `text[left..<right]` equals `pattern[0..<right - left]`, with `right` the furthest such end found.
        private var left = 0, right = 0
        /// The next position to go through, and the answer at the one before it.
        private var next = 0, last = 0

        package init(pattern: [UInt16], text: UnitsView) {
            self.pattern = pattern
            self.text = text
            let m = pattern.count
            var z = [Int](repeating: 0, count: m)
            if m > 0 { z[0] = m }
            var left = 0, right = 0
            for i in 1..<max(1, m) {
                if i < right { z[i] = min(right - i, z[i - left]) }
                while i + z[i] < m && pattern[z[i]] == pattern[i + z[i]] { z[i] += 1 }
                if i + z[i] > right { left = i; right = i + z[i] }
            }
            self.z = z
        }

        /// The number of units from `position` (at least the last position asked, at most the text's count) that
        /// equal the pattern's first units.
        package mutating func at(_ position: Int) -> Int {
            let m = pattern.count
            guard m > 0 else { return 0 }
            // Every position up to this one goes through the same steps, so that the stretch stays right.
            while next <= position {
                var length = 0
                if next < right { length = min(right - next, z[next - left]) }
                if next + length >= right {
                    length = max(0, right - next)
                    while length < m && next + length < text.count && text[next + length] == pattern[length] { length += 1 }
                    if next + length > right { left = next; right = next + length }
                }
                last = length
                next += 1
            }
            return next == position + 1 ? last : 0
        }
    }
}

/// UTF-16 units read forwards or from the end, indexed from 0 either way (`reversed[0]` is the last unit).
package struct UnitsView {
    private let base: UnsafeBufferPointer<UInt16>
    private let reversed: Bool
    /// The number of units.
    package var count: Int { base.count }

    /// The units of `base` (which must outlive the view), read from the end when `reversed`.
    package init(_ base: UnsafeBufferPointer<UInt16>, reversed: Bool = false) {
        self.base = base
        self.reversed = reversed
    }

    @inline(__always)
    package subscript(index: Int) -> UInt16 { reversed ? base[base.count - 1 - index] : base[index] }
}
