internal import CICU

/// Bidi resolution (UAX #9) through ICU.
enum Bidi {
    /// Whether a UTF-16 unit can start right-to-left text or a bidi control, so that a paragraph without any
    /// such unit can skip ICU (all levels 0).
    @inline(__always)
    static func mayNeedResolution(_ unit: UInt16) -> Bool {
        // Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic... (U+0590–U+08FF), bidi controls
        // (U+200E/F, U+202A–E, U+2066–9), RTL presentation forms (U+FB1D–U+FDFF, U+FE70–U+FEFF), and
        // surrogates (supplementary RTL scripts such as Adlam, Hanifi Rohingya, RTL numerals).
        (unit >= 0x0590 && unit <= 0x08FF) || unit == 0x200E || unit == 0x200F
            || (unit >= 0x202A && unit <= 0x202E) || (unit >= 0x2066 && unit <= 0x2069)
            || (unit >= 0xFB1D && unit <= 0xFDFF) || (unit >= 0xFE70 && unit <= 0xFEFF)
            || (unit >= 0xD800 && unit <= 0xDFFF)
    }

    /// Resolves embedding levels for `units`.
    ///
    /// - Parameters:
    ///   - base: The paragraph direction, or nil to take it from the first strong character (LTR if none).
    /// - Returns: One level per unit (even = LTR, odd = RTL) and the paragraph level; nil levels mean "all equal
    ///   to the paragraph level" (the fast path).
    static func resolve(_ units: ArraySlice<UInt16>, base: WritingDirection?) -> (levels: [UInt8]?, paragraphLevel: UInt8) {
        let requested: UInt8 = switch base {
        case .leftToRight: 0
        case .rightToLeft: 1
        case nil: 0xFE
        }
        // A plain loop with the common case (below U+0590) tested first: `contains(where:)` over the slice is
        // not specialised, and this runs for every paragraph shaped.
        let mayNeed = units.withContiguousStorageIfAvailable { text in
            for unit in text where unit >= 0x0590 && mayNeedResolution(unit) { return true }
            return false
        } ?? units.contains(where: mayNeedResolution)
        // A right-to-left paragraph always goes through ICU: its left-to-right letters sit at level 2, not at the
        // paragraph's level 1 (which would draw "There" as "erehT").
        guard !units.isEmpty, mayNeed || requested == 1 else {
            return (nil, requested == 1 ? 1 : 0)
        }
        var levels = [UInt8](repeating: 0, count: units.count)
        var paragraphLevel: UInt8 = 0
        let status = units.withContiguousStorageIfAvailable { text in
            levels.withUnsafeMutableBufferPointer { out in
                CICU_bidiResolveLevels(text.baseAddress, Int32(text.count), requested, out.baseAddress, &paragraphLevel)
            }
        } ?? Array(units).withUnsafeBufferPointer { text in
            levels.withUnsafeMutableBufferPointer { out in
                CICU_bidiResolveLevels(text.baseAddress, Int32(text.count), requested, out.baseAddress, &paragraphLevel)
            }
        }
        // ICU fails only on allocation failure or absurd lengths; lay the text out left to right then.
        guard status == 0 else { return (nil, requested == 1 ? 1 : 0) }
        if levels.allSatisfy({ $0 == paragraphLevel }) { return (nil, paragraphLevel) }
        return (levels, paragraphLevel)
    }

    /// The visual order of runs with the given levels (UAX #9 rule L2): element `i` is the logical index of the
    /// run drawn `i`-th from the left.
    static func visualOrder(levels: [UInt8]) -> [Int] {
        guard levels.count > 1, levels.contains(where: { $0 != levels[0] || $0 & 1 == 1 }) else {
            return Array(levels.indices)
        }
        var map = [Int32](repeating: 0, count: levels.count)
        _ = levels.withUnsafeBufferPointer { l in
            map.withUnsafeMutableBufferPointer { m in CICU_bidiReorderVisual(l.baseAddress, Int32(l.count), m.baseAddress) }
        }
        return map.map(Int.init)
    }
}
