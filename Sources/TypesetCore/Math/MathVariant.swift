/// A `mathvariant`: a style of mathematical letters, drawn with the Unicode Mathematical Alphanumeric Symbols
/// (U+1D400–U+1D7FF and the Letterlike Symbols they borrow), as MathML Core's `text-transform` does. The mappings are
/// the specification's tables (`make-math-tables.py` → `MathTables.swift`).
enum MathVariant: String, CaseIterable {
    case normal, bold, italic, boldItalic = "bold-italic", script, boldScript = "bold-script", fraktur,
         doubleStruck = "double-struck", boldFraktur = "bold-fraktur", sansSerif = "sans-serif",
         boldSansSerif = "bold-sans-serif", sansSerifItalic = "sans-serif-italic",
         sansSerifBoldItalic = "sans-serif-bold-italic", monospace, initial, tailed, looped, stretched

    /// The variant an attribute value names (ASCII case-insensitive), nil for another value.
    init?(attribute: String) {
        self.init(rawValue: attribute.trimmingSpaces.lowercased())
    }

    /// `scalar` in this variant: its mathematical alphanumeric, or itself when it has none.
    func transform(_ scalar: UInt32) -> UInt32 {
        let runs = self.runs
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].first <= scalar { low = middle + 1 } else { high = middle }
        }
        guard low > 0, scalar <= runs[low - 1].last else { return scalar }
        return UInt32(Int64(scalar) + Int64(runs[low - 1].delta))
    }
}

extension StringProtocol {
    /// The string without leading and trailing ASCII white space.
    var trimmingSpaces: SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
