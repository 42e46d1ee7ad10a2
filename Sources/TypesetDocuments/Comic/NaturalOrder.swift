/// The order people expect of numbered file names: `page2` before `page10`, `Page 3` beside `page 3`.
///
/// Names are compared as runs of digits and runs of anything else: digit runs by their value (leading zeros
/// ignored), other runs by their Unicode scalars, case-folded; names equal so far by fewer leading zeros, then by
/// their scalars as they are, so that the order is total. Linear in the names' length; no number is ever converted, so a digit run of any
/// length compares correctly.
enum NaturalOrder {
    /// Whether `a` comes before `b`.
    static func precedes(_ a: String, _ b: String) -> Bool {
        let left = chunks(a), right = chunks(b)
        for (x, y) in zip(left, right) {
            if let order = compare(x, y) { return order }
        }
        if left.count != right.count { return left.count < right.count }
        // Equal but for zeros and case: fewer leading zeros first (`1` before `01`), then a fixed order all the same.
        for (x, y) in zip(left, right) where x.isDigits && x.scalars.count != y.scalars.count {
            return x.scalars.count < y.scalars.count
        }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }

    private struct Chunk {
        let scalars: [Unicode.Scalar]
        let isDigits: Bool
    }

    private static func chunks(_ name: String) -> [Chunk] {
        var result: [Chunk] = []
        var current: [Unicode.Scalar] = []
        var digits = false
        for scalar in name.unicodeScalars {
            let isDigit = scalar.value >= 0x30 && scalar.value <= 0x39
            if !current.isEmpty && isDigit != digits {
                result.append(Chunk(scalars: current, isDigits: digits))
                current = []
            }
            digits = isDigit
            current.append(scalar)
        }
        if !current.isEmpty { result.append(Chunk(scalars: current, isDigits: digits)) }
        return result
    }

    /// The order of two chunks, nil when they are equal.
    private static func compare(_ x: Chunk, _ y: Chunk) -> Bool? {
        if x.isDigits && y.isDigits {
            let a = x.scalars.drop { $0 == "0" }, b = y.scalars.drop { $0 == "0" }
            if a.count != b.count { return a.count < b.count }
            return a.elementsEqual(b) ? nil : a.lexicographicallyPrecedes(b)
        }
        if x.isDigits != y.isDigits { return x.isDigits }
        let a = String(String.UnicodeScalarView(x.scalars)).lowercased(), b = String(String.UnicodeScalarView(y.scalars)).lowercased()
        if a != b { return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) }
        return nil
    }
}
