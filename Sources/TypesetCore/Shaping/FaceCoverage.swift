/// A per-thread cache of which Basic Multilingual Plane characters one face covers, filled 64 code points at a
/// time, so itemization asks HarfBuzz's cmap once per block instead of once per character.
final class FaceCoverage {
    private let font: HarfBuzzFont
    private var covered = [UInt64](repeating: 0, count: 1024)
    /// ``LatinRunClass`` of every BMP code unit for this face as the primary face, 0xFF where neither it nor
    /// `covered` is computed yet (both are filled together, 64 units at a time). One byte per unit: itemization
    /// reads it for every unit.
    private let runClasses = UnsafeMutablePointer<UInt8>.allocate(capacity: 0x1_0000)

    /// Whether the face covers every printable ASCII character and the space (U+0020 to U+007E), so that
    /// itemization may pass four of them at a time (``ParagraphShaper/Itemizing/scanLatinRun(_:from:to:coverage:)``).
    private(set) var coversASCIIText = false

    init(font: HarfBuzzFont) {
        self.font = font
        runClasses.initialize(repeating: 0xFF, count: 0x1_0000)
        coversASCIIText = (0x20...0x7E).allSatisfy { covers(UInt32($0)) }
    }

    /// Whether each of the four UTF-16 units in `four` is printable ASCII or the space (U+0020 to U+007E). Adding
    /// 0x60 sets a lane's bit 7 when it is at least 0x20, adding 1 when it is 0x7F; lanes under 0x80 carry into no
    /// other.
    @inline(__always)
    static func isASCIIText(_ four: UInt64) -> Bool {
        let ones: UInt64 = 0x0001_0001_0001_0001, sevens: UInt64 = 0x0080_0080_0080_0080
        return four & 0xFF80_FF80_FF80_FF80 == 0 && (four &+ 0x60 &* ones) & sevens == sevens && (four &+ ones) & sevens == 0
    }

    /// Bit 7 of each lane of four ASCII units (``isASCIIText(_:)``) that is a letter: lowercased (setting bit 5 maps
    /// exactly the capitals onto `a`...`z`), a lane is a letter when adding 0x1F sets its bit 7 and adding 5 does not
    /// (0x61 <= lane < 0x7B).
    @inline(__always)
    static func letterLanes(_ four: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0001_0001_0001_0001, sevens: UInt64 = 0x0080_0080_0080_0080
        let lower = four | 0x20 &* ones
        return (lower &+ 0x1F &* ones) & ~(lower &+ 5 &* ones) & sevens
    }

    /// Bit 15 of each lane of four ASCII units (``isASCIIText(_:)``) that is a space: a lane is not one when its bits
    /// other than the space's, less bit 15, plus 0x7FFF reach bit 15 (no carry leaves a lane).
    @inline(__always)
    static func spaceLanes(_ four: UInt64) -> UInt64 {
        let low: UInt64 = 0x7FFF_7FFF_7FFF_7FFF, highs: UInt64 = 0x8000_8000_8000_8000
        let other = four ^ 0x0020_0020_0020_0020
        return ~(((other & low) &+ low) | other) & highs
    }

    @inline(__always)
    func covers(_ codePoint: UInt32) -> Bool {
        guard codePoint < 0x10000 else { return font.glyph(for: codePoint) != nil }
        if runClasses[Int(codePoint)] == 0xFF { fill(Int(codePoint >> 6)) }
        return covered[Int(codePoint >> 6)] & (1 << UInt64(codePoint & 63)) != 0
    }

    /// Computes 64 code points' coverage and ``LatinRunClass``es at once (one HarfBuzz cmap and script lookup each).
    private func fill(_ word: Int) {
        var bits: UInt64 = 0
        let base = UInt32(word << 6)
        for i in 0..<64 where font.glyph(for: base + UInt32(i)) != nil { bits |= 1 << UInt64(i) }
        covered[word] = bits
        for i in 0..<64 {
            let codePoint = base + UInt32(i)
            runClasses[Int(codePoint)] = Self.runClass(codePoint, covered: bits & (1 << UInt64(i)) != 0).rawValue
        }
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
            fill(Int(unit) >> 6)
            value = runClasses[Int(unit)]
        }
        return LatinRunClass(rawValue: value) ?? .other
    }

    private static func runClass(_ codePoint: UInt32, covered: Bool) -> LatinRunClass {
        guard covered, !UTF16.isLeadSurrogate(UInt16(codePoint)), !UTF16.isTrailSurrogate(UInt16(codePoint)) else {
            return .other
        }
        let script = HarfBuzzUnicode.script(of: codePoint)
        if codePoint < 0x80 { return script == HarfBuzzUnicode.latin ? .latin : .neutral }
        if CharacterClass.followsNeighbourFont(codePoint) || HarfBuzzUnicode.isMark(codePoint) { return .other }
        return script == HarfBuzzUnicode.latin ? .latin : script == HarfBuzzUnicode.common ? .neutral : .other
    }
}
