internal import CHarfBuzz

extension ParagraphShaper {
    /// The place of a combined cell's baseline below its top, in ems: the ideographic em box's top (the CJK
    /// fonts' convention, as ruby uses), so that digits sit where a kanji would.
    static let combinedBaseline: Float = ShapedRuby.emBoxTop
    /// The most characters set in one cell.
    static let maximumCombined = 4

    /// Sets text across an upright vertical line in one cell of 1 em (縦中横, tate-chū-yoko): each run styled
    /// ``TextStyle/combinesUpright`` (CSS `text-combine-upright: all`), and each number of exactly two ASCII digits
    /// (CSS `text-combine-upright: digits 2`, what JLReq 3.2.3 and Japanese reading systems do for two-digit
    /// numbers; longer numbers stay upright one digit a cell). The characters are shaped side by side with the
    /// font's half-, third- or quarter-width forms (`hwid`, `twid`, `qwid`), the first glyph takes the cell's advance
    /// and the others none, all are one cluster (one shaping unit; each character keeps its caret stop, as a
    /// ligature's graphemes do), and their offsets centre them on the column. A run longer than
    /// ``maximumCombined`` characters, or one whose characters do not map one glyph each, stays as it is.
    /// Changes the combined glyphs in `sink`.
    func combineUpright(_ paragraph: Paragraph, units: [UInt16], runs: [ShapedRun], glyphs sink: inout GlyphSink) {
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < units.count && units[i] >= 0x30 && units[i] <= 0x39 }
        for run in runs where run.isUpright && !run.isOutOfFlow {
            if paragraph.runs[Int(run.attributeIndex)].style.combinesUpright {
                combine(run.range, of: run, units: units, glyphs: &sink)
                continue
            }
            var i = Int(run.start)
            while i + 1 < Int(run.end) {
                if isDigit(i), isDigit(i + 1), !isDigit(i - 1), !isDigit(i + 2) {
                    combine(i..<(i + 2), of: run, units: units, glyphs: &sink)
                    i += 2
                } else {
                    i += 1
                }
            }
        }
    }

    /// Combines `range` (content offsets inside `run`) into one cell (see ``combineUpright``).
    private func combine(_ range: Range<Int>, of run: ShapedRun, units: [UInt16], glyphs sink: inout GlyphSink) {
        guard range.count > 1, range.count <= Self.maximumCombined,
              let face = context.fonts.face(id: Int(run.faceID)) else { return }
        // One glyph for each unit, in order.
        // (Found by a search, clusters ascending through a run: filtering the run's glyphs for each offset was
        // quadratic in a long vertical line of numbers.)
        var glyphIndices: [Int] = []
        for offset in range {
            let first = run.glyphRange.partitioningIndex { sink.cluster($0) >= UInt32(offset) }
            let end = run.glyphRange[first...].partitioningIndex { sink.cluster($0) > UInt32(offset) }
            context.annotationWork.count += 1
            guard end - first == 1 else { return }
            glyphIndices.append(first)
        }
        let tag = range.count == 2 ? "hwid" : range.count == 3 ? "twid" : "qwid"
        let features = [hb_feature_t(tag: hb_tag_from_string(tag, -1), value: 1, start: 0, end: CHarfBuzz_featureGlobalEnd)]
        var glyphs: [HarfBuzzBuffer.Glyph] = []
        units.withUnsafeBufferPointer { buffer in
            context.buffer.shape(text: buffer, start: range.lowerBound, length: range.count, font: face.harfBuzz,
                                 script: HarfBuzzUnicode.latin, rightToLeft: false, language: nil, features: features, into: &glyphs)
        }
        guard glyphs.count == range.count, glyphs.allSatisfy({ $0.id <= 0xFFFE }) else { return }
        let scale = 1 / Float(face.unitsPerEm)
        let widths = glyphs.map { Float($0.advance) * scale }
        let width = widths.reduce(0, +)
        // Upright offsets run along the line (down) then across it (right): see shapeSegment. The pen moves one
        // cell after the first glyph, none after the others.
        var across = -width / 2
        for (k, g) in glyphIndices.enumerated() {
            sink.setGlyph(g, id: UInt16(glyphs[k].id), cluster: UInt32(range.lowerBound))
            sink.setAdvance(g, k == 0 ? 1 : 0)
            sink.setOffset(g, SIMD2(Self.combinedBaseline - (k == 0 ? 0 : 1), across))
            across += widths[k]
        }
    }
}
