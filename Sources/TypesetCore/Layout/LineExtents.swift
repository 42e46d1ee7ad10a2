/// The extents pass of line layout: each line's height, ascent and descent from the fonts on it at their sizes
/// (raised or lowered runs extend them), the line height (the book's multiple of the font size, else the reader's
/// of the face's natural line), the room ruby and emphasis marks need beyond the leading, and objects standing on
/// the baseline. Made once per paragraph: what a paragraph does not have (several runs, shifts, annotations,
/// objects) costs its lines nothing.
struct LineExtents {
    /// A face's ascent, descent and natural line height in ems, as plain values, so that measuring a line's
    /// extents neither converts them nor retains the face.
    struct FaceMetrics {
        var ascent: Float
        var descent: Float
        var natural: Float

        init(_ face: FontFace) {
            ascent = Float(face.ascent)
            descent = Float(face.descent)
            natural = Float(face.naturalLineHeight)
        }
    }

    /// A line's box: its height, and the ascent and descent centred in it (``LineBox/baseline``).
    struct Line {
        var height: Float
        var ascent: Float
        var descent: Float
    }

    /// The break pass's input (the shaped paragraph) and the paragraph's format, borrowed for the paragraph.
    let input: UnsafePointer<LineBreakInput>
    let format: UnsafePointer<ParagraphFormat>
    /// The layouter's face metrics, borrowed for the paragraph as `input` and `format` are (held here, the array was
    /// retained and released once per paragraph of every relayout).
    var faces: [FaceMetrics] { unsafeAddress { facesPointer } }
    let facesPointer: UnsafePointer<[FaceMetrics]>
    let lineHeightMultiple: Float
    /// The attribute run that does not count (a drop cap, which hangs over the lines below) on the first line; -1
    /// for none.
    let capRun: Int
    /// The ascent, descent and natural line height of a line's fonts at their sizes, and the largest size.
    typealias Extents = (ascent: Float, descent: Float, natural: Float, size: Float)

    /// A paragraph in one run (most of them) has the same extents on every line that holds text: measured once.
    private let oneRunExtents: Extents?

    /// - Parameter oneRunExtents: The paragraph's ``oneRunExtents(_:format:faces:)`` when the caller has them (kept
    ///   in its ``ParagraphBasis``: they do not depend on the width), nil to measure them now. `.some(nil)` is
    ///   known: the paragraph is not in one unshifted run.
    init(input: UnsafePointer<LineBreakInput>, format: UnsafePointer<ParagraphFormat>, faces: UnsafePointer<[FaceMetrics]>,
         lineHeightMultiple: Float, capRun: Int, oneRunExtents: Extents?? = nil) {
        self.input = input
        self.format = format
        facesPointer = faces
        self.lineHeightMultiple = lineHeightMultiple
        self.capRun = capRun
        self.oneRunExtents = oneRunExtents ?? Self.oneRunExtents(input.pointee.shaped, format: format.pointee, faces: faces.pointee)
    }

    /// The extents every line holding text shares, for a paragraph in one run without shifts; nil for any other.
    /// They depend on the paragraph's sizes, not on its width: a relayout reads them from the paragraph's basis.
    static func oneRunExtents(_ shaped: borrowing ShapedParagraph, format: borrowing ParagraphFormat, faces: [FaceMetrics]) -> Extents? {
        shaped.runCount == 1 && format.shifts == nil
            ? fontExtents(shaped, start: 0, end: shaped.contentLength, format: format, faces: faces, skippingRun: -1) : nil
    }

    /// The box of every line that holds text, when they are all alike: a paragraph in one run without annotations or
    /// objects (most paragraphs), asked once per paragraph so that its lines are not measured one by one.
    var uniformLine: Line? {
        guard let extents = oneRunExtents, !input.pointee.shaped.hasAnnotations, format.pointee.attachmentHeights == nil
        else { return nil }
        return Line(height: format.pointee.lineHeight.map { max($0 * extents.size, extents.ascent + extents.descent) }
                        ?? extents.natural * lineHeightMultiple,
                    ascent: extents.ascent, descent: extents.descent)
    }

    /// The box of line `index`, which holds the content `start..<end`.
    @inline(__always)
    func line(_ index: Int, start: Int, end: Int) -> Line {
        let extents = if let oneRunExtents, start < input.pointee.shaped.contentLength { oneRunExtents }
            else { Self.fontExtents(input.pointee.shaped, start: start, end: end, format: format.pointee, faces: faces,
                                    skippingRun: index == 0 ? capRun : -1) }
        // The book's line height is a multiple of the font size (CSS); the reader's of the face's natural line.
        var line = Line(height: format.pointee.lineHeight.map { max($0 * extents.size, extents.ascent + extents.descent) }
                            ?? extents.natural * lineHeightMultiple,
                        ascent: extents.ascent, descent: extents.descent)
        if input.pointee.shaped.hasAnnotations { growForAnnotations(&line, start: start, end: end) }
        // A line holding an object is at least as tall as the object and the text's descent; a line of objects
        // only (a block image) is exactly as tall as they are.
        if format.pointee.attachmentHeights != nil {
            line.height = max(line.height, line.ascent + line.descent, format.pointee.pageLineHeight ?? 0)
        }
        return line
    }

