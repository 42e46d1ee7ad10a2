/// A whole text shaped for one font family: one ``ShapedParagraph`` per paragraph.
///
/// This is the width-independent stage of the pipeline. Keep it while the reader changes size, line height,
/// margins, page size, columns or theme: ``Typesetter/layout(_:settings:mode:)`` then only breaks lines and
/// paginates. A change of font family, language or text needs a new one.
public struct ShapedText: Sendable {
    /// The text that was shaped.
    public let text: StyledText
    /// The font family the text was shaped with (where its styles do not name one).
    public let fontFamily: String
    /// The language assumed where the text does not say.
    public let language: String?
    /// One shaped paragraph per paragraph of ``text``.
    public let paragraphs: [ShapedParagraph]
    /// Every face the shaping used, indexed by ``FontFace/id`` (faces loaded later by the same context are not
    /// here; every id in ``paragraphs`` is).
    public let faces: [FontFace]

    /// The primary face of the reader's family.
    public var primaryFace: FontFace? {
        paragraphs.first.map { faces[Int($0.primaryFaceID)] }
    }

    /// Approximate heap bytes held by the shaping results.
    public var byteCount: Int { paragraphs.reduce(0) { $0 + $1.byteCount + 64 } }
}
