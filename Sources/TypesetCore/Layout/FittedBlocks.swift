/// The blocks that fit their content (``BlockWidth/fitsContent``: an `inline-block` of blocks, `width:
/// fit-content`), sized after the lines are first broken and before pagination, as floats are (``FloatLayout``).
///
/// CSS 2.1 §10.3.9 gives such a block the shrink-to-fit width min(max(min-content, available), max-content). Its
/// paragraphs are first set in the width it would fill (`available`); when none of their lines wraps, those lines
/// are its max-content lines and the block's width is what it fills less the least room they leave at their end
/// (its *slack*); when one wraps, its max-content width is at least what it fills, and it fills it. A max-content
/// width is never less than the min-content one (as browsers have it), which only a negative first-line indent
/// makes wider (a verse's hanging indent: `padding-left: 3em; text-indent: -3em` puts each word but the first 3 em
/// further in than the first line when every break is taken), so those paragraphs' later words are measured too.
/// Its paragraphs are then set again in the narrower width, where its auto margins (or its parent's `text-align`,
/// which the converter turns into them) place it, and its box is drawn in it. The width depends on the paragraphs'
/// shaped content only through their lines, so shaping never depends on it. Only the outermost such block of a
/// paragraph is fitted; one inside it fills it, as does one holding a float (whose lines are narrowed beside the
/// float only when it is placed: the converter marks such a block as one that fills). Linear in the paragraphs; a
/// fitted block's paragraphs are set twice.
struct FittedBlocks: Sendable {
    /// Each fitted paragraph's slack (its outermost fitted block's), in points, by document paragraph index.
    private var slacks: [Int: Float] = [:]

    /// A slack is kept this much short of the room measured, so that the same lines fit again in the narrower
    /// width whatever the rounding of its indents.
    static let tolerance: Float = 1.0 / 64

    init() {}

    /// Whether no paragraph is in a fitted block.
    var isEmpty: Bool { slacks.isEmpty }

    /// How much narrower than it would fill the block fitting its content that document paragraph `index` is in
    /// is, in points; 0 for a paragraph in none.
    @inline(__always)
    func slack(ofParagraph index: Int) -> Float { slacks.isEmpty ? 0 : slacks[index] ?? 0 }

    /// The fitted blocks of `paragraphRange`, measured on `layouts` (`layouts[i]` is paragraph
    /// `paragraphRange.lowerBound + i`, set in the widths their blocks fill); `laterStretch` gives a paragraph's
    /// longest stretch that starts a line when every break is taken (asked only of those with a negative indent).
    init(_ text: StyledText, paragraphRange: Range<Int>, layouts: [ParagraphLayout], laterStretch: (Int) -> Float) {
        let first = paragraphRange.lowerBound
        var index = first
        while index < paragraphRange.upperBound {
            guard let block = Self.fittedBlock(of: text.paragraphs[index].style) else { index += 1; continue }
            // The block's paragraphs: those after it with the same outermost fitted block, in its section (a
            // block's serial is unique in its document).
            var end = index + 1
            while end < paragraphRange.upperBound, !text.paragraphs[end].style.startsSection,
                  Self.fittedBlock(of: text.paragraphs[end].style) == block { end += 1 }
            var slack = Float.infinity
            for paragraph in index..<end {
                let layout = layouts[paragraph - first]
                guard var room = Self.room(layout) else { slack = 0; break }
                if layout.firstLineIndent < 0, layout.lines.count > 0 {
                    room = min(room, max(0, layout.available - laterStretch(paragraph)))
                }
                slack = min(slack, room)
            }
            if slack.isFinite, slack > Self.tolerance {
                for paragraph in index..<end { slacks[paragraph] = slack - Self.tolerance }
            }
            index = end
        }
    }

    /// The outermost block fitting its content of a paragraph of `style`, if it is in one.
    @inline(__always)
    static func fittedBlock(of style: borrowing ParagraphStyle) -> BlockWidth? {
        let widths = style.widths
        return widths.isEmpty ? nil : widths.first { $0.fitsContent }
    }

    /// The least room `layout`'s lines leave at their end, in points; nil when a line wraps (it ends neither the
    /// paragraph nor at a forced break), and infinity for a paragraph without lines.
    static func room(_ layout: ParagraphLayout) -> Float? {
        let indents = layout.indents
        var room = Float.infinity
        let count = layout.lines.count
        for index in 0..<count {
            let line = layout.lines[index]
            if index < count - 1, !line.endsParagraphOrHardBreak { return nil }
            room = min(room, indents.availableWidth(ofLine: index) - line.width)
        }
        return room.isNaN ? nil : max(0, room)
    }

    /// Sets the fitted paragraphs again in their blocks' widths through `relayout`, which knows these slacks
    /// (`layouts` as for ``init(_:paragraphRange:layouts:laterStretch:)``).
    func setAgain(_ layouts: inout [ParagraphLayout], first: Int, relayout: (Int) -> ParagraphLayout) {
        for paragraph in slacks.keys where layouts.indices.contains(paragraph - first) {
            layouts[paragraph - first] = relayout(paragraph)
        }
    }

    /// These slacks and `other`'s (of other paragraphs: another writing-mode run's).
    func merging(_ other: FittedBlocks) -> FittedBlocks {
        var merged = self
        merged.slacks.merge(other.slacks) { mine, _ in mine }
        return merged
    }
}
