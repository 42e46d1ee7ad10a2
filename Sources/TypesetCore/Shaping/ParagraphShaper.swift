/// Shapes one paragraph: layout text → bidi levels → runs (style, font, script, level) → glyphs, plus UAX #14
/// break opportunities. The result does not depend on width or font size.
struct ParagraphShaper {
    let context: ShapingContext
    /// The reader's shaping settings (family, weight, spacing...).
    let settings: ShapingSettings
    /// The reader's font family, used where the text's style does not name one.
    var family: String { settings.fontFamily }
    /// The document's language, used where neither the run nor the paragraph names one.
    let documentLanguage: String?
    /// The fonts the document brings (its styles may name their families).
    var documentFonts: DocumentFonts? = nil
    /// Combining marks shaped together on one base, at most (see ``segment(_:_:key:into:)``).
    static let maximumStackedMarks = 32
    /// Whether itemization may extend Latin runs over whole words at a time (the default) rather than character
    /// by character; the two give the same runs (`ItemizationTests`).
    var mayExtendLatinRunsByWord = true
    /// Whether lines run top to bottom: runs are then cut where their characters' orientation changes
    /// (``orient(_:paragraph:units:)``), upright ones shaped top to bottom (see ``ShapedRun/isUpright``), the others
    /// shaped as in horizontal text and drawn rotated.
    var vertical = false

    init(context: ShapingContext, settings: ShapingSettings, documentLanguage: String?, documentFonts: DocumentFonts? = nil,
         mayExtendLatinRunsByWord: Bool = true, vertical: Bool = false) {
        self.context = context
        self.vertical = vertical
        self.settings = settings
        self.documentFonts = documentFonts
        self.documentLanguage = documentLanguage
        self.mayExtendLatinRunsByWord = mayExtendLatinRunsByWord
    }

    /// The language of text of `style` in `paragraph`: the run's, else the paragraph's, else the document's.
    func language(of style: TextStyle, in paragraph: Paragraph) -> String? {
        style.language ?? paragraph.style.language ?? documentLanguage
    }

    /// Shapes `paragraph`: its layout text, bidi levels and runs (``itemize(_:units:levels:paragraphLevel:styles:firstSet:)``), its
    /// break opportunities, each run's glyphs (``shapeRun(_:of:resolved:text:breaks:into:)``), then the passes that change
    /// glyphs after shaping where a paragraph has what they need (CJK punctuation pairs, upright combining in
    /// vertical text, tab stops in preformatted text, ruby, emphasis marks).
    func shape(_ paragraph: Paragraph) throws(FontError) -> ShapedParagraph {
        let text = LayoutText(paragraph)
        let units = text.units
        let count = units.count
        let spans = paragraph.caretSpans
        let (levels, paragraphLevel) = Self.bidiLevels(text, paragraph: paragraph)
        let first = paragraph.runs.first?.style ?? .body
        let firstStyle = settings.resolve(first, role: paragraph.style.role, readerFamily: family,
                                          language: language(of: first, in: paragraph))
        let firstSet = try context.fontSet(for: firstStyle.descriptor, in: documentFonts, readerFamily: family)
        let primary = firstSet.primary
        guard count > 0 else {
            return context.emptyParagraph(level: paragraphLevel, primaryFaceID: Int32(truncatingIfNeeded: primary.id))
        }
        // Each attribute run's style as the settings apply it, once a paragraph: itemizing and then shaping each run
        // resolved it again (three resolutions and two font-set lookups for a paragraph of one run).
        var styles = [firstStyle]
        for index in paragraph.runs.indices.dropFirst() {
            let style = paragraph.runs[index].style
            styles.append(settings.resolve(style, role: paragraph.style.role, readerFamily: family,
                                           language: language(of: style, in: paragraph)))
        }
        let itemized = try itemize(paragraph, units: units, levels: levels, paragraphLevel: paragraphLevel, styles: styles,
                                   firstSet: firstSet)
        let runs = vertical ? orient(itemized, paragraph: paragraph, units: units) : itemized
        // The opportunities first: a word with one inside it is shaped on its own, not from the word cache, so that
        // HarfBuzz's unsafe-to-break flags are there to see (see BreakAdjustment).
        let breakLanguage = paragraph.style.language ?? documentLanguage
        let rules = BreakRules(paragraph.style)
        var breaks = spans.contains(where: \.isHidden)
            ? breakOpportunities(VisibleText(units, spans: spans), language: breakLanguage, rules: rules)
            : breakOpportunities(units, language: breakLanguage, rules: rules)
        // The word cache and the scratch arrays are taken out of the context for the paragraph and put back after:
        // reaching them through the class on every word cost an exclusivity check each (callgrind).
        var state = RunShaping(sink: GlyphSink(buffers: context.glyphBuffers, capacity: count), cache: context.takeCache(),
                               glyphs: context.glyphScratch, segments: context.segmentScratch)
        context.glyphScratch = []
        context.segmentScratch = []
        defer { context.cache = state.cache; context.glyphScratch = state.glyphs; context.segmentScratch = state.segments }
        var shapedRuns: [ShapedRun] = []
        shapedRuns.reserveCapacity(runs.count)
        units.withUnsafeBufferPointer { buffer in
            for run in runs {
                shapedRuns.append(shapeRun(run, of: paragraph, resolved: styles[Int(run.attributeIndex)], text: buffer,
                                           breaks: breaks, into: &state))
            }
        }
        let (rubies, emphases) = afterShaping(paragraph, units: units, runs: shapedRuns, glyphs: &state.sink, breaks: &breaks,
                                              adjustments: &state.adjustments)
        // Prefix sums in ems, computed once here so that every later layout of a one-size paragraph reuses them.
        return ShapedParagraph(contentLength: count, paragraphLevel: paragraphLevel, primaryFaceID: Int32(truncatingIfNeeded: primary.id),
                               runs: shapedRuns, glyphs: state.sink, breaks: breaks, emSizes: context.ones(count: paragraph.runs.count),
                               caretSpans: spans, breakAdjustments: state.adjustments, rubies: rubies,
                               emphases: emphases, formulas: state.formulas)
    }

    /// The bidi levels of a paragraph's layout text (nil when it is all at the paragraph's level) and the
    /// paragraph's level. Hidden units are invisible to bidi resolution (boundary neutrals, as UAX #9 treats
    /// joiners), so that markup between two right-to-left words does not change their order, and then take the
    /// level of the grapheme they join, so that they sit beside it in visual order (a boundary neutral at the end
    /// of a right-to-left run got the paragraph's level, and so a place at the far end of the line, which the caret
    /// unit then spanned).
    static func bidiLevels(_ text: LayoutText, paragraph: Paragraph) -> (levels: [UInt8]?, paragraphLevel: UInt8) {
        let spans = paragraph.caretSpans
        let units = spans.isEmpty ? text.units : text.unitsWithHiddenAsNeutral(spans)
        var (levels, paragraphLevel) = isolatingMarker(units, markerLength: paragraph.style.markerLength,
                                                       base: paragraph.style.baseDirection, embeddings: embeddings(of: paragraph))
        if levels != nil { alignHiddenLevels(&levels, spans: spans) }
        return (levels, paragraphLevel)
    }

