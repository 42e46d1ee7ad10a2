/// The places after a space where ``GreedyLineBreaker`` may cut a stretch wider than the line (an emergency cut),
/// found by one scan of the paragraph that never looks at a unit twice: it remembers the first cut at or after
/// where it last looked, which the next line of the same stretch asks for again. (Each line looked from its start
/// to the stretch's end: a word of 400,000 letters, cut into 20,000 lines, took half a minute.)
struct SpaceCutScan {
    /// Units looked at so far: a count of work that tests read (no test times anything).
    private(set) var unitsExamined = 0
    /// No cut lies in `from..<next`; `next` is one when `found`, else where the last scan stopped.
    private var from = 0, next = 0, found = false

    /// The first cut in `start..<limit` (`start` ≥ 1, `limit` at most the content's length): an offset after a
    /// space (``readsAsSpace(_:)``) that is not one itself, at a cluster start and a grapheme boundary (a mark after
    /// a space joins it, UAX #29 GB9, even where shaping set the two apart).
    mutating func firstCut(from start: Int, before limit: Int, content: UnsafeBufferPointer<UInt16>,
                           clusterStarts: UnsafeBufferPointer<UInt8>, graphemes: () -> BreakIterator?) -> Int? {
        if start >= from && start <= next {
            if found || next >= limit { return found && next < limit ? next : nil }
        } else {
            from = start
            next = start
        }
        found = false
        var k = next
        while k < limit {
            if Self.readsAsSpace(content[k - 1]) && !Self.readsAsSpace(content[k])
                && clusterStarts[k] != 0 && (!CharacterClass.mayContinueGrapheme(content[k]) || graphemes()?.isBoundary(k) == true) {
                found = true
                break
            }
            k += 1
        }
        unitsExamined += k - next + (found ? 1 : 0)
        next = k
        return found ? k : nil
    }

    /// Whether an emergency cut may fall after `unit`: breakable white space, or a line terminator inside the
    /// stretch (a hard break is an opportunity, so one inside a stretch is a soft line end of the source, which
    /// layout reads as a space).
    @inline(__always) static func readsAsSpace(_ unit: UInt16) -> Bool {
        CharacterClass.isBreakableSpace(unit) || CharacterClass.isLineTerminator(unit)
    }
}
