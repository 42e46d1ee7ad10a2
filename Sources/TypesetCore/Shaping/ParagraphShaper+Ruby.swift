extension ParagraphShaper {
    /// Shapes the ruby annotations of a paragraph (attribute runs with ``TextStyle/ruby``; consecutive runs of one
    /// base are one annotation) and makes room for each over its base: when the annotation, at
    /// ``ShapedRuby/scale`` of the base's size, is wider than the base, the base's glyphs are spaced out evenly
    /// (each centred in its widened cell), less what the annotation may overhang neighbouring kana (up to one
    /// ruby character on each side, as JLReq 3.3 allows, and only when both neighbours are kana, so that the
    /// annotation stays centred). Changes `advances` and `offsets` (in ems of each glyph's run) of the base's glyphs.
    func shapeRubies(_ paragraph: Paragraph, units: [UInt16], runs: [ShapedRun], glyphs: inout GlyphSink) -> [ShapedRuby] {
        let contentStart = paragraph.contentRange.lowerBound
        var rubies: [ShapedRuby] = []
        var index = 0
        let attributeRuns = paragraph.runs
        while index < attributeRuns.count {
            guard let annotation = attributeRuns[index].style.ruby else { index += 1; continue }
            var last = index
            while last + 1 < attributeRuns.count, attributeRuns[last + 1].style.ruby == annotation { last += 1 }
            defer { index = last + 1 }
            let annotationRange = (attributeRuns[index].range.lowerBound - contentStart)..<(attributeRuns[last].range.upperBound - contentStart)
            // The base as given, clamped to the content (a caller's range may lie anywhere).
            let lower = max(0, min(units.count, annotation.base.lowerBound - contentStart))
            let base = lower..<max(lower, min(units.count, annotation.base.upperBound - contentStart))
            // An empty base or annotation, or a base that is not text of this paragraph, has nothing to set
            // over: the annotation stays hidden (manual, "Bad input").
            guard !base.isEmpty, !annotationRange.isEmpty, annotationRange.upperBound <= units.count,
                  let baseRun = runs.run(containing: base.lowerBound), !baseRun.isOutOfFlow,
                  let shaped = shapeAnnotation(units, annotationRange, style: attributeRuns[index].style, paragraph: paragraph)
            else { continue }
            var ruby = ShapedRuby(base: base, annotation: annotationRange, position: annotation.position,
                                  baseAttributeIndex: baseRun.attributeIndex, annotationAttributeIndex: Int32(index),
                                  faceID: shaped.faceID, glyphIDs: shaped.ids, clusters: shaped.clusters,
                                  advances: shaped.advances, width: shaped.advances.reduce(0, +))
            // Inter-character is over in vertical text (CSS Ruby 1 §4.1); in horizontal text it takes room after
            // its base instead of widening it.
            if ruby.position == .interCharacter && vertical { ruby.position = .over }
            if ruby.position == .interCharacter {
                makeRoomAfterBase(ruby, runs: runs, glyphs: &glyphs)
            } else {
                widenBase(&ruby, units: units, runs: runs, glyphs: &glyphs)
            }
            rubies.append(ruby)
        }
        // By ascending base, as ShapedParagraph.rubies promises (the order of the runs, but a caller's bases may lie
        // anywhere), so that a line finds its own by a search.
        return rubies.enumerated().sorted { ($0.element.base.lowerBound, $0.offset) < ($1.element.base.lowerBound, $1.offset) }
            .map(\.element)
    }

    /// The annotation's glyphs: in one face for the whole annotation (the primary face of its style when it covers
    /// every character, else the first fallback that does, else the fallback of its first character). Emphasis
    /// marks are shaped here too (see ``shapeEmphases``).
    func shapeAnnotation(_ units: [UInt16], _ range: Range<Int>, style: TextStyle,
                                 paragraph: Paragraph)
        -> (faceID: Int32, ids: [UInt16], clusters: [Int32], advances: [Float])? {
        let descriptor = settings.resolve(style, role: paragraph.style.role, readerFamily: family,
                                          language: language(of: style, in: paragraph)).descriptor
        guard let set = try? context.fontSet(for: descriptor, in: documentFonts, readerFamily: family) else { return nil }
        var codePoints: [UInt32] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let (codePoint, width) = CharacterClass.codePoint(units, at: i, end: range.upperBound)
            if !CharacterClass.followsNeighbourFont(codePoint) { codePoints.append(codePoint) }
            i += width
        }
        let coverage = context.coverage(of: set.primary)
        var face = set.primary
        if !codePoints.allSatisfy({ coverage.covers($0) }) {
            face = context.fallbackFace(in: set, coveringAll: codePoints)
                ?? codePoints.first.map { context.fallbackFace(in: set, for: $0) } ?? set.primary
        }
        let script = codePoints.lazy.map(HarfBuzzUnicode.script(of:))
            .first { $0 != HarfBuzzUnicode.common && $0 != HarfBuzzUnicode.inherited } ?? HarfBuzzUnicode.latin
        let language = context.language(style.language ?? paragraph.style.language ?? documentLanguage)
        var glyphs: [HarfBuzzBuffer.Glyph] = []
        units.withUnsafeBufferPointer { buffer in
            context.buffer.shape(text: buffer, start: range.lowerBound, length: range.count, font: face.harfBuzz, script: script,
                                 rightToLeft: false, language: language, features: [], into: &glyphs)
        }
        let scale = 1 / Float(face.unitsPerEm)
        var ids: [UInt16] = [], clusters: [Int32] = [], advances: [Float] = []
        for glyph in glyphs where Int(glyph.cluster) < units.count {
            let invisible = CharacterClass.isInvisibleControl(units[Int(glyph.cluster)]) || glyph.id > 0xFFFE
            guard !invisible else { continue }
            ids.append(UInt16(glyph.id))
            clusters.append(Int32(glyph.cluster))
            advances.append(Float(glyph.advance) * scale)
        }
        return ids.isEmpty ? nil : (Int32(face.id), ids, clusters, advances)
    }

    /// The base's glyphs that take room, in glyph order, found by searching (runs ascend, and clusters through a
    /// run): looking through every run and each run's every glyph for each base was quadratic in an Aozora line
    /// of thousands of rubies.
    private func baseGlyphs(_ base: Range<Int>, runs: [ShapedRun], glyphs sink: GlyphSink) -> [Int] {
        var glyphs: [Int] = []
        var r = runs.partitioningIndex { Int($0.end) > base.lowerBound }
        while r < runs.count, Int(runs[r].start) < base.upperBound {
            let run = runs[r]
            r += 1
            guard !run.isOutOfFlow else { continue }
            let first = run.glyphRange.partitioningIndex { Int(sink.cluster($0)) >= base.lowerBound }
            let end = run.glyphRange[first...].partitioningIndex { Int(sink.cluster($0)) >= base.upperBound }
            for g in first..<end where sink.advance(g) > 0 { glyphs.append(g) }
            context.annotationWork.count += 1 + end - first
        }
        return glyphs
    }

    /// Makes room for an inter-character annotation's column after its base: the base's last glyph (the right of
    /// the base, where the column goes) is one ``ShapedRuby/columnWidth`` wider, its glyph where it was. The room
    /// is part of the base's cell, as the widening for over and under ruby is, so carets and hit tests treat the
    /// column as they treat the base.
    private func makeRoomAfterBase(_ ruby: ShapedRuby, runs: [ShapedRun], glyphs sink: inout GlyphSink) {
        guard let last = baseGlyphs(ruby.base, runs: runs, glyphs: sink).last else { return }
        sink.setAdvance(last, sink.advance(last) + ShapedRuby.columnWidth)
    }

    /// Spaces out the base's glyphs when the annotation is wider than the base (see ``shapeRubies``).
    private func widenBase(_ ruby: inout ShapedRuby, units: [UInt16], runs: [ShapedRun], glyphs sink: inout GlyphSink) {
        let glyphs = baseGlyphs(ruby.base, runs: runs, glyphs: sink)
        guard !glyphs.isEmpty else { return }
        let baseWidth = glyphs.reduce(Float(0)) { $0 + sink.advance($1) }
        let excess = ruby.width * ShapedRuby.scale - baseWidth
        guard excess > 0 else { return }
        func isKana(_ offset: Int) -> Bool {
            guard offset >= 0 && offset < units.count else { return false }
            return CharacterClass.isKana(units[offset])
        }
        let before = ruby.base.lowerBound - 1
        // The character after the group: past the annotation and the hidden markup after it (`》`, `<rp>)</rp>`).
        var after = ruby.annotation.upperBound
        while after < units.count, let run = runs.run(containing: after), run.isOutOfFlow { after = Int(run.end) }
        let overhang = isKana(before) && isKana(after) ? min(excess / 2, ShapedRuby.scale) : 0
        let padding = (excess - 2 * overhang) / Float(glyphs.count)
        guard padding > 0 else { return }
        for g in glyphs {
            sink.setAdvance(g, sink.advance(g) + padding)
            sink.setOffset(g, sink.offset(g) + SIMD2(padding / 2, 0))
        }
    }
}

/// The bases of a paragraph's rubies, for asking whether an offset lies inside one in O(log n): sorted by start,
/// with the furthest end of each base and those before it.
struct RubyBases {
    private let bases: [Range<Int>]
    private let reach: [Int]

    init(_ rubies: [ShapedRuby]) {
        bases = rubies.map(\.base).filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        var furthest = Int.min
        reach = bases.map { furthest = max(furthest, $0.upperBound); return furthest }
    }

    /// Whether `offset` lies strictly inside a base (not at its start or end).
    func contains(_ offset: Int) -> Bool {
        let after = bases.partitioningIndex { $0.lowerBound >= offset }
        return after > 0 && reach[after - 1] > offset
    }
}

extension [ShapedRun] {
    /// The run holding content offset `offset` (the runs of a paragraph ascend and do not overlap), by a search.
    func run(containing offset: Int) -> ShapedRun? {
        let index = partitioningIndex { Int($0.end) > offset }
        return index < count && Int(self[index].start) <= offset ? self[index] : nil
    }
}
