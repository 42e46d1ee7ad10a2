/// Which side of a position the caret belongs to where one offset has two places on screen: the end of a
/// wrapped line and the start of the next, or the two sides of a bidi boundary. As `UITextStorageDirection`.
public enum TextAffinity: String, Hashable, Sendable {
    /// Downstream (`UITextStorageDirection.forward`): with the character after the offset.
    case forward
    /// Upstream (`UITextStorageDirection.backward`): with the character before the offset.
    case backward
}

/// A caret position: a UTF-16 offset into the document and an affinity.
///
/// Equality and ordering use the offset only (as `UITextInput.compare` does); the affinity only decides where
/// the caret is drawn and which line a wrap boundary belongs to.
public struct TextPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The UTF-16 offset, `0...length`.
    public var offset: UTF16Offset
    /// Upstream or downstream.
    public var affinity: TextAffinity

    /// Creates a position.
    public init(offset: UTF16Offset, affinity: TextAffinity = .forward) {
        self.offset = offset
        self.affinity = affinity
    }

    /// Offsets only.
    public static func == (a: TextPosition, b: TextPosition) -> Bool { a.offset == b.offset }
    /// Offsets only.
    public func hash(into hasher: inout Hasher) { hasher.combine(offset) }
    /// By offset.
    public static func < (a: TextPosition, b: TextPosition) -> Bool { a.offset < b.offset }

    /// `123` or `123↑` (upstream).
    public var description: String { String(offset) + (affinity == .backward ? "↑" : "") }
}

/// Directions for `position(from:in:offset:)`, as `UITextLayoutDirection`.
public enum TextLayoutDirection: String, Hashable, Sendable {
    /// Visually right (in a right-to-left run, to a lower offset).
    case right
    /// Visually left.
    case left
    /// One line up, keeping the caret's x.
    case up
    /// One line down, keeping the caret's x.
    case down
}

/// One rectangle of a selection, as `UITextSelectionRect`.
public struct SelectionRect: Hashable, Sendable {
    /// The page the rectangle is on.
    public let page: Int
    /// The rectangle in page coordinates: one line box tall, one directional run of one line wide.
    public let rect: Rect
    /// The direction of the run the rectangle covers.
    public let writingDirection: WritingDirection
    /// Whether the rectangle holds the start of the selection (where the start handle goes).
    public let containsStart: Bool
    /// Whether the rectangle holds the end of the selection.
    public let containsEnd: Bool
    /// Whether the rectangle covers part of a vertical line (a strip down a column).
    public let isVertical: Bool

    /// Creates a selection rectangle.
    public init(page: Int, rect: Rect, writingDirection: WritingDirection, containsStart: Bool, containsEnd: Bool,
                isVertical: Bool = false) {
        self.page = page; self.rect = rect; self.writingDirection = writingDirection
        self.containsStart = containsStart; self.containsEnd = containsEnd; self.isVertical = isVertical
    }
}

/// A rectangle on a page.
public struct PageRect: Hashable, Sendable {
    /// The page index.
    public let page: Int
    /// The rectangle in that page's coordinates.
    public let rect: Rect

    /// Creates a page rectangle.
    public init(page: Int, rect: Rect) { self.page = page; self.rect = rect }
}
