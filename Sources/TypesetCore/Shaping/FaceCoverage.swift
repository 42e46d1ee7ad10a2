/// A per-thread cache of which Basic Multilingual Plane characters one face covers, filled 64 code points at a
/// time, so itemization asks HarfBuzz's cmap once per block instead of once per character.
final class FaceCoverage {
    private let font: HarfBuzzFont
    private var computed = [UInt64](repeating: 0, count: 1024 / 64)
    private var covered = [UInt64](repeating: 0, count: 1024)

    init(font: HarfBuzzFont) { self.font = font }

    @inline(__always)
    func covers(_ codePoint: UInt32) -> Bool {
        guard codePoint < 0x10000 else { return font.glyph(for: codePoint) != nil }
        let word = Int(codePoint >> 6)
        if computed[word >> 6] & (1 << UInt64(word & 63)) == 0 { fill(word) }
        return covered[word] & (1 << UInt64(codePoint & 63)) != 0
    }

    private func fill(_ word: Int) {
        var bits: UInt64 = 0
        let base = UInt32(word << 6)
        for i in 0..<64 where font.glyph(for: base + UInt32(i)) != nil { bits |= 1 << UInt64(i) }
        covered[word] = bits
        computed[word >> 6] |= 1 << UInt64(word & 63)
    }
}
