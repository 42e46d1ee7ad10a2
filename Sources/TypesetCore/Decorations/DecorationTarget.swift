/// What a decoration covers in the text.
///
/// A UTF-16 range of the whole document, or a Readium ``Locator`` (a stored highlight), which
/// ``TextRangeResolver`` resolves to a range when the decoration is applied (exact offset, then the quote nearest
/// it, see ``Publication/resolve(_:)``), so that everything after resolution (runs, geometry, hit testing,
/// drawing) works on ranges only.
public enum DecorationTarget: Hashable, Sendable {
    /// A range of UTF-16 offsets into the document (`0...length`).
    case range(Range<UTF16Offset>)
    /// A Locator; its range is `typesetUTF16Offset` (or the quote, found again) and `typesetUTF16Length` (or, for
    /// a Locator from another Readium app, the quote's length). Needs a decoration set made with a ``Publication``.
    ///
    /// Kept out of line (`indirect`): a Locator is large, and every decoration, most of them ranges, would be as
    /// large as one.
    indirect case locator(Locator)
}
