/// A line-break candidate packed into 32 bits: the content offset shifted left by two, bit 1 set when a break
/// there shows a hyphen (a soft hyphen or a dictionary hyphenation point), bit 0 set for a mandatory break.
/// Both breakers walk arrays of these, ascending by offset.
enum BreakCandidate {
    @inline(__always)
    static func encode(offset: Int, mandatory: Bool, hyphenated: Bool = false) -> UInt32 {
        UInt32(offset) << 2 | (hyphenated ? 2 : 0) | (mandatory ? 1 : 0)
    }

    @inline(__always) static func offset(_ candidate: UInt32) -> Int { Int(candidate >> 2) }
    @inline(__always) static func isMandatory(_ candidate: UInt32) -> Bool { candidate & 1 != 0 }
    @inline(__always) static func isHyphenated(_ candidate: UInt32) -> Bool { candidate & 2 != 0 }

    /// Merges UAX #14 opportunities with hyphenation points (both ascending) into `result`; a point that is
    /// already an opportunity stays a plain opportunity.
    static func merge(_ breaks: [UInt32], hyphenationPoints: [UInt32], into result: inout [UInt32]) {
        result.removeAll(keepingCapacity: true)
        result.reserveCapacity(breaks.count + hyphenationPoints.count)
        var h = 0
        for candidate in breaks {
            let offset = UInt32(BreakCandidate.offset(candidate))
            while h < hyphenationPoints.count, hyphenationPoints[h] < offset {
                result.append(hyphenationPoints[h] << 2 | 2)
                h += 1
            }
            if h < hyphenationPoints.count, hyphenationPoints[h] == offset { h += 1 }
            result.append(candidate)
        }
    }
}
