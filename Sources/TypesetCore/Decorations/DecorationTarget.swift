/// What a decoration covers in the text.
///
/// Today only a UTF-16 range of the whole document. A Readium `Locator` case is planned: it will be resolved to
/// a range by ``TextRangeResolver`` when the decoration is applied (see `TextRangeResolver.resolve(_:)`), so that
/// everything after resolution (runs, geometry, hit testing, drawing) keeps working on ranges only.
public enum DecorationTarget: Hashable, Sendable {
    /// A range of UTF-16 offsets into the document (`0...length`).
    case range(Range<UTF16Offset>)
}
