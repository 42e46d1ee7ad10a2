/// An attachment (an image) as laid out on a page: what a renderer draws there, and what hit testing over it
/// answers.
public struct PlacedAttachment: Hashable, Sendable {
    /// Its one unit in the document (a U+FFFC).
    public let range: Range<UTF16Offset>
    /// Its box in page coordinates (points): standing on the line's baseline, as wide and tall as laid out.
    public let rect: Rect
    /// The object: its source, alt text and sizes.
    public let attachment: TextAttachment
    /// For a formula: its drawing, the size it is set at and its baseline (see ``BookLayout/formulas(onPage:)``).
    var formula: FormulaPlacement? = nil

    /// Equal when the unit, box and object are (a formula's placement follows from them).
    public static func == (a: PlacedAttachment, b: PlacedAttachment) -> Bool {
        a.range == b.range && a.rect == b.rect && a.attachment == b.attachment
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(range); hasher.combine(rect); hasher.combine(attachment)
    }
}

extension BookLayout {
    /// The attachments laid out on page `pageIndex`, in placement order; empty for an index out of range or a page
    /// without any.
    public func attachments(onPage pageIndex: Int) -> [PlacedAttachment] {
        guard pages.indices.contains(pageIndex) else { return [] }
        var result: [PlacedAttachment] = []
        for placement in pages[pageIndex].placements {
            appendAttachments(for: placement, into: &result)
        }
        return turned(result, page: pageIndex)
    }

    /// Attachments' boxes turned from a vertical page's line frame onto the page (see ``LineFrame``).
    private func turned(_ attachments: [PlacedAttachment], page: Int) -> [PlacedAttachment] {
        let frame = frame(page: page)
        guard frame.mode.isVertical else { return attachments }
        // (Formulas are not drawn in vertical text: their placement is left out.)
        return attachments.map { PlacedAttachment(range: $0.range, rect: frame.page($0.rect), attachment: $0.attachment) }
    }

    /// The attachments of the lines of page `pageIndex` that may draw into the strip `band` (see
    /// ``glyphRuns(onPage:in:)``): what a window onto a long scroll page draws.
    public func attachments(onPage pageIndex: Int, in band: Range<Double>) -> [PlacedAttachment] {
        var result: [PlacedAttachment] = []
        for placement in placements(onPage: pageIndex, in: band) { appendAttachments(for: placement, into: &result) }
        return turned(result, page: pageIndex)
    }

    /// The attachment under `point` on page `pageIndex`: one whose box holds the point, or nil. An object is also
    /// a character: ``characterRange(at:onPage:)`` answers its unit over the same place.
    public func attachment(at point: Point, onPage pageIndex: Int) -> PlacedAttachment? {
        let point = sanitized(point)
        // A list marker's image is generated, not an object of the text: it answers no hit test.
        return attachments(onPage: pageIndex).first { $0.rect.contains(point) && !text.isGenerated(at: $0.range.lowerBound) }
    }

    func appendAttachments(for placement: PlacedLine, into result: inout [PlacedAttachment]) {
        let p = Int(placement.paragraph)
        let paragraph = text.paragraphs[p]
        guard paragraph.runs.contains(where: { $0.style.attachment != nil }) else { return }
        let lines = paragraphLayout(p).lines
        let box = lines[Int(placement.line)]
        let shaped = shaped.paragraph(p)
        let content = paragraph.units[paragraph.contentRange]
        let format = format(ofParagraph: p)
        guard let heights = format.attachmentHeights else { return }
        let geometry = LineGeometry(box: box, glyphScale: lines.microtypography(ofLine: Int(placement.line)).glyphScale,
                                    shaped: shaped, content: content, sizes: format.sizes, faces: self.shaped.faces)
        let baseline = Double(placement.y) + Double(box.baseline)
        let contentStart = paragraph.contentStart
        geometry.forEachGlyph(shaped: shaped, content: content, sizes: format.sizes, box: box) { g, penX, size, _, piece in
            let attributeIndex = Int(shaped.runs[piece.runIndex].attributeIndex)
            guard let attachment = paragraph.runs[attributeIndex].style.attachment else { return }
            let width = Double(shaped.advances[g] * size), height = Double(max(0, heights[attributeIndex]))
            let depth = format.attachmentDepths.map { Double(max(0, $0[attributeIndex])) } ?? 0
            let offset = contentStart + Int(shaped.clusters[g])
            let x = Double(placement.x + penX)
            result.append(PlacedAttachment(range: offset..<(offset + 1),
                                           rect: Rect(x: x, y: baseline - height, width: width, height: height + depth),
                                           attachment: attachment,
                                           formula: FormulaPlacement(shaped, attributeIndex: attributeIndex, size: Double(size),
                                                                     origin: Point(x: x, y: baseline), style: paragraph.runs[attributeIndex].style)))
        }
    }
}