    /// Bidi levels with an outside list marker (the first `markerLength` units) isolated from the item's text, as
    /// CSS Lists 3 makes the marker box its own isolate: the paragraph's direction comes from the text (or the
    /// style), the marker is resolved alone at the paragraph's level and so stays at its start edge, hanging in the
    /// start margin, however strong its letters ("I." before right-to-left text, or beside left-to-right text in a
    /// right-to-left list, once drew on the far side of its line's first word).
    static func isolatingMarker(_ units: [UInt16], markerLength: Int, base: WritingDirection?,
                                embeddings: [(range: Range<Int>, embedding: BidiEmbedding?)] = []) -> (levels: [UInt8]?, paragraphLevel: UInt8) {
        guard markerLength > 0, markerLength < units.count else { return Bidi.resolve(units[...], base: base, embeddings: embeddings) }
        let (rest, level) = Bidi.resolve(units[markerLength...], base: base, embeddings: embeddings)
        let (marker, _) = Bidi.resolve(units[..<markerLength], base: level & 1 == 1 ? .rightToLeft : .leftToRight)
        guard rest != nil || marker != nil else { return (nil, level) }
        return ((marker ?? Array(repeating: level, count: markerLength)) + (rest ?? Array(repeating: level, count: units.count - markerLength)),
                level)
    }

    /// The runs' directional embeddings (``TextStyle/bidi``) over the content's units, empty when no run has one.
    static func embeddings(of paragraph: Paragraph) -> [(range: Range<Int>, embedding: BidiEmbedding?)] {
        guard paragraph.runs.contains(where: { $0.style.bidi != nil }) else { return [] }
        let base = paragraph.contentRange.lowerBound
        return paragraph.runs.map { ((max(0, $0.range.lowerBound - base))..<(max(0, $0.range.upperBound - base)), $0.style.bidi) }
    }

    /// What shaping one paragraph's runs writes to and reuses: the glyphs, the word cache, HarfBuzz's output and
    /// the segments of the run being shaped, where the walk over the break opportunities has reached, and the
    /// break adjustments found.
    struct RunShaping {
        var sink: GlyphSink
        var cache: ShapeCache
        var glyphs: [HarfBuzzBuffer.Glyph]
        var segments: [Segment]
        var breakCursor = 0
        var adjustments: [BreakAdjustment] = []
        /// The paragraph's formulas, laid out as their objects are shaped.
        var formulas: [ShapedFormula] = []

        /// Appends an invisible glyph of `advance` ems for every unit of `run` (objects, hidden units, text
        /// without a usable font); returns the run with its glyph range.
        mutating func appendInvisible(_ run: ShapedRun, advance: Float) -> ShapedRun {
            for i in Int(run.start)..<Int(run.end) {
                sink.append(id: ShapedParagraph.invisibleGlyph, cluster: i, advance: advance, offset: .zero)
            }
            var run = run
            run.glyphEnd = Int32(sink.count)
            return run
        }
    }

    /// Shapes one run of `paragraph` into `state`'s glyphs (upright or sideways as ``orient(_:paragraph:units:)`` marked
    /// it), and returns it with its glyph range.
    // Kept out of line: inlined into `shape`, the optimizer stopped inlining the word cache's lookups inside it
    // (`ShapeCache.Style.flags`, 346,251 calls) and corpus layout took 2.2 % more instructions (callgrind).
    @inline(never)
    private func shapeRun(_ run: ShapedRun, of paragraph: Paragraph, resolved: ResolvedShapingStyle,
                          text buffer: UnsafeBufferPointer<UInt16>, breaks: [UInt32], into state: inout RunShaping) -> ShapedRun {
        var run = run
        run.glyphStart = Int32(state.sink.count)
        let style = paragraph.runs[Int(run.attributeIndex)].style
        // An object (its one U+FFFC unit): a glyph of 1 em that is never drawn; the layout sets its size to the
        // object's width (ParagraphFormat), so that widths, carets and hit testing include it. A formula is laid out
        // now, and its glyph is as wide as it is (ParagraphShaper+Math.swift).
        if let attachment = style.attachment {
            let advance = attachment.formula.map {
                shapeFormula($0, style: style, role: paragraph.style.role, attributeIndex: run.attributeIndex, into: &state.formulas)
            } ?? 1
            return state.appendInvisible(run, advance: advance)
        }
        // Hidden units: kept in place as invisible glyphs without width.
        if run.isOutOfFlow { return state.appendInvisible(run, advance: 0) }
        // No face at all (no usable font): the run's units stay in place as invisible glyphs.
        guard let face = context.fonts.face(id: Int(run.faceID)) else { return state.appendInvisible(run, advance: 0) }
        let language = language(of: style, in: paragraph)
        // What identifies a shaping in the word cache, apart from the word: the same for the whole run. A face that
        // spaces CJK punctuation itself does it in CJK runs set in its direction. The text's own features are keyed
        // with its language (one small number for the pair).
        let contextualPunctuation = settings.punctuationSpacing && !run.isRightToLeft
            && HarfBuzzUnicode.isUpright(script: run.script) && (!vertical || run.isUpright)
            && face.punctuationSpacing.contextual(vertical: run.isUpright)
        let key = ShapeCache.Style(faceID: run.faceID, script: run.script, rightToLeft: run.isRightToLeft,
                                   smallCaps: resolved.smallCaps && face.hasSmallCaps, noLigatures: !resolved.ligatures,
                                   topToBottom: run.isUpright,
                                   languageID: context.languageID(language, features: resolved.features),
                                   contextualPunctuation: contextualPunctuation)
        Self.segment(buffer, Int(run.start)..<Int(run.end), key: key, breaks: breaks, cursor: &state.breakCursor,
                     into: &state.segments)
        shapeSegments(buffer, face: face, run: run, key: key, features: resolved.features, language: context.language(language),
                      breaks: breaks, into: &state)
        run.glyphEnd = Int32(state.sink.count)
        if resolved.letterSpacing != 0 || resolved.wordSpacing != 0 {
            Self.space(run, letters: resolved.letterSpacing, words: resolved.wordSpacing, units: buffer, sink: &state.sink)
        }
        if !style.inlineBoxes.isEmpty && !vertical { Self.makeInlineBoxRoom(run, of: paragraph, sink: &state.sink) }
        return run
    }

    /// Shapes the segments of a run (``segment(_:_:key:breaks:cursor:into:)``, in `state`): words from the word
    /// cache or HarfBuzz (then cached), other stretches with HarfBuzz, controls as invisible glyphs.
    @inline(__always)
    private func shapeSegments(_ buffer: UnsafeBufferPointer<UInt16>, face: FontFace, run: ShapedRun, key: ShapeCache.Style,
                               features: FontFeatures,
                               language harfBuzzLanguage: OpaquePointer?, breaks: [UInt32], into state: inout RunShaping) {
        let segments = state.segments
        // A run's spaces all shape as its first one did (the cache holds one record for them): that glyph is kept
        // and appended for the others without a lookup (a space is every other stretch of prose, and rides on the
        // segment of the word before it: ``Segment/spaceAfter``).
        var spaceGlyph: SpaceGlyph?
        // Looking a word up waits for memory twice (its bucket, then its record: a book's distinct words do not fit
        // in the processor's cache), so the lookups are pipelined: the bucket of the word sixteen ahead and the
        // record of the word eight ahead are asked for while this one is copied. The first sixteen buckets are
        // asked for at once, so that they arrive together.
        for index in 0..<min(16, segments.count) { state.cache.prefetchBucket(hash: segments[index].hash) }
        for index in segments.indices {
            if index + 16 < segments.count { state.cache.prefetchBucket(hash: segments[index + 16].hash) }
            if index + 8 < segments.count { state.cache.prefetchRecord(hash: segments[index + 8].hash) }
            let segment = segments[index]
            let range = Int(segment.start)..<Int(segment.end)
            switch segment.kind {
            case .invisible:
                for i in range { state.sink.append(id: ShapedParagraph.invisibleGlyph, cluster: i, advance: 0, offset: .zero) }
            case .space:
                break
            case .word:
                if !state.cache.append(key, buffer, range, hash: segment.hash, into: &state.sink) {
                    shapeNewWord(buffer, range, hash: segment.hash, face: face, run: run, key: key, features: features,
                                 language: harfBuzzLanguage, into: &state)
                }
            case .shaped:
                shapeSegment(buffer, range, face: face, run: run, key: key, features: features, language: harfBuzzLanguage,
                             cacheHash: nil, cache: &state.cache, glyphs: &state.glyphs, into: &state.sink)
                if segment.hasInnerBreaks {
                    adjust(buffer, range, glyphs: state.glyphs, breaks: breaks, face: face, run: run,
                           language: harfBuzzLanguage, key: key, features: features, into: &state.adjustments)
                }
            }
            guard segment.spaceAfter || segment.kind == .space else { continue }
            let offset = segment.kind == .space ? range.lowerBound : range.upperBound
            if let glyph = spaceGlyph {
                state.sink.append(id: glyph.id, cluster: offset, advance: glyph.advance, offset: glyph.offset)
            } else {
                spaceGlyph = shapeSpace(buffer, at: offset, face: face, run: run, key: key, features: features,
                                        language: harfBuzzLanguage, into: &state)
            }
        }
    }

