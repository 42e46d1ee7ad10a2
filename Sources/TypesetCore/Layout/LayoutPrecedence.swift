#if canImport(Glibc)
import Glibc
#endif

/// Which of the book's styles give way to the reader's settings in a layout: those the reader chose
/// (``TypographySettings/readerChose(_:)``), looked up once per layout rather than per paragraph.
struct LayoutPrecedence {
    /// The reader chose the alignment, indent, paragraph spacing, line height, hyphenation, hanging punctuation.
    let alignment: Bool
    let indent: Bool
    let spacing: Bool
    let lineHeight: Bool
    let hyphenation: Bool
    let hangingPunctuation: Bool
    /// The power relative sizes are raised to for ``TypographySettings/typeScale`` (1 at the default 1.2).
    let typeExponent: Double

    init(_ settings: TypographySettings) {
        alignment = settings.readerChose(.alignment)
        indent = settings.readerChose(.indent)
        spacing = settings.readerChose(.paragraphSpacing)
        lineHeight = settings.readerChose(.lineHeight)
        hyphenation = settings.readerChose(.hyphenation)
        hangingPunctuation = settings.readerChose(.hangingPunctuation)
        typeExponent = settings.typeScale == 1.2 || !settings.typeScale.isFinite || settings.typeScale <= 0
            ? 1 : log(settings.typeScale) / log(1.2)
    }

    /// The book's space above a paragraph it separates by margins, in ems, that a reader's paragraph spacing does
    /// not replace: more than this sets a block apart (a scene break, a stanza).
    static let keptSpace = 1.0
}
