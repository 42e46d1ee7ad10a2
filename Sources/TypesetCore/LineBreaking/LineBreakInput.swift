/// What a line breaker reads of one paragraph: the break pass's one input, the same for the greedy and the
/// optimal breaker (parley's `BreakLines` reads its layout the same way), made by the layouter once per paragraph.
///
/// The candidates and metrics point into storage the caller keeps alive for the call (the shaped paragraph's block,
/// a layout worker's scratch). Nothing here is a closure: a paragraph's breaking allocates nothing to reach it.
struct LineBreakInput {
    /// The paragraph as shaped, and its content's source units (offsets are content offsets).
    let shaped: ShapedParagraph
    let content: ArraySlice<UInt16>
    /// ``BreakCandidate``s, ascending: the paragraph's own opportunities, or those merged with hyphenation points.
    /// The last is the content's end.
    let candidates: UnsafeBufferPointer<UInt32>
    /// The paragraph's x prefix sums at its sizes (``ParagraphMetrics``), and the sizes per attribute run.
    let metrics: ParagraphMetrics
    let sizes: [Float]
    /// The faces, indexed by ``FontFace/id``, for the hyphen a hyphenated line draws.
    let faces: [FontFace]
    /// The widths lines are set in, in points.
    let widths: LineWidths
    /// The factors by which a line's first and last characters hang into the margins (nil: none); what hangs
    /// takes no room on the line.
    var protrusion: ProtrusionTable?
    /// Whether an ideographic stop or comma ending a line may hang past its end (``HangingPunctuation``): a line
    /// then fits when its text before the mark does (greedy breaking only).
    var hangsStops = false
    /// Grapheme boundaries for an emergency cut between graphemes (its text is set on first use); nil: cuts fall
    /// at cluster boundaries only.
    var graphemes: BreakIterator?
    /// The hyphenator and language that give an emergency cut its hyphenation points (hyphenation on or off);
    /// nil: none (headings, preformatted text, a paragraph without a language).
    var emergencyHyphenation: (hyphenator: Hyphenator, language: String)?

    /// The paragraph's content length in units.
    var count: Int { shaped.contentLength }

    /// The width of the hyphen drawn when a line ends at hyphenation point `end`, in points (0 without one).
    @inline(__always)
    func hyphenWidth(_ end: Int) -> Float { HyphenGlyph(shaped, before: end, sizes: sizes, faces: faces)?.width ?? 0 }

    /// Every hyphenation point of the paragraph's language (content offsets, ascending), for emergency cuts: asked
    /// once per paragraph, at its first cut.
    func emergencyHyphenationPoints() -> [Int] {
        guard let (hyphenator, language) = emergencyHyphenation else { return [] }
        var points: [UInt32] = []
        hyphenator.hyphenationPoints(content, language: language, into: &points)
        return points.map(Int.init)
    }
}

/// The widths of a paragraph's lines, in points: the first line's, the lines beside a drop cap's (lines
/// 2...`narrowCount`), and every other line's.
struct LineWidths {
    var first: Float
    var other: Float
    var narrowCount = 0
    var narrow: Float = 0

    /// The width of line `index` (from 0).
    @inline(__always)
    func width(ofLine index: Int) -> Float { index == 0 ? first : index < narrowCount ? narrow : other }
}