    /// A word the cache lacks: made from its parts when the cache holds them (ParagraphShaper+WordJoins), else
    /// shaped, and its parts learnt. Out of line, so that the loop over a run's segments stays as lean as it was
    /// (inlined, the corpus's layout took 0.6 % more instructions, most of them in that loop: callgrind).
    @inline(never)
    private func shapeNewWord(_ buffer: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, hash: UInt64, face: FontFace,
                              run: ShapedRun, key: ShapeCache.Style, features: FontFeatures,
                              language harfBuzzLanguage: OpaquePointer?, into state: inout RunShaping) {
        // Words are joined to their punctuation in horizontal left-to-right runs (glyphs in logical order).
        let parts = state.cache.joinsWords && !run.isRightToLeft && !run.isUpright ? Self.wordParts(buffer, range) : nil
        if let parts, joinWord(buffer, range, parts: parts, face: face, key: key, hash: hash, cache: &state.cache,
                               into: &state.sink) { return }
        let first = state.sink.count
        shapeSegment(buffer, range, face: face, run: run, key: key, features: features, language: harfBuzzLanguage,
                     cacheHash: hash, cache: &state.cache, glyphs: &state.glyphs, into: &state.sink)
        if let parts {
            learnJoins(buffer, range, parts: parts, key: key, glyphs: state.glyphs, first: first, sink: state.sink,
                       cache: &state.cache)
        }
    }

    /// The glyph of a run's spaces (see ``shapeSegments(_:face:run:key:features:language:breaks:into:)``).
    typealias SpaceGlyph = (id: UInt16, advance: Float, offset: SIMD2<Float>)

    /// Appends the glyphs of the space at `offset` from the word cache or HarfBuzz (then cached), and returns them
    /// as the run's space glyph when they are one glyph. Out of line: once per run.
    @inline(never)
    private func shapeSpace(_ buffer: UnsafeBufferPointer<UInt16>, at offset: Int, face: FontFace, run: ShapedRun,
                            key: ShapeCache.Style, features: FontFeatures, language harfBuzzLanguage: OpaquePointer?,
                            into state: inout RunShaping) -> SpaceGlyph? {
        let first = state.sink.count, range = offset..<(offset + 1), hash = ShapeCache.spaceHash(key)
        if !state.cache.append(key, buffer, range, hash: hash, into: &state.sink) {
            shapeSegment(buffer, range, face: face, run: run, key: key, features: features, language: harfBuzzLanguage,
                         cacheHash: hash, cache: &state.cache, glyphs: &state.glyphs, into: &state.sink)
        }
        guard state.sink.count == first + 1 else { return nil }
        return (state.sink.id(first), state.sink.advance(first), state.sink.offset(first))
    }

    /// The passes that change a paragraph's glyphs after shaping, each only where the paragraph has what it needs:
    /// CJK punctuation pairs spaced (JLReq 3.1.4), upright characters combined in vertical text, ruby shaped (a
    /// base and its ruby one unit for line breaking: no opportunity inside the base but a hard break), emphasis
    /// marks shaped.
    private func afterShaping(_ paragraph: Paragraph, units: [UInt16], runs: [ShapedRun], glyphs sink: inout GlyphSink,
                              breaks: inout [UInt32], adjustments: inout [BreakAdjustment])
        -> (rubies: [ShapedRuby], emphases: [ShapedEmphasis]) {
        if settings.punctuationSpacing && Self.mayHavePunctuationPairs(units) {
            spacePunctuationPairs(paragraph, units: units, runs: runs, glyphs: &sink)
        }
        if vertical && runs.contains(where: \.isUpright) {
            combineUpright(paragraph, units: units, runs: runs, glyphs: &sink)
        }
        if !vertical && Self.keepsTabs(paragraph) { setTabStops(paragraph, runs: runs, glyphs: &sink) }
        var rubies: [ShapedRuby] = []
        if paragraph.runs.contains(where: { $0.style.ruby != nil }) {
            rubies = shapeRubies(paragraph, units: units, runs: runs, glyphs: &sink)
            let bases = RubyBases(rubies)
            breaks.removeAll { !BreakCandidate.isMandatory($0) && bases.contains(BreakCandidate.offset($0)) }
            adjustments.removeAll { bases.contains(Int($0.offset)) }
            context.annotationWork.count += breaks.count + adjustments.count
        }
        let emphases = paragraph.runs.contains(where: { $0.style.emphasis != nil }) ? shapeEmphases(paragraph, units: units) : []
        return (rubies, emphases)
    }

    /// Gives each hidden span the bidi level of the unit it joins (see ``CaretSpan/Kind``).
    static func alignHiddenLevels(_ levels: inout [UInt8]?, spans: [CaretSpan]) {
        guard var resolved = levels else { return }
        for span in spans where span.isOutOfFlow && span.end <= resolved.count {
            let joined: Int? = switch span.kind {
            case .hiddenAfterText: span.start > 0 ? span.start - 1 : nil
            case .hiddenBeforeText: span.end < resolved.count ? span.end : nil
            case .hiddenAlone, .replaced: nil
            }
            guard let joined else { continue }
            for i in span.start..<span.end { resolved[i] = resolved[joined] }
        }
        levels = resolved
    }