    /// Grows `line` where ruby or emphasis marks are, and only as much as they need beyond its leading. Growing
    /// the ascent and the height by the same amount moves the baseline down by exactly that much.
    private func growForAnnotations(_ line: inout Line, start: Int, end: Int) {
        let (above, below) = Self.annotationExtents(input.pointee.shaped, start: start, end: end, sizes: format.pointee.sizes)
        let baseline = (line.height - (line.ascent + line.descent)) / 2 + line.ascent
        let grow = max(0, above - baseline), growBelow = max(0, below - (line.height - baseline))
        line.ascent += grow; line.height += grow
        line.descent += growBelow; line.height += growBelow
    }

    /// How far above and below the baseline the ruby annotations whose bases start on `start..<end`, and the
    /// emphasis marks of the characters starting there, reach, in points. Both are set at half the text's size on
    /// its em box, so they reach as far.
    /// The rubies and emphasis runs of the line are found by a search (every line looked through all of the
    /// paragraph's: quadratic in a long Aozora Bunko line); `work`, when given, counts those looked at.
    static func annotationExtents(_ shaped: ShapedParagraph, start: Int, end: Int, sizes: [Float],
                                  work: WorkCounter? = nil) -> (above: Float, below: Float) {
        var above: Float = 0, below: Float = 0
        func reach(over: Bool, size: Float, ems: Float = 0) {
            if over { above = max(above, (ShapedRuby.extentAboveBase + ems) * size) }
            else { below = max(below, (ShapedRuby.extentBelowBase + ems) * size) }
        }
        let rubies = shaped.rubies(startingIn: start..<max(start, end))
        let emphases = shaped.emphases(reaching: start..<max(start, end))
        work?.count += rubies.count + emphases.count * (1 + rubies.count)
        for ruby in rubies {
            let size = sizes[Int(ruby.baseAttributeIndex)]
            guard ruby.position == .interCharacter else { reach(over: ruby.position == .over, size: size); continue }
            let column = ruby.columnReach
            above = max(above, column.above * size)
            below = max(below, column.below * size)
        }
        for emphasis in emphases where emphasis.marksCharacter(from: start, to: end) {
            // Marks over ruby on their side stand outside it, a ruby em further (see glyphRuns(onPage:)).
            let outsideRuby = rubies.contains {
                ($0.position == .over) == emphasis.isOver && emphasis.marksCharacter(from: $0.base.lowerBound, to: $0.base.upperBound)
            }
            reach(over: emphasis.isOver, size: sizes[Int(emphasis.attributeIndex)], ems: outsideRuby ? ShapedRuby.scale : 0)
        }
        return (above, below)
    }

    /// The ascent, descent and natural line height of the fonts on `start..<end` at their sizes (raised or
    /// lowered runs extend them), and the largest size; for an empty line, those of the paragraph's first style.
    /// The attribute run `skippingRun` (a drop cap, which hangs over the lines below) does not count.
    static func fontExtents(_ shaped: borrowing ShapedParagraph, start: Int, end: Int, format: borrowing ParagraphFormat,
                            faces: [FaceMetrics],
                            skippingRun: Int) -> Extents {
        var ascent: Float = 0, descent: Float = 0, natural: Float = 0, largest: Float = 0, objectHeight: Float = 0
        // A line of objects alone is as tall as they are, even 0 (an empty block's room, ``TextAttachment/isEmptyBlock``).
        var hasObject = false
        // The runs are in logical order and cover the content: search for the line's first, so a paragraph of many
        // runs costs its lines × log(runs), not × runs.
        let runs = shaped.runs
        let first = runs.partitioningIndex { Int($0.end) > start }
        for run in runs[first...] {
            if Int(run.start) >= max(end, start + 1) { break }
            guard !run.isOutOfFlow else { continue }
            if Int(run.attributeIndex) == skippingRun { continue }
            if let heights = format.attachmentHeights, heights[Int(run.attributeIndex)] >= 0 {
                // An object stands on the baseline: it raises the line, and adds no descent of its own; a formula
                // reaches below it by its depth.
                objectHeight = max(objectHeight, heights[Int(run.attributeIndex)])
                hasObject = true
                // A formula's line is at least as tall as the text's: it is text.
                guard let depths = format.attachmentDepths, depths[Int(run.attributeIndex)] >= 0 else { continue }
                descent = max(descent, depths[Int(run.attributeIndex)])
            }
            let face = faces[Int(run.metricsFaceID)]
            let size = format.sizes[Int(run.attributeIndex)]
            let shift = format.shifts?[Int(run.attributeIndex)] ?? 0
            ascent = max(ascent, face.ascent * size + shift)
            descent = max(descent, face.descent * size - shift)
            natural = max(natural, face.natural * size + abs(shift))
            largest = max(largest, size)
        }
        if natural == 0 && objectHeight == 0 && !hasObject {
            let primary = faces[Int(shaped.primaryFaceID)]
            ascent = primary.ascent * format.bodySize
            descent = primary.descent * format.bodySize
            natural = primary.natural * format.bodySize
            largest = format.bodySize
        }
        return (max(ascent, objectHeight), descent, natural, largest)
    }
}
