extension ParagraphShaper {
    /// The place of a combined cell's baseline below its top, in ems: the ideographic em box's top (the CJK
    /// fonts' convention, as ruby uses), so that digits sit where a kanji would.
    static let combinedBaseline: Float = ShapedRuby.emBoxTop

    /// Sets each number of exactly two ASCII digits in upright vertical text across its line, in one cell of 1 em
    /// (縦中横, tate-chū-yoko: CSS `text-combine-upright: digits 2`, what JLReq 3.2.3 and Japanese reading systems do
    /// for two-digit numbers): the digits are shaped side by side with the font's half-width forms (`hwid`), the
    /// first glyph takes the cell's advance and the second none, both are one cluster (one shaping unit; each
    /// digit keeps its caret stop, as a ligature's graphemes do), and their offsets centre the pair on the column.
    /// Longer numbers stay upright one digit a cell, as JLReq sets them. Changes the arrays of the digits' glyphs.
    func combineDigits(units: [UInt16], runs: [ShapedRun], ids: inout [UInt16], clusters: inout [UInt32],
                       advances: inout [Float], offsets: inout [SIMD2<Float>]) {
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < units.count && units[i] >= 0x30 && units[i] <= 0x39 }
        var glyphs: [HarfBuzzBuffer.Glyph] = []
        for run in runs where run.isUpright && !run.isOutOfFlow {
            guard let face = context.fonts.face(id: Int(run.faceID)) else { continue }
            var i = Int(run.start)
            while i + 1 < Int(run.end) {
                defer { i += 1 }
                guard isDigit(i), isDigit(i + 1), !isDigit(i - 1), !isDigit(i + 2) else { continue }
                // One glyph for each digit, in order.
                let first = run.glyphRange.filter { clusters[$0] == UInt32(i) }
                let second = run.glyphRange.filter { clusters[$0] == UInt32(i + 1) }
                guard first.count == 1, second.count == 1, let a = first.first, let b = second.first else { continue }
                glyphs.removeAll(keepingCapacity: true)
                units.withUnsafeBufferPointer { buffer in
                    context.buffer.shape(text: buffer, start: i, length: 2, font: face.harfBuzz, script: HarfBuzzUnicode.latin,
                                         rightToLeft: false, language: nil, features: HarfBuzzUnicode.halfWidths, into: &glyphs)
                }
                guard glyphs.count == 2, glyphs.allSatisfy({ $0.id <= 0xFFFE }) else { continue }
                let scale = 1 / Float(face.unitsPerEm)
                let widths = glyphs.map { Float($0.advance) * scale }
                let width = widths[0] + widths[1]
                if offsets.isEmpty { offsets = [SIMD2<Float>](repeating: .zero, count: advances.count) }
                let cell: Float = 1
                ids[a] = UInt16(glyphs[0].id); ids[b] = UInt16(glyphs[1].id)
                clusters[b] = clusters[a]
                advances[a] = cell; advances[b] = 0
                // Upright offsets run along the line (down) then across it (right): see shapeSegment.
                offsets[a] = SIMD2(Self.combinedBaseline, -width / 2)
                offsets[b] = SIMD2(Self.combinedBaseline - cell, -width / 2 + widths[0])
                i += 1
            }
        }
    }
}