    /// The ``BreakAdjustment``s of the opportunities inside `range` (a stretch just shaped into `glyphs`, in logical
    /// order) where HarfBuzz flags the first glyph after the break as unsafe to break before: each side shaped on
    /// its own (no context across the break), against its glyphs' advances in context.
    ///
    /// Each side is shaped from the break only back (or on) to the nearest cluster HarfBuzz says is safe to break
    /// at, where the shaping in context and alone agree, and never over more than ``adjustmentReach`` units: a
    /// stretch of a million units with an opportunity every two (`—a—a…`) was shaped whole twice per opportunity,
    /// quadratic. No font's kerning or contextual lookup reaches that far.
    private func adjust(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, glyphs: [HarfBuzzBuffer.Glyph],
                        breaks: [UInt32], face: FontFace, run: ShapedRun, language: OpaquePointer?, key: ShapeCache.Style,
                        features: FontFeatures,
                        into adjustments: inout [BreakAdjustment]) {
        var first = 0, last = breaks.count
        while first < last {
            let middle = (first + last) / 2
            if BreakCandidate.offset(breaks[middle]) <= range.lowerBound { first = middle + 1 } else { last = middle }
        }
        var alone: [HarfBuzzBuffer.Glyph] = []
        let harfBuzzFeatures = HarfBuzzUnicode.features(key, features)
        func aloneAdvance(_ piece: Range<Int>) -> Int {
            alone.removeAll(keepingCapacity: true)
            context.buffer.shape(text: UnsafeBufferPointer(rebasing: text[piece]), start: 0, length: piece.count,
                                 font: face.harfBuzz, script: run.script, rightToLeft: run.isRightToLeft,
                                 topToBottom: run.isUpright, language: language, features: harfBuzzFeatures, into: &alone)
            return alone.reduce(0) { $0 + Int($1.advance) }
        }
        var index = first
        var g = 0  // the first glyph at or after the opportunity; opportunities ascend, so it only moves on
        while index < breaks.count, BreakCandidate.offset(breaks[index]) < range.upperBound {
            let offset = BreakCandidate.offset(breaks[index])
            index += 1
            while g < glyphs.count, Int(glyphs[g].cluster) < offset { g += 1 }
            guard g < glyphs.count, Int(glyphs[g].cluster) == offset, glyphs[g].unsafeToBreak else { continue }
            let before = Self.safeGlyph(before: g, in: glyphs, reach: offset - Self.adjustmentReach)
            let after = Self.safeGlyph(after: g, in: glyphs, reach: offset + Self.adjustmentReach)
            let from = before == 0 ? range.lowerBound : Int(glyphs[before].cluster)
            let to = after == glyphs.count ? range.upperBound : Int(glyphs[after].cluster)
            let end = aloneAdvance(from..<offset) - glyphs[before..<g].reduce(0) { $0 + Int($1.advance) }
            let start = aloneAdvance(offset..<to) - glyphs[g..<after].reduce(0) { $0 + Int($1.advance) }
            guard end != 0 || start != 0 else { continue }
            let scale = 1 / Float(face.unitsPerEm)
            adjustments.append(BreakAdjustment(offset: UInt32(offset), attributeIndex: run.attributeIndex,
                                               endEms: Float(end) * scale, startEms: Float(start) * scale))
        }
    }

    /// Units at most that ``adjust(_:_:glyphs:breaks:face:run:language:key:features:into:)`` shapes again on each side
    /// of an opportunity.
    static let adjustmentReach = 64

    /// Whether the text may be cut before glyph `g` (the first of its cluster, not flagged unsafe to break).
    @inline(__always)
    private static func isSafeCut(_ g: Int, in glyphs: [HarfBuzzBuffer.Glyph]) -> Bool {
        !glyphs[g].unsafeToBreak && glyphs[g - 1].cluster != glyphs[g].cluster
    }

    /// The last glyph before `g` where the text may be cut, or the first glyph of the cluster where `reach` (a unit
    /// offset) is passed; 0 for the stretch's start.
    static func safeGlyph(before g: Int, in glyphs: [HarfBuzzBuffer.Glyph], reach: Int) -> Int {
        var h = g - 1
        while h > 0 && !isSafeCut(h, in: glyphs) && Int(glyphs[h].cluster) > reach { h -= 1 }
        while h > 0 && glyphs[h - 1].cluster == glyphs[h].cluster { h -= 1 }
        return max(h, 0)
    }

    /// The first glyph after `g` where the text may be cut, or the first glyph of the first cluster at or past
    /// `reach`; `glyphs.count` for the stretch's end.
    static func safeGlyph(after g: Int, in glyphs: [HarfBuzzBuffer.Glyph], reach: Int) -> Int {
        var h = g + 1
        while h < glyphs.count && glyphs[h].cluster == glyphs[h - 1].cluster { h += 1 }
        while h < glyphs.count && !isSafeCut(h, in: glyphs) && Int(glyphs[h].cluster) < reach {
            h += 1
            while h < glyphs.count && glyphs[h].cluster == glyphs[h - 1].cluster { h += 1 }
        }
        return h
    }

    /// A stretch of a run shaped on its own (see ``segment(_:_:key:into:)``).
    struct Segment {
        enum Kind: UInt8 {
            /// Control characters: invisible glyphs, never shaped.
            case invisible
            /// Shaped with HarfBuzz, not cached (it touches a neighbour, or it is too long).
            case shaped
            /// A whole word: it shapes the same wherever it stands, so it goes through the word cache under ``hash``.
            case word
            /// A single U+0020 space: a word of the cache too, shaped or looked up once per run
            /// (``shapeSegments(_:face:run:key:features:language:breaks:into:)``).
            case space
        }
        var start: Int32
        var end: Int32
        var hash: UInt64
        var kind: Kind
        /// Whether a line-break opportunity lies inside the stretch (it is then ``Kind/shaped``). After the hash, so
        /// that a segment stays 24 bytes (it was 32 with the flag after the hash: a word's segment is written and
        /// read once per word shaped).
        var hasInnerBreaks = false
        /// Whether a U+0020 space follows the stretch in the run: it is shaped as a ``Kind/space`` segment would be,
        /// after the stretch, so that a word and the space after it take one segment (half as many segments).
        var spaceAfter = false

        init(start: Int32, end: Int32, kind: Kind, hash: UInt64, hasInnerBreaks: Bool = false, spaceAfter: Bool = false) {
            self.start = start
            self.end = end
            self.hash = hash
            self.kind = kind
            self.hasInnerBreaks = hasInnerBreaks
            self.spaceAfter = spaceAfter
        }
    }

    /// Cuts `range` of the text (one run) into segments: each single space or invisible control, and each maximal
    /// stretch without either, with the one space after it when there is one (``Segment/spaceAfter``). A stretch is
    /// a word for the cache when spaces or the paragraph's ends bound it and no opportunity of `breaks` (ascending;
    /// `cursor` walks them, run after run) lies inside it; its hash is computed in the same pass that finds its end.
    static func segment(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, key: ShapeCache.Style,
                        breaks: [UInt32], cursor: inout Int, into segments: inout [Segment]) {
        segments.removeAll(keepingCapacity: true)
        let seed = ShapeCache.seed(key)
        let spaceHash = ShapeCache.spaceHash(key)
        var start = range.lowerBound
        let end = range.upperBound
        while start < end {
            let first = text[start]
            if first == 0x20 {
                // A space is always a segment of its own (or the end of the one before), and shapes the same
                // wherever it stands.
                segments.append(Segment(start: Int32(start), end: Int32(start + 1), kind: .space, hash: spaceHash))
                start += 1
                continue
            }
            if CharacterClass.isInvisibleControl(first) {
                segments.append(Segment(start: Int32(start), end: Int32(start + 1), kind: .invisible, hash: 0))
                start += 1
                continue
            }
            let (stop, h) = stretchEnd(text, from: start, to: end, seed: seed)
            // A word between spaces (or the paragraph's ends) shapes the same wherever it stands.
            let spaceAfter = stop < end && text[stop] == 0x20
            let isolated = (start == 0 || text[start - 1] == 0x20) && (stop == text.count || text[stop] == 0x20)
            while cursor < breaks.count && BreakCandidate.offset(breaks[cursor]) <= start { cursor += 1 }
            let innerBreaks = cursor < breaks.count && BreakCandidate.offset(breaks[cursor]) < stop
            let word = isolated && !innerBreaks && stop - start <= ShapeCache.maximumWordLength
            segments.append(Segment(start: Int32(start), end: Int32(stop), kind: word ? .word : .shaped,
                                    hash: word ? ShapeCache.finish(h) : 0, hasInnerBreaks: innerBreaks, spaceAfter: spaceAfter))
            start = spaceAfter ? stop + 1 : stop
        }
    }

