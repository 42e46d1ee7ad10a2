/// The hyphen drawn at the end of a line that breaks inside a word. It is drawn, never inserted: the text and
/// its offsets are unchanged, and the line's range ends inside the word.
struct HyphenGlyph {
    /// ``FontFace/id`` of the face it is drawn with.
    let faceID: Int
    let glyph: UInt16
    /// Font size in points, and the hyphen's advance at that size.
    let size: Float
    let width: Float
    /// The attribute run of the text before the break (its colour applies).
    let attributeIndex: Int

    /// The hyphen for a line of `shaped` ending at `end`: in the face that set the character before the break (or
    /// its font set's primary face when that face has no hyphen), at that character's size; nil when neither face
    /// has a hyphen.
    init?(_ shaped: borrowing ShapedParagraph, before end: Int, sizes: [Float], faces: [FontFace]) {
        guard end > 0, let run = shaped.run(containing: end - 1) else { return nil }
        let size = sizes[Int(run.attributeIndex)]
        for id in [Int(run.faceID), Int(run.metricsFaceID)] where faces.indices.contains(id) {
            if let glyph = faces[id].hyphenGlyph {
                self.faceID = id
                self.glyph = glyph
                self.size = size
                self.width = faces[id].hyphenAdvance * size
                self.attributeIndex = Int(run.attributeIndex)
                return
            }
        }
        return nil
    }
}
