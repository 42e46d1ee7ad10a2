/// A reader's mark in a book: a bookmark (a position) or a highlight (a range with a colour and an optional
/// note). The app stores marks; ``DecorationSet/apply(marks:in:)`` shows their highlights.
public struct Mark: Hashable, Sendable {
    /// Bookmark or highlight.
    public enum Kind: Hashable, Sendable {
        /// A position (the mark's range is empty).
        case bookmark
        /// A coloured range, with the reader's note if any.
        case highlight(tint: DecorationTint, note: String?)
    }

    /// The app's id for the mark (its database key); becomes the decoration's id.
    public var id: String
    /// The range marked (empty for a bookmark), in UTF-16 offsets of the document.
    public var range: Range<UTF16Offset>
    /// What kind of mark.
    public var kind: Kind

    /// Creates a mark.
    public init(id: String, range: Range<UTF16Offset>, kind: Kind) {
        self.id = id; self.range = range; self.kind = kind
    }

    /// A bookmark at a position (a caret offset, such as the reading position at the top of a page).
    public static func bookmark(id: String, at offset: UTF16Offset) -> Mark {
        Mark(id: id, range: offset..<offset, kind: .bookmark)
    }

    /// A highlight over one selection (a range as the position API gives it: `textRange(from:to:)`,
    /// `characterRange(at:onPage:)`, a tokenizer's unit).
    public static func highlight(id: String, selection: Range<UTF16Offset>, tint: DecorationTint = .yellow, note: String? = nil) -> Mark {
        Mark(id: id, range: selection, kind: .highlight(tint: tint, note: note))
    }

    /// Highlights over several ranges at once (a multi-range selection, as iOS 26's text views make), one mark per
    /// range, in the order given; `id` names the mark made from `ranges[i]`. The ranges are not merged: each is
    /// its own mark with its own id, as the app will store and delete them one by one.
    public static func highlights(ranges: [Range<UTF16Offset>], tint: DecorationTint = .yellow, note: String? = nil,
                                  id: (Int) -> String) -> [Mark] {
        ranges.enumerated().map { i, range in Mark(id: id(i), range: range, kind: .highlight(tint: tint, note: note)) }
    }

    /// The note of a highlight.
    public var note: String? {
        if case .highlight(_, let note) = kind { return note }
        return nil
    }

    /// The decoration that shows the mark: a highlight for a highlight, nil for a bookmark (it has nothing to fill).
    public var decoration: Decoration? {
        guard case .highlight(let tint, _) = kind else { return nil }
        return Decoration(id: id, range: range, style: .highlight(tint: tint))
    }
}