    /// Where the stretch starting at `start` (neither a space nor an invisible control) ends before `end`: at a space,
    /// an invisible control, or past ``maximumStackedMarks`` marks in a row; and its hash from `seed` before
    /// ``ShapeCache/finish(_:)``.
    @inline(__always)
    static func stretchEnd(_ text: UnsafeBufferPointer<UInt16>, from start: Int, to end: Int, seed: UInt64) -> (Int, UInt64) {
        var stop = start + 1
        var h = ShapeCache.mix(seed, UInt64(text[start]))
        var stackedMarks = 0
        while stop < end {
            let unit = text[stop]
            if unit == 0x20 || CharacterClass.isInvisibleControl(unit) { break }
            // HarfBuzz's mark attachment looks back over every mark before it, so a base with a million
            // marks took minutes (quadratic). Past the 30 marks of Unicode's stream-safe format (UAX #15)
            // nothing more is stacked meaningfully: such a "Zalgo" tail is shaped in further segments (the
            // marks still show, unattached); offsets and graphemes stay.
            if unit >= 0x300 {
                stackedMarks = HarfBuzzUnicode.isMark(UInt32(unit)) ? stackedMarks + 1 : 0
                if stackedMarks > maximumStackedMarks { break }
            } else {
                stackedMarks = 0
            }
            h = ShapeCache.mix(h, UInt64(unit))
            stop += 1
        }
        return (stop, h)
    }

    /// Shapes `range` of the layout text with HarfBuzz into `sink`, and stores it in the word cache under
    /// `cacheHash` when given (a word the cache did not have).
    private func shapeSegment(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, face: FontFace,
                              run: ShapedRun, key style: ShapeCache.Style, features: FontFeatures, language: OpaquePointer?,
                              cacheHash: UInt64?,
                              cache: inout ShapeCache, glyphs: inout [HarfBuzzBuffer.Glyph], into sink: inout GlyphSink) {
        glyphs.removeAll(keepingCapacity: true)
        context.buffer.shape(text: text, start: range.lowerBound, length: range.count, font: face.harfBuzz, script: run.script,
                             rightToLeft: run.isRightToLeft, topToBottom: run.isUpright, language: language,
                             features: HarfBuzzUnicode.features(style, features), into: &glyphs)
        if run.isRightToLeft { glyphs.reverse() }
        let scale = 1 / Float(face.unitsPerEm)
        for glyph in glyphs {
            let invisible = CharacterClass.isInvisibleControl(text[Int(glyph.cluster)])
            // Offsets are kept in the line's frame (along it, then across it towards its "over" side), so that
            // layout treats upright glyphs as any other: top to bottom, along is down (-y) and over is right (+x).
            let offset = run.isUpright ? SIMD2(-Float(glyph.yOffset) * scale, Float(glyph.xOffset) * scale)
                : SIMD2(Float(glyph.xOffset) * scale, Float(glyph.yOffset) * scale)
            sink.append(id: invisible || glyph.id > 0xFFFE ? ShapedParagraph.invisibleGlyph : UInt16(glyph.id),
                        cluster: Int(glyph.cluster), advance: invisible ? 0 : Float(glyph.advance) * scale, offset: offset)
        }
        if let cacheHash { cache.insert(style, text, range, hash: cacheHash, from: sink, count: glyphs.count) }
    }

    /// Adds letter spacing after the last glyph of each cluster of `run` and word spacing to each space between
    /// words (CSS: U+0020, U+00A0 and the few other word separators), in ems of the run's size, never making an
    /// advance negative. Letters of cursive scripts (Arabic, Syriac, N'Ko, Mongolian) are not spaced apart: it
    /// would break their joins (CSS Text 3 lets user agents skip them).
    static func space(_ run: ShapedRun, letters: Float, words: Float, units: UnsafeBufferPointer<UInt16>,
                      sink: inout GlyphSink) {
        let cursive = run.script == HarfBuzzUnicode.arabic || run.script == HarfBuzzUnicode.syriac
            || run.script == HarfBuzzUnicode.nko || run.script == HarfBuzzUnicode.mongolian
        let start = Int(run.glyphStart), end = Int(run.glyphEnd)
        for g in start..<end {
            let cluster = Int(sink.cluster(g))
            // The cluster's last glyph carries the spacing (glyphs are in logical order, clusters ascending).
            if g + 1 < end, Int(sink.cluster(g + 1)) == cluster { continue }
            guard cluster < units.count, !CharacterClass.isInvisibleControl(units[cluster]) else { continue }
            let unit = units[cluster]
            var extra = cursive ? 0 : letters
            if unit == 0x20 || unit == 0xA0 || unit == 0x1361 { extra += words }
            guard extra != 0 else { continue }
            sink.setAdvance(g, max(0, sink.advance(g) + extra))
        }
    }

    /// Splits the content into runs of one attribute run, one face, one script and one bidi level.
    private func itemize(_ paragraph: Paragraph, units: [UInt16], levels: [UInt8]?, paragraphLevel: UInt8,
                         styles: [ResolvedShapingStyle], firstSet: FontSet) throws(FontError) -> [ShapedRun] {
        var runs: [ShapedRun] = []
        let contentStart = paragraph.contentRange.lowerBound
        for (attributeIndex, attributeRun) in paragraph.runs.enumerated() {
            let set = attributeIndex == 0 ? firstSet
                : try context.fontSet(for: styles[attributeIndex].descriptor, in: documentFonts, readerFamily: family)
            let span = Itemizing.Span(range: (attributeRun.range.lowerBound - contentStart)..<(attributeRun.range.upperBound - contentStart),
                                      attributeIndex: Int32(attributeIndex), set: set)
            if attributeRun.style.attachment != nil {
                // An object's unit needs no font (no face has a glyph for U+FFFC worth drawing): a run of its own.
                let i = span.range.lowerBound
                runs.append(ShapedRun(start: Int32(i), end: Int32(span.range.upperBound), glyphStart: 0, glyphEnd: 0,
                                      faceID: Int32(set.primary.id), metricsFaceID: Int32(set.primary.id),
                                      attributeIndex: span.attributeIndex, level: levels?[i] ?? paragraphLevel,
                                      script: runs.last?.script ?? HarfBuzzUnicode.common))
            } else if attributeRun.style.isOutOfFlow {
                Self.itemizeHidden(span, levels: levels, paragraphLevel: paragraphLevel, into: &runs)
            } else {
                var itemizing = Itemizing(span, units: units, levels: levels, paragraphLevel: paragraphLevel,
                                          coverage: context.coverage(of: set.primary))
                itemizing.combinesDigits = vertical
                itemizing.combinesAll = vertical && attributeRun.style.combinesUpright
                try itemizeText(&itemizing, into: &runs)
            }
        }
        // HarfBuzz needs a concrete script; a run of only neutral characters shapes as Latin would.
        for index in runs.indices where Self.isNeutral(runs[index].script) {
            runs[index].script = index > 0 ? runs[index - 1].script : HarfBuzzUnicode.latin
        }
        return runs
    }

