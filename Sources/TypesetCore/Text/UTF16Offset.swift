/// An offset into a text in UTF-16 code units, as `NSString` and `UITextInput` count them.
///
/// This is the only position unit in Typeset's public API. Offsets run from 0 to the text's UTF-16 length
/// (inclusive: the length itself is the caret position after the last character). A plain `Int` alias keeps
/// arithmetic and `Range<UTF16Offset>` natural; every API that takes one names it in its label or type.
public typealias UTF16Offset = Int
