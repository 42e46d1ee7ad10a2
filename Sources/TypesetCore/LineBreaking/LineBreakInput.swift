/// What a line breaker reads of one paragraph: the break pass's one input, the same for the greedy and the
/// optimal breaker (parley's `BreakLines` reads its layout the same way), made by the layouter once per paragraph.
///
/// The candidates and metrics point into storage the caller keeps alive for the call (the shaped paragraph's block,
/// a layout worker's scratch and metrics), and the shaped paragraph, its content, sizes and the faces are borrowed through
/// pointers as well: each held here was retained when the input was made and released when it went, per paragraph of
/// every relayout. Nothing here is a closure: a paragraph's breaking allocates nothing to reach it.
struct LineBreakInput {
    /// The paragraph as shaped (borrowed: see the type's comment), and its content's source units (offsets are
    /// content offsets).
    var shaped: ShapedParagraph { unsafeAddress { shapedPointer } }
    let shapedPointer: UnsafePointer<ShapedParagraph>
    var content: ArraySlice<UInt16> { unsafeAddress { contentPointer } }
    let contentPointer: UnsafePointer<ArraySlice<UInt16>>
    /// The content's units as a buffer (from content offset 0), valid while `content` is: the greedy walk reads
    /// them (taken from the slice through the pointer, the slice was retained and released per paragraph).
    let units: UnsafeBufferPointer<UInt16>
    /// ``BreakCandidate``s, ascending: the paragraph's own opportunities, or those merged with hyphenation points.
    /// The last is the content's end.
    let candidates: UnsafeBufferPointer<UInt32>
    /// The paragraph's x prefix sums at its sizes (``ParagraphMetrics``), and the sizes per attribute run. The
    /// metrics are the caller's (a layout worker's, measured for this paragraph), borrowed through a pointer it keeps
    /// valid for the call: a copy retained and released their references once per paragraph of every relayout.
    var metrics: ParagraphMetrics { unsafeAddress { metricsPointer } }
    let metricsPointer: UnsafePointer<ParagraphMetrics>
    var sizes: [Float] { unsafeAddress { sizesPointer } }
    let sizesPointer: UnsafePointer<[Float]>
    /// The faces, indexed by ``FontFace/id``, for the hyphen a hyphenated line draws.
    var faces: [FontFace] { unsafeAddress { facesPointer } }
    let facesPointer: UnsafePointer<[FontFace]>
    /// The widths lines are set in, in points.
    let widths: LineWidths
    /// The factors by which a line's first and last characters hang into the margins (nil: none); what hangs
    /// takes no room on the line.
    var protrusion: ProtrusionTable?
    /// Whether an ideographic stop or comma ending a line may hang past its end (``HangingPunctuation``): a line
    /// then fits when its text before the mark does (greedy breaking only).
    var hangsStops = false
    /// Grapheme boundaries for an emergency cut between graphemes (its text is set on first use); nil: cuts fall
    /// at cluster boundaries only. Not retained: the caller keeps it alive for the call (the layouter's come from
    /// its worker's scratch), as a reference counted here was retained and released once per paragraph.
    unowned(unsafe) var graphemes: BreakIterator?
    /// The hyphenator that gives an emergency cut the hyphenation points of `emergencyLanguage` (hyphenation on or
    /// off); nil: none (headings, preformatted text, a paragraph without a language). Not retained, as `graphemes`.
    unowned(unsafe) var emergencyHyphenator: Hyphenator?
    var emergencyLanguage: String?

    /// The paragraph's content length in units.
    var count: Int { shaped.contentLength }

    /// The width of the hyphen drawn when a line ends at hyphenation point `end`, in points (0 without one).
    @inline(__always)
    func hyphenWidth(_ end: Int) -> Float { HyphenGlyph(shaped, before: end, sizes: sizes, faces: faces)?.width ?? 0 }

    /// Every hyphenation point of the paragraph's language (content offsets, ascending), for emergency cuts: asked
    /// once per paragraph, at its first cut.
    func emergencyHyphenationPoints() -> [Int] {
        guard let hyphenator = emergencyHyphenator, let language = emergencyLanguage else { return [] }
        var points: [UInt32] = []
        hyphenator.hyphenationPoints(content, language: language, into: &points)
        return points.map(Int.init)
    }
}

/// The widths of a paragraph's lines, in points: the first line's, the lines beside a drop cap's or beside floats
/// (lines `narrowFrom..<narrowCount`, the first line excepted), and every other line's.
struct LineWidths {
    var first: Float
    var other: Float
    var narrowCount = 0
    var narrow: Float = 0
    var narrowFrom = 0

    init(first: Float, other: Float, narrowCount: Int = 0, narrow: Float = 0) {
        self.first = first; self.other = other; self.narrowCount = narrowCount; self.narrow = narrow
    }

    /// The widths of lines set in `indents`, at least 1 pt each (the breakers place one grapheme per line when nothing
    /// fits): the lines beside floats are the narrow ones when there are floats (a paragraph beside floats has no
    /// drop cap: the paginator sets it below them), else those beside a drop cap.
    @inline(__always)
    init(_ indents: LineIndents) {
        first = max(1, indents.availableWidth(ofLine: 0))
        other = max(1, indents.available)
        if indents.exclusion.lines > 0 {
            narrowFrom = indents.exclusion.first
            narrowCount = indents.exclusion.end
            narrow = max(1, indents.available - indents.exclusion.left - indents.exclusion.right)
        } else {
            narrowCount = indents.capLines
            narrow = max(1, indents.available - indents.capIndent)
        }
    }

    /// The width of line `index` (from 0).
    @inline(__always)
    func width(ofLine index: Int) -> Float { index == 0 ? first : index < narrowCount && index >= narrowFrom ? narrow : other }
}
