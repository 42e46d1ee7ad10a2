/// A per-thread cache of which Basic Multilingual Plane characters one face covers, filled 64 code points at a
/// time, so itemization asks HarfBuzz's cmap once per block instead of once per character.
final class FaceCoverage {
    private let font: HarfBuzzFont
    private var computed = [UInt64](repeating: 0, count: 1024 / 64)
    private var covered = [UInt64](repeating: 0, count: 1024)
    /// ``LatinRunClass`` of every BMP code unit for this face as the primary face, 0xFF where not yet computed
    /// (filled 64 units at a time, like `covered`). One byte per unit: itemization reads it for every unit.
    private let runClasses = UnsafeMutablePointer<UInt8>.allocate(capacity: 0x1_0000)

    init(font: HarfBuzzFont) {
        self.font = font
        runClasses.initialize(repeating: 0xFF, count: 0x1_0000)
    }

    deinit { runClasses.deallocate() }

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

    /// How a code unit itemizes when this face is the paragraph's primary face and the text has no bidi levels:
    /// whether it simply extends a primary-face Latin (or neutral) run, and whether it makes such a run Latin.
    enum LatinRunClass: UInt8 {
        /// Needs the full itemization (not covered, another script, a mark, a joiner or selector, a surrogate).
        case other = 0
        /// Covered and of the Common script: extends the run without changing its script.
        case neutral = 1
        /// A covered Latin letter: extends the run and makes it Latin.
        case latin = 2
    }

    /// The ``LatinRunClass`` of a BMP code unit (ASCII by coverage alone, as control characters go with their
    /// neighbours anyway).
    @inline(__always)
    func latinRunClass(_ unit: UInt16) -> LatinRunClass {
        var value = runClasses[Int(unit)]
        if value == 0xFF {
            fillRunClasses(Int(unit) & ~63)
            value = runClasses[Int(unit)]
        }
        return LatinRunClass(rawValue: value) ?? .other
    }

    private func fillRunClasses(_ start: Int) {
        for unit in start..<start + 64 {
            let codePoint = UInt32(unit)
            let script = HarfBuzzUnicode.script(of: codePoint)
            let runClass: LatinRunClass
            if !covers(codePoint) || UTF16.isLeadSurrogate(UInt16(unit)) || UTF16.isTrailSurrogate(UInt16(unit)) {
                runClass = .other
            } else if codePoint < 0x80 {
                runClass = script == HarfBuzzUnicode.latin ? .latin : .neutral
            } else if CharacterClass.followsNeighbourFont(codePoint) || HarfBuzzUnicode.isMark(codePoint) {
                runClass = .other
            } else {
                runClass = script == HarfBuzzUnicode.latin ? .latin : script == HarfBuzzUnicode.common ? .neutral : .other
            }
            runClasses[unit] = runClass.rawValue
        }
    }
}
