/// A stretch of a paragraph's content that has no caret stop inside it: hidden units (markup, ruby annotations),
/// generated text (a list marker: see ``TextStyle/isGenerated``) or a run drawn as replacement text. Offsets are
/// relative to the content's start.
///
/// Hidden units have no caret stop of their own, so they join a visible grapheme into one caret unit: the one
/// before them (`漢字《かんじ》`: `字《かんじ》` is one unit, so a caret never stops inside the annotation), or the one
/// after them at the start of the content or after white space (`said _very_`: `_v` is one unit, so a line may
/// still break after `said `). Line breaks, hit testing, carets, selection and the tokenizer all take their stops
/// from ``isCaretStop(_:in:)``, so they agree.
///
/// Generated text joins its neighbour as hidden units do, but it is drawn: the caret geometry leaves its extent
/// out of the grapheme it joins (``LineCarets``), so that no caret is drawn before a marker and no point on one
/// answers a character.
struct CaretSpan: Hashable, Sendable {
    /// How the span joins its neighbours.
    enum Kind: UInt8, Sendable {
        /// Hidden units joined to the grapheme before them: `start` is not a stop, `end` is.
        case hiddenAfterText
        /// Hidden units joined to the grapheme after them: `start` is a stop, `end` is not.
        case hiddenBeforeText
        /// Hidden units with no visible neighbour to join (a paragraph of markup only, a line of it between hard
        /// breaks): `start` is a stop, `end` is not, and a line holding only them is laid out as an empty line.
        case hiddenAlone
        /// A run drawn as replacement text: both ends are stops, nothing inside is.
        case replaced
    }

    var start: Int
    var end: Int
    var kind: Kind
    /// Whether the units are generated text, drawn (not hidden markup): they take part in bidi resolution and take
    /// their place in the line; caret stops and segmentation treat them as hidden units.
    var isGenerated = false

    var range: Range<Int> { start..<end }
    /// Whether the span's units are left out of caret stops, words and line-break analysis (hidden units and
    /// generated text; not a replaced run, which is drawn as its replacement).
    var isHidden: Bool { kind != .replaced }
    /// Hidden units proper: not drawn, no place in the line (see ``TextStyle/isOutOfFlow``).
    var isOutOfFlow: Bool { kind != .replaced && !isGenerated }

    /// Whether `offset` may be a caret stop as far as this span is concerned.
    @inline(__always)
    func allowsStop(at offset: Int) -> Bool {
        if offset <= start { return offset < start || kind != .hiddenAfterText }
        if offset >= end { return offset > end || kind == .hiddenAfterText || kind == .replaced }
        return false
    }

    /// The spans of a paragraph's content, from its normalized runs (paragraph-relative), sorted and merged.
    static func spans(runs: [AttributeRun], content: Range<Int>, units: [UInt16]) -> [CaretSpan] {
        guard runs.contains(where: { $0.style.isOutOfFlow || $0.style.isGenerated || $0.style.replacement != nil }) else { return [] }
        let base = content.lowerBound, count = content.count
        var hidden: [(range: Range<Int>, generated: Bool)] = []
        var replaced: [Range<Int>] = []
        for run in runs {
            let range = (run.range.lowerBound - base)..<(run.range.upperBound - base)
            if run.style.isOutOfFlow || run.style.isGenerated {
                // Hidden generated text (a marker of `list-style-type: none`) is hidden units.
                let generated = !run.style.isOutOfFlow
                if let last = hidden.last, last.range.upperBound == range.lowerBound, last.generated == generated {
                    hidden[hidden.count - 1].range = last.range.lowerBound..<range.upperBound
                } else {
                    hidden.append((range, generated))
                }
            } else if run.style.replacement != nil {
                replaced.append(range)
            }
        }
        func unit(_ offset: Int) -> UInt16 { units[base + offset] }
        var spans: [CaretSpan] = hidden.map { span in
            let a = span.range.lowerBound, b = span.range.upperBound
            let canJoinBefore = a > 0 && !CharacterClass.isLineTerminator(unit(a - 1))
            let canJoinAfter = b < count && !CharacterClass.isLineTerminator(unit(b))
            // After white space (or at the start) the units belong to the word that follows, so that the space
            // before them stays a line-break opportunity and hangs at a line's end.
            let prefersAfter = a == 0 || CharacterClass.isHangingSpace(unit(a - 1))
            let kind: Kind = prefersAfter && canJoinAfter ? .hiddenBeforeText
                : (canJoinBefore ? .hiddenAfterText : (canJoinAfter ? .hiddenBeforeText : .hiddenAlone))
            return CaretSpan(start: a, end: b, kind: kind, isGenerated: span.generated)
        }
        spans += replaced.map { CaretSpan(start: $0.lowerBound, end: $0.upperBound, kind: .replaced) }
        spans.sort { $0.start < $1.start }
        return spans
    }

    /// Whether `offset` (content-relative) may be a caret stop among `spans`: not inside a span, and not at the
    /// end a hidden span shares with the grapheme it joins. (A stop must also be a grapheme boundary.)
    static func allowsStop(at offset: Int, in spans: [CaretSpan]) -> Bool {
        guard !spans.isEmpty else { return true }
        // The last span starting before `offset` and the one at or after it are the only ones that can refuse.
        let low = spans.partitioningIndex { $0.start >= offset }
        if low > 0, !spans[low - 1].allowsStop(at: offset) { return false }
        if low < spans.count, !spans[low].allowsStop(at: offset) { return false }
        return true
    }

    /// The span `offset` (content-relative) lies strictly inside, if any (spans sorted by start).
    static func span(strictlyContaining offset: Int, in spans: [CaretSpan]) -> CaretSpan? {
        var low = 0, high = spans.count
        while low < high {
            let mid = (low + high) / 2
            if spans[mid].start < offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0, offset < spans[low - 1].end else { return nil }
        return spans[low - 1]
    }

    /// The start of a span of hidden units with nothing to join that ends at `offset`, if there is one: a line
    /// ending there ends, for carets, where the span starts (as a line's hard break has no caret place).
    static func aloneStart(endingAt offset: Int, in spans: [CaretSpan]) -> Int? {
        // The spans are sorted and disjoint: only the last one starting before `offset` can end there (a search,
        // not a scan, since every line of a paragraph asks).
        let low = spans.partitioningIndex { $0.start >= offset }
        guard low > 0, spans[low - 1].end == offset, spans[low - 1].kind == .hiddenAlone else { return nil }
        return spans[low - 1].start
    }

    /// `boundaries` (ascending grapheme boundaries of the content, or of a stretch of it offset by `base`) without
    /// those that are not caret stops.
    static func caretStops(_ boundaries: [Int], base: Int = 0, spans: [CaretSpan]) -> [Int] {
        guard !spans.isEmpty else { return boundaries }
        return boundaries.filter { allowsStop(at: $0 + base, in: spans) }
    }
}
