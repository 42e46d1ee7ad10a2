/// What laying out a paragraph works out before any width is known: its format's ``ParagraphFormat/Basis``, its
/// break opportunities merged with its hyphenation points, and the metrics of a paragraph in one size. Immutable once
/// made, so that layouts on several threads read it without a lock (`@unchecked`: the metrics' buffers point into
/// the shaped paragraph's storage, which nothing writes after shaping).
struct ParagraphBasis: @unchecked Sendable {
    /// Nil for a paragraph whose format depends on the width beyond its indents (objects and formulas are sized to
    /// the column) or on its shaping (a drop cap is sized by its face): its format is worked out at each layout.
    let format: ParagraphFormat.Basis?
    /// The paragraph's own opportunities merged with its hyphenation points, when it is hyphenated and has points;
    /// nil when it is broken at its own opportunities alone.
    let hyphenatedCandidates: CandidateList?
    /// With ``format``: the extents of every line of the paragraph that holds text when it is in one run without
    /// shifts (``LineExtents/oneRunExtents(_:format:faces:)``), else nil; nil without a format.
    let oneRunExtents: LineExtents.Extents?
    /// With ``format``, for a paragraph in one size (``ParagraphMetrics/measuresInPlace(_:)``, nearly all): its metrics,
    /// which depend on its sizes and shaping, not on the width, kept without their owner (a relayout reads them in
    /// place once ``ParagraphMetrics/readOwnPrefixSums(_:of:)`` says they are the laid-out paragraph's). Measured again
    /// per layout, they were 4 % of a relayout (callgrind).
    let metrics: ParagraphMetrics
    /// Whether ``metrics`` were measured (else they are empty).
    let hasMetrics: Bool
}

/// Break candidates kept beyond the paragraph being laid out (see ``ParagraphBasis``): a block of their own,
/// written once, which the breakers read through a pointer as they read a shaped paragraph's opportunities.
final class CandidateList: @unchecked Sendable {
    /// The candidates: valid as long as this list lives, never written after `init`.
    let candidates: UnsafeBufferPointer<UInt32>

    init(_ source: UnsafeBufferPointer<UInt32>) {
        let copy = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: source.count)
        _ = copy.initialize(from: source)
        candidates = UnsafeBufferPointer(copy)
    }

    deinit { candidates.deallocate() }
}

/// The typesetter's memory of the width-independent work of its last layouts (``ParagraphBasis`` per paragraph),
/// so that the same text laid out again at a new width, or on a page of another size, skips it: a relayout then
/// only limits each paragraph's indents to the column and breaks its lines.
///
/// An entry holds for one text (the storage of its paragraphs, which the entry keeps, so that its address cannot be
/// taken by another text while it is compared), one paragraph range, one set of shaping settings, one document
/// language and the line settings without their page geometry (page size, margins, columns, gap): any other
/// setting, the reader's choices among them (``TypographySettings/userSet``) included, makes another entry. The
/// typesetter keeps the last ``capacity`` entries (a reading session lays out a section and its neighbours);
/// entries are immutable, and the list is behind a lock.
final class LayoutBasisCache: Sendable {
    /// The bases of one text's paragraph range under one key.
    final class Entry: Sendable {
        /// The text's paragraphs, kept for their storage's identity.
        let paragraphs: [Paragraph]
        let paragraphRange: Range<Int>
        let shaping: ShapingSettings
        let documentLanguage: String?
        /// The line settings with their page geometry taken out (see ``LayoutBasisCache/key(_:)``).
        let settings: TypographySettings
        /// One basis per paragraph of `paragraphRange`, in order.
        let bases: [ParagraphBasis]

        init(paragraphs: [Paragraph], paragraphRange: Range<Int>, shaping: ShapingSettings, documentLanguage: String?,
             settings: TypographySettings, bases: [ParagraphBasis]) {
            self.paragraphs = paragraphs; self.paragraphRange = paragraphRange; self.shaping = shaping
            self.documentLanguage = documentLanguage; self.settings = settings; self.bases = bases
        }

        /// Whether this entry holds the bases of `shaped` laid out under `settings` (already a ``key(_:)``).
        func matches(_ shaped: ShapedText, settings: TypographySettings, documentLanguage: String?) -> Bool {
            paragraphRange == shaped.paragraphRange && bases.count == paragraphRange.count
                && LayoutBasisCache.sameStorage(paragraphs, shaped.text.paragraphs)
                && shaping == shaped.settings && self.documentLanguage == documentLanguage && self.settings == settings
        }
    }

    /// How many entries are kept (each holds its text's paragraphs and a small value per paragraph).
    static let capacity = 4

    private let entries = Locked<[Entry]>([])

    init() {}

    /// The line settings that a paragraph's basis depends on: all of them but the page geometry, which only
    /// changes the column width.
    static func key(_ settings: TypographySettings) -> TypographySettings {
        var key = settings
        key.pageSize = Size(width: 0, height: 0)
        key.margins = EdgeInsets(all: 0)
        key.columns = 1
        key.columnGap = 0
        // Setting the margins records them as the reader's; the key says only whether the reader chose the rest.
        key.userSet.remove("margins")
        return key
    }

    /// The entry for `shaped` under `settings` (a ``key(_:)``), if one is kept.
    func entry(for shaped: ShapedText, settings: TypographySettings, documentLanguage: String?) -> Entry? {
        entries.withLock { entries in
            guard let index = entries.firstIndex(where: { $0.matches(shaped, settings: settings, documentLanguage: documentLanguage) })
            else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry
        }
    }

    /// Keeps `entry`, forgetting the least recently used one beyond ``capacity``.
    func store(_ entry: Entry) {
        entries.withLock { entries in
            entries.append(entry)
            if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
        }
    }

    /// Forgets every entry.
    func removeAll() { entries.withLock { $0.removeAll() } }

    /// How many entries are kept (for tests).
    var count: Int { entries.withLock { $0.count } }

    /// Whether two arrays share one storage (an empty array has none to share).
    static func sameStorage(_ a: [Paragraph], _ b: [Paragraph]) -> Bool {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress != nil && a.baseAddress == b.baseAddress } }
    }
}
