/// One line of a laid-out paragraph, in the paragraph's own coordinates (x from the column's left edge,
/// y from the paragraph's first line top). Values are points stored as `Float` to keep lines small
/// (48 bytes: every line of a book is one); the rare microtypography values live beside the lines
/// (``LineMicrotypography``, in the ``LineList``), so that text set without them does not pay for them.
struct LineBox: Sendable {
    /// Content-relative UTF-16 range, trailing spaces and a terminating hard break included.
    var start: Int32
    var end: Int32
    /// Width of the line's visible content (hanging trailing spaces excluded, the hyphen of a hyphenated line
    /// included), before justification.
    var width: Float
    /// Left edge of the line's content, from the column's left edge (alignment and indents applied).
    var x: Float
    /// Top of the line box, from the top of the paragraph's first line.
    var top: Float
    /// Height of the line box (the line-height multiple applied).
    var height: Float
    /// Ascent and descent (positive) of the line's fonts at their sizes: the caret's extent.
    var ascent: Float
    var descent: Float
    /// Extra width added to each justifiable space; negative when the line's spaces shrink, and then the mean
    /// of what they give up: each shrinks in proportion to its own width (see ``spaceShrink(shaped:content:sizes:)``).
    var spaceStretch: Float
    /// Extra width added after each character of a justified line beside a wide one (Chinese, Japanese), except
    /// the last: see ``ShapedParagraph/endsWideGap(_:lineEnd:content:)`` and ``stretchesWideGaps``; or, on a line of
    /// one or two spaces that would be loose, its letter-spacing (tracking, with font expansion), after every
    /// character: ``ShapedParagraph/endsInterCharacterGap(_:lineEnd:content:)``.
    var clusterStretch: Float = 0
    /// How many spaces ``spaceStretch`` applies to.
    var stretchCount: Int32 = 0
    /// ``gapCount`` in the low 29 bits (a line holds fewer units than a paragraph's limit, 2^29), and the three flags
    /// above it: one word rather than four fields keeps a line at 48 bytes.
    private var countAndFlags: UInt32

    private static let gapMask: UInt32 = (1 << 29) - 1
    private static let wideGapsBesideSpacesBit: UInt32 = 1 << 29
    private static let hyphenatedBit: UInt32 = 1 << 30
    private static let endsBlockBit: UInt32 = 1 << 31

    /// A line from its values; `gapCount` is clamped to 0...2^29 − 1 (a line never has more).
    /// `widensGapsBesideSpaces`: ``clusterStretch`` goes to the gaps beside wide characters of a line with spaces.
    @inline(__always)
    init(start: Int32, end: Int32, width: Float, x: Float, top: Float, height: Float, ascent: Float, descent: Float,
         spaceStretch: Float, clusterStretch: Float = 0, stretchCount: Int32 = 0, gapCount: Int = 0,
         widensGapsBesideSpaces: Bool = false, endsParagraphOrHardBreak: Bool, hyphenated: Bool = false) {
        self.start = start; self.end = end; self.width = width; self.x = x; self.top = top; self.height = height
        self.ascent = ascent; self.descent = descent
        self.spaceStretch = spaceStretch; self.clusterStretch = clusterStretch; self.stretchCount = stretchCount
        countAndFlags = UInt32(min(max(0, gapCount), Int(Self.gapMask)))
            | (widensGapsBesideSpaces ? Self.wideGapsBesideSpacesBit : 0)
            | (hyphenated ? Self.hyphenatedBit : 0) | (endsParagraphOrHardBreak ? Self.endsBlockBit : 0)
    }

    /// How many inter-character gaps ``clusterStretch`` applies to.
    var gapCount: Int { Int(countAndFlags & Self.gapMask) }
    /// Whether ``clusterStretch`` goes to the gaps beside wide characters (``ShapedParagraph/endsWideGap(_:lineEnd:content:)``):
    /// on a justified line without spaces, and on one with spaces whose slack the gaps share (Japanese mixed with
    /// English); otherwise it is a tracked line's letter-spacing, after every character.
    var stretchesWideGaps: Bool {
        Self.stretchesWideGaps(stretchCount: Int(stretchCount), besideSpaces: countAndFlags & Self.wideGapsBesideSpacesBit != 0)
    }

    /// The rule of ``stretchesWideGaps``, for a line with `stretchCount` stretched spaces whose slack its wide gaps
    /// share (`besideSpaces`): one definition for the line and for ``LineSetter``, which sets it.
    @inline(__always)
    static func stretchesWideGaps(stretchCount: Int, besideSpaces: Bool) -> Bool { stretchCount == 0 || besideSpaces }
    /// Whether the line ends at a mandatory break (or the end of the paragraph).
    var endsParagraphOrHardBreak: Bool { countAndFlags & Self.endsBlockBit != 0 }
    /// Whether the line ends inside a word at a hyphenation point (or a soft hyphen): a hyphen is drawn after it.
    var hyphenated: Bool { countAndFlags & Self.hyphenatedBit != 0 }