    /// Whether a script is neutral for itemization (common, inherited or unknown characters join any run).
    @inline(__always)
    static func isNeutral(_ script: UInt32) -> Bool {
        script == HarfBuzzUnicode.common || script == HarfBuzzUnicode.inherited || script == HarfBuzzUnicode.unknown
    }

    /// Hidden units need no font: one run per bidi level, in the primary face, never shaped.
    private static func itemizeHidden(_ span: Itemizing.Span, levels: [UInt8]?, paragraphLevel: UInt8, into runs: inout [ShapedRun]) {
        var i = span.range.lowerBound
        while i < span.range.upperBound {
            let level = levels?[i] ?? paragraphLevel
            var next = i + 1
            while next < span.range.upperBound, (levels?[next] ?? paragraphLevel) == level { next += 1 }
            var run = ShapedRun(start: Int32(i), end: Int32(next), glyphStart: 0, glyphEnd: 0,
                                faceID: Int32(span.set.primary.id), metricsFaceID: Int32(span.set.primary.id),
                                attributeIndex: span.attributeIndex, level: level,
                                script: runs.last?.script ?? HarfBuzzUnicode.latin)
            run.isOutOfFlow = true
            runs.append(run)
            i = next
        }
    }

    /// The itemization of one attribute run's text under way: where it has reached, the run being extended and its
    /// face, and the fallback face of the word being itemized.
    struct Itemizing {
        /// One attribute run's content range, its index and its font set.
        struct Span {
            var range: Range<Int>
            var attributeIndex: Int32
            var set: FontSet
        }
        let span: Span
        let units: [UInt16]
        let levels: [UInt8]?
        let paragraphLevel: UInt8
        let primary: FontFace
        let primaryCoverage: FaceCoverage
        var i: Int
        var current: ShapedRun?
        var currentFace: FontFace
        /// A word the primary face cannot set entirely is set in one fallback face that can, so that a word never
        /// alternates between faces (Greek in a Latin-only serif, say).
        var wordFace: FontFace?
        var wordEnd: Int
        /// Whether the text is vertical, where a two-digit number is set in one upright cell
        /// (``ParagraphShaper/combineUpright(_:units:runs:glyphs:)``), and whether the whole run is
        /// (`text-combine-upright: all`): those keep the face of the text around them (see ``takesPrimaryFace(_:)``).
        var combinesDigits = false
        var combinesAll = false

        init(_ span: Span, units: [UInt16], levels: [UInt8]?, paragraphLevel: UInt8, coverage: FaceCoverage) {
            self.span = span
            self.units = units
            self.levels = levels
            self.paragraphLevel = paragraphLevel
            primary = span.set.primary
            primaryCoverage = coverage
            i = span.range.lowerBound
            currentFace = primary
            wordEnd = i
        }

        /// Whether the character at ``i``, `codePoint`, is an ASCII letter or digit the primary face covers and is
        /// set in it whatever the word around it: browsers fall back per character cluster with the primary font
        /// first, so that in a Latin-first family 「第3章」 and 「2024年」 take the Latin face's digits between CJK
        /// characters. Text set in one upright cell in vertical text (tate-chū-yoko) keeps its word's face, whose
        /// half-width forms make the cell; punctuation keeps it too (the comma after 紅樓夢 is the CJK face's).
        @inline(__always)
        func takesPrimaryFace(_ codePoint: UInt32) -> Bool {
            guard codePoint < 0x80, CharacterClass.isASCIIAlphanumeric(codePoint), primaryCoverage.covers(codePoint) else { return false }
            guard combinesDigits else { return true }
            return !combinesAll && !ParagraphShaper.isTwoDigitNumber(at: i, in: units)
                && !ParagraphShaper.isTwoDigitNumber(at: i - 1, in: units)
        }

        /// Fast path: a stretch of whole words whose every unit the primary face covers and that are Latin or
        /// neutral (``FaceCoverage/LatinRunClass``) extends a primary-face Latin (or neutral) run at the paragraph's
        /// level, exactly as the per-character path would, in one pass. Most of a Latin book goes through here. It
        /// starts at a word's start, or inside a word known to need no fallback face, and stops before a word
        /// holding anything else, which the full path then takes (a word's fallback face depends on all of its
        /// letters). Returns whether it extended the run.
        @inline(__always)
        mutating func extendLatinRunByWords() -> Bool {
            guard levels == nil, wordFace == nil || i >= wordEnd, var run = current, run.faceID == Int32(primary.id),
                  run.script == HarfBuzzUnicode.latin || run.script == HarfBuzzUnicode.common else { return false }
            let end = span.range.upperBound
            let (j, letter, letterBeforeWord, wordStart) = units.withUnsafeBufferPointer {
                Self.scanLatinRun($0, from: i, to: end, coverage: primaryCoverage)
            }
            // Up to `j` when that is the end, or when no space was passed inside a word known to need no fallback
            // face; otherwise up to the last whole word (linear: a word is scanned again only from where the full
            // path left it).
            let throughJ = j == end || (i < wordEnd && wordStart == i)
            let stop = throughJ ? j : wordStart
            guard stop > i else { return false }
            if throughJ ? letter : letterBeforeWord { run.script = HarfBuzzUnicode.latin }
            run.end = Int32(stop)
            current = run
            i = stop
            wordFace = nil
            wordEnd = max(wordEnd, stop)
            return true
        }

        /// How far from `i` the units extend a primary-face Latin or neutral run (up to the first one that needs the
        /// full path), whether a Latin letter is among them, whether one is before the start of the last word, and
        /// where that word starts. Four ASCII units from U+0020 to U+007E are passed at once when the face covers
        /// them all: each is then Latin when a letter and neutral otherwise, as ``FaceCoverage/latinRunClass(_:)``
        /// says one by one (a unit at a time, the short words of prose never filled four letters in a row).
        @inline(__always)
        static func scanLatinRun(_ units: UnsafeBufferPointer<UInt16>, from i: Int, to end: Int, coverage: FaceCoverage)
            -> (end: Int, letter: Bool, letterBeforeWord: Bool, wordStart: Int) {
            var j = i
            var letter = false, letterBeforeWord = false
            var wordStart = i
            let fourAtOnce = coverage.coversASCIIText
            while j < end {
                if fourAtOnce, j + 4 <= end, let base = units.baseAddress {
                    let four = UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)
                    if FaceCoverage.isASCIIText(four) {
                        let letters = FaceCoverage.letterLanes(four), spaces = FaceCoverage.spaceLanes(four)
                        if spaces != 0 {
                            // As the units one by one: the last space starts a word, with the letters before it.
                            let last = (63 - spaces.leadingZeroBitCount) >> 4
                            letterBeforeWord = letter || letters & ((1 << UInt64(16 * last)) &- 1) != 0
                            wordStart = j + last + 1
                        }
                        letter = letter || letters != 0
                        j += 4
                        continue
                    }
                }
                let unit = units[j]
                let runClass = coverage.latinRunClass(unit)
                if runClass == .other { break }
                if unit == 0x20 {
                    wordStart = j + 1
                    letterBeforeWord = letter
                } else if runClass == .latin {
                    letter = true
                }
                j += 1
            }
            return (j, letter, letterBeforeWord, wordStart)
        }

