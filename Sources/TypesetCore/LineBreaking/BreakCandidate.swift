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
    static func merge(_ breaks: some Collection<UInt32>, hyphenationPoints: [UInt32], into result: inout [UInt32]) {
        result.removeAll(keepingCapacity: true)
        result.reserveCapacity(breaks.count + hyphenationPoints.count)
        merge(breaks, hyphenationPoints: hyphenationPoints) { result.append($0) }
    }

    /// The same, into a layout worker's scratch (see ``CandidateScratch``).
    static func merge(_ breaks: some Collection<UInt32>, hyphenationPoints: [UInt32], into result: CandidateScratch) {
        result.removeAll()
        result.reserve(breaks.count + hyphenationPoints.count)
        merge(breaks, hyphenationPoints: hyphenationPoints) { result.append($0) }
    }

    @inline(__always)
    private static func merge(_ breaks: some Collection<UInt32>, hyphenationPoints: [UInt32], append: (UInt32) -> Void) {
        var h = 0
        for candidate in breaks {
            let offset = UInt32(BreakCandidate.offset(candidate))
            while h < hyphenationPoints.count, hyphenationPoints[h] < offset {
                append(hyphenationPoints[h] << 2 | 2)
                h += 1
            }
            if h < hyphenationPoints.count, hyphenationPoints[h] == offset { h += 1 }
            append(candidate)
        }
    }
}

/// The break candidates of the paragraph being laid out when they are its own merged with hyphenation points: one
/// block a layout worker keeps from paragraph to paragraph, which the breakers read through a pointer as they read
/// a shaped paragraph's own opportunities (no closure or copy per paragraph to reach either).
final class CandidateScratch {
    private var base = UnsafeMutablePointer<UInt32>.allocate(capacity: 0)
    private var capacity = 0
    private(set) var count = 0

    deinit { base.deallocate() }

    func removeAll() { count = 0 }

    func reserve(_ total: Int) {
        guard total > capacity else { return }
        let grown = UnsafeMutablePointer<UInt32>.allocate(capacity: max(total, 2 * capacity))
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = max(total, 2 * capacity)
    }

    @inline(__always)
    func append(_ candidate: UInt32) {
        if count == capacity { reserve(count + 1) }
        base[count] = candidate
        count += 1
    }

    /// The candidates, valid until the scratch changes.
    var candidates: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(start: base, count: count) }
}