    var range: Range<Int> { Int(start)..<Int(end) }

    /// Where the line's text ends without the white space hanging at its end (see
    /// ``CharacterClass/visibleEnd(of:from:to:hyphenated:)``); `content` is the paragraph's content units.
    func visibleEnd(content: ArraySlice<UInt16>) -> Int {
        CharacterClass.visibleEnd(of: content, from: Int(start), to: Int(end), hyphenated: hyphenated)
    }

    /// Baseline, from the line box's top: the fonts' ascent and descent centred in the line height. Computed,
    /// not stored: one float less per line is 8 % less to write and copy in a relayout.
    @inline(__always)
    var baseline: Float { (height - (ascent + descent)) / 2 + ascent }

    /// The width of the line as set: its content width plus what justification added (or took away), and what
    /// the line's `microtypography` (from its ``LineList``) added.
    func justifiedWidth(_ microtypography: LineMicrotypography) -> Double {
        // A tracked line's letter-spacing is in expansionWidth; a line without spaces has only its gaps' stretch.
        Double(width) + Double(microtypography.expansionWidth) + Double(spaceStretch) * Double(stretchCount)
            + (stretchesWideGaps ? Double(clusterStretch) * Double(gapCount) : 0)
    }

    /// The extra advance justification gives glyph `g` of `shaped` on this line, set at `size` points. A space
    /// stretches by ``spaceStretch``; on a shrinking line it gives up the part `shrink` of its own width (from
    /// ``spaceShrink(shaped:content:sizes:)``, computed once per line). Any other glyph of an expanded line
    /// gains what its `glyphScale` (``LineMicrotypography/glyphScale``) adds to its advance.
    @inline(__always)
    func extraAdvance(afterGlyph g: Int, size: Float, shrink: Float, glyphScale: Float, shaped: ShapedParagraph,
                      content: ArraySlice<UInt16>) -> Float {
        if glyphScale != 1 || (clusterStretch != 0 && spaceStretch != 0) {
            guard shaped.isJustifiable(g, content: content) else {
                let tracking = clusterStretch != 0 && takesClusterStretch(afterGlyph: g, shaped: shaped, content: content) ? clusterStretch : 0
                return (glyphScale - 1) * shaped.advances[g] * size + tracking
            }
            return spaceStretch > 0 ? spaceStretch : spaceStretch < 0 ? shrink * shaped.advances[g] * size : 0
        }
        if spaceStretch != 0, shaped.isJustifiable(g, content: content) {
            return spaceStretch > 0 ? spaceStretch : shrink * shaped.advances[g] * size
        }
        if clusterStretch != 0, takesClusterStretch(afterGlyph: g, shaped: shaped, content: content) { return clusterStretch }
        return 0
    }

    /// Whether ``clusterStretch`` goes after glyph `g`: every character of a tracked line, the gaps beside wide
    /// characters of a line justified between its characters (``stretchesWideGaps``), as ``LineSetter`` counted them.
    @inline(__always)
    private func takesClusterStretch(afterGlyph g: Int, shaped: ShapedParagraph, content: ArraySlice<UInt16>) -> Bool {
        stretchesWideGaps ? shaped.endsWideGap(g, lineEnd: Int(end), content: content)
            : shaped.endsInterCharacterGap(g, lineEnd: Int(end), content: content)
    }

    /// The part of its own width that each justifiable space of a shrinking line gives up, as a number from -1
    /// (all of it) to 0; 0 when the line does not shrink. Spaces shrink in proportion to their widths, as the optimal
    /// breaker's model has it (each by at most ``OptimalLineBreaker/shrinkFactor`` of its width), not all by
    /// the same amount: a space in much smaller text than the line's others, shrunk by their mean, got a negative
    /// advance, and the text after it was drawn back over the text before it (carets over it then mapped back to
    /// other offsets).
    func spaceShrink(shaped: ShapedParagraph, content: ArraySlice<UInt16>, sizes: [Float]) -> Float {
        guard spaceStretch < 0 else { return 0 }
        // The spaces that take the stretch: hanging ones excluded, as the layout counted them.
        let spaces = shaped.justifiableWidth(from: Int(start), to: visibleEnd(content: content), content: content, sizes: sizes)
        guard spaces > 0 else { return 0 }
        return max(-1, spaceStretch * Float(stretchCount) / spaces)
    }
}