        /// Adds the character at ``i`` (`width` units, in `face`, of `script`) to the run being extended, or starts
        /// a new run (a new face, bidi level or script), appending the finished one to `runs`.
        @inline(__always)
        mutating func add(width: Int, face: FontFace, script: UInt32, into runs: inout [ShapedRun]) {
            let level = levels?[i] ?? paragraphLevel
            let isNeutral = ParagraphShaper.isNeutral(script)
            if var run = current {
                let runNeutral = ParagraphShaper.isNeutral(run.script)
                let scriptChange = !isNeutral && !runNeutral && script != run.script
                if face.id == currentFace.id && level == run.level && !scriptChange {
                    if runNeutral && !isNeutral { run.script = script }
                    run.end = Int32(i + width)
                    current = run
                    i += width
                    return
                }
                runs.append(run)
            }
            current = ShapedRun(start: Int32(i), end: Int32(i + width), glyphStart: 0, glyphEnd: 0,
                                faceID: Int32(face.id), metricsFaceID: Int32(primary.id),
                                attributeIndex: span.attributeIndex, level: level, script: script)
            currentFace = face
            i += width
        }
    }

    /// Itemizes the text of one attribute run: words the fast path takes (``Itemizing/extendLatinRunByWords()``),
    /// else character by character, each in the face ``face(for:script:in:)`` chooses.
    private func itemizeText(_ state: inout Itemizing, into runs: inout [ShapedRun]) throws(FontError) {
        let end = state.span.range.upperBound
        while state.i < end {
            if mayExtendLatinRunsByWord && state.extendLatinRunByWords() { continue }
            if state.i >= state.wordEnd {
                (state.wordFace, state.wordEnd) = wordFallback(state.units, from: state.i, end: end, set: state.span.set,
                                                               coverage: state.primaryCoverage)
            }
            let (codePoint, width) = CharacterClass.codePoint(state.units, at: state.i, end: end)
            let (face, script) = face(for: codePoint, script: HarfBuzzUnicode.script(of: codePoint), in: state)
            state.add(width: width, face: face, script: script, into: &runs)
        }
        if let run = state.current { runs.append(run) }
    }

    /// The face a character of `script` is set in, and the script it counts as: an ASCII letter or digit the primary
    /// face covers, in it (``Itemizing/takesPrimaryFace(_:)``); the word's fallback face when it covers it; a neutral
    /// character stays in the face of the text it sits in (the space between two Arabic words is the Arabic font's
    /// space, as browsers do); ASCII the primary face covers, in it; joiners, selectors and marks the current face can
    /// draw stay with their base character (counted as inherited); else the primary face when it covers it, else the
    /// font set's fallback.
    @inline(__always)
    private func face(for codePoint: UInt32, script: UInt32, in state: Itemizing) -> (FontFace, UInt32) {
        let neutral = script == HarfBuzzUnicode.common || script == HarfBuzzUnicode.inherited
        let primary = state.primary
        if state.takesPrimaryFace(codePoint) { return (primary, script) }
        if let wordFace = state.wordFace, context.coverage(of: wordFace).covers(codePoint) { return (wordFace, script) }
        if neutral && state.current != nil && state.currentFace.id != primary.id
            && context.coverage(of: state.currentFace).covers(codePoint) {
            return (state.currentFace, script)
        }
        if codePoint < 0x80 && state.primaryCoverage.covers(codePoint) { return (primary, script) }
        if state.current != nil && (CharacterClass.followsNeighbourFont(codePoint)
            || (HarfBuzzUnicode.isMark(codePoint) && context.coverage(of: state.currentFace).covers(codePoint))) {
            return (state.currentFace, HarfBuzzUnicode.inherited)
        }
        if state.primaryCoverage.covers(codePoint) || CharacterClass.followsNeighbourFont(codePoint) { return (primary, script) }
        return (context.fallbackFace(in: state.span.set, for: codePoint), script)
    }

    /// The face for the word starting at `start` (up to the next space or `end`), when the primary face lacks one
    /// of its letters and a fallback face has them all; and where the word ends. Pure-ASCII words return at once.
    ///
    /// A word ends where its letters change script (the East Asian scripts count as one, so that kana and kanji
    /// share a face): a Latin stretch joined to Hebrew or Arabic letters (`ב-CC-BY-SA`, `ال-PDF`) is a word of its
    /// own, set in the paragraph's face when that face covers it, instead of following the other script into a
    /// fallback face that happens to cover both (a sans face beside the paragraph's serif).
    private func wordFallback(_ units: [UInt16], from start: Int, end: Int, set: FontSet, coverage: FaceCoverage)
        -> (FontFace?, Int) {
        if units[start] == 0x20 { return (nil, start + 1) }
        var asciiEnd = start
        while asciiEnd < end, units[asciiEnd] != 0x20, units[asciiEnd] < 0x80 { asciiEnd += 1 }
        if asciiEnd == end || units[asciiEnd] == 0x20 { return (nil, asciiEnd) }
        var letters: [UInt32] = []
        var missing = false
        var wordScript: UInt32?
        var i = start
        while i < end, units[i] != 0x20 {
            let (codePoint, width) = CharacterClass.codePoint(units, at: i, end: end)
            if !CharacterClass.followsNeighbourFont(codePoint) && !HarfBuzzUnicode.isMark(codePoint) {
                let script = HarfBuzzUnicode.script(of: codePoint)
                if script != HarfBuzzUnicode.common && script != HarfBuzzUnicode.inherited {
                    let scriptClass = HarfBuzzUnicode.isUpright(script: script) ? HarfBuzzUnicode.han : script
                    if let wordScript, wordScript != scriptClass { break }
                    wordScript = scriptClass
                    letters.append(codePoint)
                    if !coverage.covers(codePoint) { missing = true }
                }
            }
            i += width
        }
        guard missing else { return (nil, i) }
        return (context.fallbackFace(in: set, coveringAll: letters), i)
    }

    /// The break opportunities of a paragraph with hidden units: those of its visible text (so that markup
    /// neither adds nor removes one), each at the caret stop between the visible units around it.
    private func breakOpportunities(_ visible: VisibleText, language: String?, rules: BreakRules) -> [UInt32] {
        breakOpportunities(visible.units, language: language, rules: rules).map { candidate in
            BreakCandidate.encode(offset: visible.sourceOffset(ofBoundary: BreakCandidate.offset(candidate)),
                                  mandatory: BreakCandidate.isMandatory(candidate), hyphenated: BreakCandidate.isHyphenated(candidate))
        }
    }

    /// UAX #14 break opportunities from ICU, under the paragraph's CSS `line-break` and `word-break`, encoded as
    /// in ``ShapedParagraph/breaks``.
    private func breakOpportunities(_ units: [UInt16], language: String?, rules: BreakRules) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(units.count / 5 + 1)
        var suspicious: [Int] = []
        if let breaker = context.lineBreaker(language: language, strictness: rules.strictness) {
            breaker.forEachBoundary(units) { offset, mandatory in
                // The end of the content always ends a line; ICU reports it as a soft boundary.
                let hard = mandatory || offset == units.count
                if offset < units.count && !hard
                    && (CharacterClass.mayContinueGrapheme(units[offset]) || CharacterClass.mayEndPrepend(units[offset - 1])) {
                    suspicious.append(result.count)
                }
                // A break after a soft hyphen shows a hyphen; it is the author's hyphenation point.
                let soft = !hard && offset > 0 && units[offset - 1] == 0x00AD
                result.append(BreakCandidate.encode(offset: offset, mandatory: hard, hyphenated: soft))
            }
        }
        // UAX #14 allows a break between a space and a combining mark after it (rule LB10 treats the mark as a
        // letter), but UAX #29 keeps the two in one grapheme. Lines must start on grapheme boundaries, so such
        // opportunities are dropped; only the rare candidates that start with a mark, joiner or surrogate are checked.
        if !suspicious.isEmpty, let graphemes = context.characterIterator {
            graphemes.setText(units)
            var dropped = Set<Int>()
            for index in suspicious where !graphemes.isBoundary(BreakCandidate.offset(result[index])) { dropped.insert(index) }
            if !dropped.isEmpty { result = result.enumerated().filter { !dropped.contains($0.offset) }.map(\.element) }
        }
        if result.last.map(BreakCandidate.offset) != units.count { result.append(BreakCandidate.encode(offset: units.count, mandatory: true)) }
        if rules.wordBreak != .normal || rules.strictness == .anywhere { result = rules.adjust(result, units: units, graphemes: context.characterIterator) }
        return result
    }
}

