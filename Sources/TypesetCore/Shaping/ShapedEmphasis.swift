/// The emphasis marks of one attribute run as shaping leaves them: the mark's glyph (in the run's face, else a
/// fallback that has it) and the characters that carry one. Drawn by ``BookLayout/glyphRuns(onPage:)``, one mark
/// centred beside each of those characters at ``ShapedRuby/scale`` of the text's size, placed as ruby is
/// (see ``ShapedRuby/baseline(over:baseline:baseSize:)``); the line grows for them as it does for ruby.
struct ShapedEmphasis: Sendable {
    /// Index of the marked attribute run (its size sets the marks'; its colour is theirs without one of their own).
    var attributeIndex: Int32
    /// Whether the marks go on the line's over side (above horizontal text, right of vertical text).
    var isOver: Bool
    /// The marks' colour, or nil for the text's.
    var color: Color?
    /// ``FontFace/id`` of the face the mark was shaped with, the mark's glyphs (one, but for a book's own
    /// character that shapes to more) and their advances in ems of the mark, and their width.
    var faceID: Int32
    var glyphIDs: [UInt16]
    var advances: [Float]
    var width: Float
    /// The content-relative ranges of the marked characters (typographic character units: no spaces,
    /// punctuation or controls), ascending: `starts[i]..<ends[i]`.
    var starts: [Int32]
    var ends: [Int32]

    /// The index of the marked character holding content offset `offset`, if any.
    func character(at offset: Int32) -> Int? {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return low > 0 && offset < ends[low - 1] ? low - 1 : nil
    }

    /// Whether a marked character starts in `start..<end`.
    func marksCharacter(from start: Int, to end: Int) -> Bool {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if Int(starts[middle]) < start { low = middle + 1 } else { high = middle }
        }
        return low < starts.count && Int(starts[low]) < end
    }

    /// Whether a typographic character unit starting with `scalar` carries a mark: not word separators and other
    /// spaces (Z*), controls and format characters (Cc, Cf), nor punctuation (P*), as CSS Text Decoration 3 says.
    static func isMarked(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation:
            return false
        default:
            return true
        }
    }
}
