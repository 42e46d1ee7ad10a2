extension BookLayout {
    /// The labels of the print pages that start on page `pageIndex` (the text's ``StyledText/printPages``), as
    /// glyph runs to draw in the margin beside the line where each starts: in the outer margin (right of a line
    /// running left to right, left of one running right to left), at 0.6 of the body size, on the line's baseline,
    /// a quarter of the margin away from the text (kept inside the page when the margin is narrower than the
    /// label). Labels of pages starting at one place (a blank page) share a line, joined by an en dash.
    /// Horizontal pages only (a vertical page has no run of margin beside its lines): empty for vertical text, for
    /// a text without print pages, for a page out of range, and for a label the face has no glyph for.
    ///
    /// Drawn glyph by glyph from the face's nominal glyphs (no shaping: labels are numbers and letters), in the
    /// primary face of the book's text; ``Appearance/printPageLabels`` asks the renderer to draw them.
    public func printPageLabelRuns(onPage pageIndex: Int) -> [GlyphRun] {
        guard pages.indices.contains(pageIndex), !pages[pageIndex].writingMode.isVertical, let printPages = text.printPages,
              let face = shaped.primaryFace else { return [] }
        let range = pages[pageIndex].range
        let starting = printPages.pages.filter { range.contains($0.offset) || ($0.offset == range.upperBound && range.upperBound == text.length) }
        guard !starting.isEmpty else { return [] }
        let lines = lines(onPage: pageIndex)
        var grouped: [(offset: UTF16Offset, labels: [String])] = []
        for page in starting {
            if grouped.last?.offset == page.offset { grouped[grouped.count - 1].labels.append(page.label) } else { grouped.append((page.offset, [page.label])) }
        }
        let size = settings.fontSize * 0.6
        let content = settings.contentRect
        let pageWidth = pages[pageIndex].size.width
        return grouped.compactMap { group -> GlyphRun? in
            // The line holding the break: the last line starting at or before it.
            guard let line = lines.last(where: { $0.range.lowerBound <= group.offset }) ?? lines.first else { return nil }
            let label = group.labels.joined(separator: "\u{2013}")
            var glyphs: [UInt16] = [], advances: [Double] = []
            for scalar in label.unicodeScalars {
                guard let glyph = face.harfBuzz.glyph(for: scalar.value), glyph <= 0xFFFE else { return nil }
                glyphs.append(UInt16(glyph))
                advances.append(Double(face.harfBuzz.advance(of: glyph)) / Double(face.unitsPerEm) * size)
            }
            let width = advances.reduce(0, +)
            let rightToLeft = line.direction == .rightToLeft
            let gap = max(2, min(8, (rightToLeft ? settings.margins.left : settings.margins.right) / 4))
            var x = rightToLeft ? content.minX - gap - width : content.maxX + gap
            x = min(max(1, x), max(1, pageWidth - 1 - width))
            var positions: [Point] = []
            var pen = x
            for advance in advances {
                positions.append(Point(x: pen, y: line.baseline))
                pen += advance
            }
            return GlyphRun(face: face, size: size, color: nil, glyphs: glyphs, positions: positions,
                            clusters: Array(repeating: group.offset, count: glyphs.count), advances: advances,
                            range: group.offset..<group.offset, backgroundColor: nil, decoration: [], baseline: line.baseline,
                            minX: x, maxX: x + width, lineTop: line.rect.minY, lineBottom: line.rect.maxY)
        }
    }
}
