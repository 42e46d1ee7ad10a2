extension ParagraphShaper {
    /// The runs of a vertical paragraph cut where the orientation of their characters changes, each marked upright
    /// (``ShapedRun/isUpright``: shaped top to bottom, HarfBuzz's vertical direction, which applies the font's
    /// `vert`/`vrt2` alternates) or sideways (shaped as in horizontal text and drawn turned 90° clockwise), as CSS
    /// Writing Modes 4 `text-orientation` says (5.1):
    /// - `mixed` (the default) decides character by character from its Unicode `Vertical_Orientation` (UAX #50, see
    ///   ``VerticalOrientation``): `U`, `Tu` and `Tr` upright, `R` sideways, so that the Latin letters *and* the
    ///   half-width digits of "JIS X 4051" turn, whatever script the text around them is in. A grapheme's marks,
    ///   joiners, selectors and invisible controls take the orientation of the character before them (the first
    ///   ones of a paragraph, of the character after them).
    /// - `upright` sets every character upright, `sideways` every character sideways.
    /// - `text-combine-upright` wins over the orientation: its run stands upright (and is combined into one cell,
    ///   ``combineUpright(_:units:runs:glyphs:)``); so does a number of exactly two ASCII digits inside an
    ///   upright-script run (the `digits 2` Japanese reading systems apply, JLReq 3.2.3).
    ///
    /// Right-to-left runs are always sideways (in their own order); objects and hidden units are left as they are.
    /// Horizontal paragraphs never come here: they pay nothing for orientation.
    func orient(_ runs: [ShapedRun], paragraph: Paragraph, units: [UInt16]) -> [ShapedRun] {
        var oriented: [ShapedRun] = []
        oriented.reserveCapacity(runs.count)
        for run in runs {
            let style = paragraph.runs[Int(run.attributeIndex)].style
            guard !run.isOutOfFlow, style.attachment == nil, !run.isRightToLeft else {
                oriented.append(run)
                continue
            }
            var run = run
            if style.combinesUpright || style.orientation != .mixed {
                run.isUpright = style.combinesUpright || style.orientation == .upright
                oriented.append(run)
                continue
            }
            // Marks at the run's start belong to the character before it, at the end of the previous run.
            let previous = oriented.last.flatMap { $0.end == run.start && !$0.isOutOfFlow ? $0.isUpright : nil }
            Self.splitMixed(run, units: units, after: previous, into: &oriented)
        }
        return oriented
    }

    /// Cuts a `text-orientation: mixed` run where its characters' orientation changes (see ``orient(_:paragraph:units:)``).
    /// `previous` is the orientation of the character before the run, which marks at its start take.
    static func splitMixed(_ run: ShapedRun, units: [UInt16], after previous: Bool?, into oriented: inout [ShapedRun]) {
        let end = Int(run.end)
        let combinesDigits = HarfBuzzUnicode.isUpright(script: run.script)
        var piece = run
        // nil while the piece holds only characters that take a neighbour's orientation (and none came before).
        var pieceUpright: Bool? = previous
        var i = Int(run.start)
        while i < end {
            let (codePoint, width) = CharacterClass.codePoint(units, at: i, end: end)
            let upright: Bool?
            if combinesDigits && i + 1 < end && isTwoDigitNumber(at: i, in: units) {
                upright = true
            } else if CharacterClass.followsNeighbourFont(codePoint) || HarfBuzzUnicode.isMark(codePoint) {
                upright = nil
            } else {
                upright = VerticalOrientation(of: codePoint).isUpright(under: .mixed)
            }
            if let upright, let current = pieceUpright, upright != current, i > Int(piece.start) {
                piece.end = Int32(i)
                piece.isUpright = current
                oriented.append(piece)
                piece.start = Int32(i)
                pieceUpright = upright
            } else if pieceUpright == nil || (upright != nil && i == Int(piece.start)) {
                pieceUpright = upright
            }
            // The two digits of a combined number go together.
            i += combinesDigits && i + 1 < end && isTwoDigitNumber(at: i, in: units) ? 2 : width
        }
        piece.end = Int32(end)
        piece.isUpright = pieceUpright ?? false
        oriented.append(piece)
    }

    /// Whether `i` starts a number of exactly two ASCII digits (no digit before or after it).
    @inline(__always)
    static func isTwoDigitNumber(at i: Int, in units: [UInt16]) -> Bool {
        func isDigit(_ j: Int) -> Bool { j >= 0 && j < units.count && units[j] >= 0x30 && units[j] <= 0x39 }
        return isDigit(i) && isDigit(i + 1) && !isDigit(i - 1) && !isDigit(i + 2)
    }
}