/// The text that shaping and line breaking see for one paragraph's content: the source units with a few
/// same-length substitutions, so that every offset still points at its source unit.
struct LayoutText {
    let units: [UInt16]

    // Borrowed: an initializer's argument is owned by default, and the shaper's call copied the paragraph for it (a
    // retain and a release of each of its arrays and strings, per paragraph shaped; callgrind).
    init(_ paragraph: borrowing Paragraph) {
        var units = Array(paragraph.units[paragraph.contentRange])
        let collapse = paragraph.style.innerLineBreaks == .collapse
        units.withUnsafeMutableBufferPointer { units in
            var i = 0
            while i < units.count {
                // Four units that need nothing (nearly all) are passed at once.
                if i + 4 <= units.count, let base = units.baseAddress,
                   !LayoutText.mayNeedChange(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                    i += 4
                    continue
                }
                let unit = units[i]
                // Printable ASCII and most letters need nothing: one comparison for them.
                if unit > 0x0D && unit != 0x85 && unit != 0x2028 {
                    i += 1
                    continue
                }
                if unit == 0x09 {
                    units[i] = 0x20  // a tab is a space (no tab stops in reading text)
                } else if collapse && (unit == 0x0A || unit == 0x0D || unit == 0x2028 || unit == 0x85) {
                    // A soft line end of the source file (CSS Text 3 segment-break transformation): it reads as a
                    // space, or as nothing between two East Asian wide characters; the white space that indents
                    // the next source line takes no room. Read as nothing, it becomes combining grapheme joiners,
                    // which line breaking attaches to the character before (UAX #14 LB9), so that the break
                    // opportunities are those of the text without it: a zero-width space there was an opportunity
                    // of its own, and put a source line's leading `，` or `。` at the start of a line.
                    let lineEnd = unit == 0x0D && i + 1 < units.count && units[i + 1] == 0x0A ? i + 1 : i
                    var before: UInt16 = i > 0 ? units[i - 1] : 0x20
                    if UTF16.isTrailSurrogate(before), i > 1 { before = units[i - 2] }
                    var next = lineEnd + 1
                    while next < units.count, units[next] == 0x20 || units[next] == 0x09 || units[next] == 0x3000 {
                        next += 1
                    }
                    let after = next < units.count ? units[next] : 0x20
                    let removed = CharacterClass.isWideUnspaced(before) && CharacterClass.isWideUnspaced(after)
                    for j in i..<next { units[j] = removed ? 0x034F : 0x200B }
                    if !removed { units[lineEnd] = 0x20 }
                    i = next
                    continue
                }
                i += 1
            }
        }
        for run in paragraph.runs {
            guard let replacement = run.style.replacement else { continue }
            // Same length, checked when the paragraph was made: offsets still point at the source units.
            var i = run.range.lowerBound - paragraph.contentRange.lowerBound
            for unit in replacement.utf16 where i < units.count {
                units[i] = unit
                i += 1
            }
        }
        let contentStart = paragraph.contentRange.lowerBound
        for run in paragraph.runs where run.style.textTransform != .none {
            LayoutText.transform(&units, (run.range.lowerBound - contentStart)..<(run.range.upperBound - contentStart),
                                 run.style.textTransform)
        }
        self.units = units
    }

    /// Whether any of the four UTF-16 units in `word` may need a substitution (a unit up to U+000D, U+0085 or
    /// U+2028): a lane below 0x0E or equal to either sets its high bit in one of the three terms (some other units
    /// may too, which are then looked at one by one).
    @inline(__always)
    static func mayNeedChange(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0001_0001_0001_0001, highs: UInt64 = 0x8000_8000_8000_8000
        let nel = word ^ (0x85 &* ones), separator = word ^ (0x2028 &* ones)
        return ((word &- 0x0E &* ones) & ~word | (nel &- ones) & ~nel | (separator &- ones) & ~separator) & highs != 0
    }

    /// The units with every hidden one replaced by U+2060 WORD JOINER, a boundary neutral for bidi resolution.
    func unitsWithHiddenAsNeutral(_ spans: [CaretSpan]) -> [UInt16] {
        var result = units
        for span in spans where span.isOutOfFlow {
            for i in span.start..<min(span.end, result.count) { result[i] = 0x2060 }
        }
        return result
    }

    /// Replaces the characters of `range` by their case for `transform`, each by one of the same UTF-16 length
    /// (see ``TextTransform``), so that offsets keep pointing at their source characters.
    static func transform(_ units: inout [UInt16], _ range: Range<Int>, _ transform: TextTransform) {
        let range = range.clamped(to: 0..<units.count)
        var i = range.lowerBound
        while i < range.upperBound {
            let (codePoint, width) = CharacterClass.codePoint(units, at: i, end: range.upperBound)
            guard let scalar = Unicode.Scalar(codePoint) else { i += width; continue }
            var wordStart = true
            if transform == .capitalize, i > 0 {
                var j = i - 1
                if UTF16.isTrailSurrogate(units[j]), j > 0 { j -= 1 }
                let (previous, _) = CharacterClass.codePoint(units, at: j, end: i)
                if let previous = Unicode.Scalar(previous) {
                    let properties = previous.properties
                    wordStart = !(properties.isAlphabetic || properties.numericType != nil || previous == "'"
                                  || previous == "\u{2019}" || properties.generalCategory == .nonspacingMark)
                }
            }
            let mapped = LayoutText.mapped(scalar, transform, wordStart: wordStart)
            if mapped != scalar {
                let encoded = Array(mapped.utf16)
                if encoded.count == width { for (k, unit) in encoded.enumerated() { units[i + k] = unit } }
            }
            i += width
        }
    }

    /// The case of `scalar` under `transform`: its full mapping when that is one character, `ẞ` for `ß` in
    /// capitals, else the character itself.
    static func mapped(_ scalar: Unicode.Scalar, _ transform: TextTransform, wordStart: Bool) -> Unicode.Scalar {
        let mapping: String
        switch transform {
        case .none: return scalar
        case .uppercase:
            if scalar == "\u{DF}" { return "\u{1E9E}" }
            mapping = scalar.properties.uppercaseMapping
        case .lowercase: mapping = scalar.properties.lowercaseMapping
        case .capitalize:
            guard wordStart, scalar != "\u{DF}" else { return scalar }
            mapping = scalar.properties.titlecaseMapping
        case .fullWidth:
            // U+0021–007E map one for one to U+FF01–FF5E, both in the BMP: one unit for one. The space stays a
            // space, which justification, collapsing and hanging at a line's end recognise.
            guard (0x21...0x7E).contains(scalar.value), let wide = Unicode.Scalar(scalar.value + 0xFEE0) else { return scalar }
            return wide
        }
        var scalars = mapping.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return scalar }
        return first
    }
}
