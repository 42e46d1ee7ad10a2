/// A floated box (CSS 2.1 §9.5): one or more consecutive paragraphs taken out of the flow and set at the left or
/// right side of their column, the lines after them shortened beside them until their bottom.
///
/// Its paragraphs keep their place in the text (their offsets stay in document order, between the text before and
/// after them): a float starts where its paragraphs come, at the top of the next line (or beside the last line of
/// the text before it, ``followsLine``), never higher than what precedes it. Floats never split across columns or
/// pages: one taller than the room left moves to the next column, and the text after it follows it, so that pages
/// keep partitioning the document; one taller than a whole column is set in the flow.
public struct BlockFloat: Hashable, Sendable {
    /// The side of the column the box sits at.
    public enum Side: String, Hashable, Sendable {
        case left, right
    }

    /// The side it sits at (a book's `inline-start` and `inline-end` resolve against its direction).
    public var side: Side
    /// Its width (CSS `width`), or nil to shrink it to its content (§10.3.5): the widest of its lines set in the
    /// column. Never wider than the column.
    public var width: TextAttachment.Length?
    /// Whether this paragraph starts a box (a float's later paragraphs continue the box before them).
    public var startsBox: Bool
    /// Whether the float's anchor ended a line of text (an inline element floated after a verse's words, such as a
    /// line number): the box then sits beside that line when there is room for it there, as CSS places a float at
    /// the top of the current line box.
    public var followsLine: Bool
    /// How many of its paragraphs' ``ParagraphStyle/boxes`` (the first ones) are blocks outside the float, drawn
    /// across the column; the rest (its own box, and boxes inside it) are drawn in the float's box.
    public var outerBoxes: Int
    /// Where the float occurs in the text of the paragraph right after its paragraphs (its host), as a content
    /// offset, when it occurs in the middle of that text (`<p>words <img style="float: right"/> more words</p>`):
    /// the float's paragraphs come before the host's, which stays one paragraph, and the float is placed at the
    /// top of the host's line holding that offset when it fits beside the text before it there, else below that
    /// line (CSS 2.1 §9.5), the host's lines beside it shortened. Nil for a float between blocks or at the start
    /// of its paragraph (placed where its paragraphs come). Out of range, it means the host's last line.
    public var anchor: Int?
    /// Whether the float is an object itself (an image floated), not a block holding one: the object's percentage
    /// sizes are then of the float's containing block, the column (or the table cell it floats in), as in the flow (CSS 2.1 §10.2, §10.5), not of
    /// the box it shrinks to, so that the box and the object drawn in it are one size.
    public var isObject: Bool
    /// Its own margins, borders and padding, both sides together, in ems of the body's size (their percentages
    /// apart, ``roomFraction``): its box (its margin box, which its paragraphs' indents are from) is its ``width``
    /// and this. Nil to take the least indents of its paragraphs instead (right when they have none of their own).
    public var room: Double?
    /// The percentages among its own margins and padding, both sides together, as a fraction of its containing
    /// block's width (CSS 2.1 §8.3, §8.4), added to its ``room`` by the layout.
    public var roomFraction: Double
    /// How far its containing block's edge on its ``side`` is from the column's (or its table cell's), in ems of
    /// the body's size: the indent there of the blocks it is in (CSS 2.1 §9.5.1: a float's outer edge may not be
    /// past its containing block's). Its box stands there, or beside the floats before it when they reach further.
    public var inset: Double
    /// The indent of the blocks it is in on its other side, in ems of the body's size: with ``inset``, what its
    /// containing block's width is short of the column's (a percentage ``width`` and ``roomFraction`` are of it).
    public var farInset: Double

    /// Creates a float.
    public init(side: Side, width: TextAttachment.Length? = nil, startsBox: Bool = true, followsLine: Bool = false,
                outerBoxes: Int = 0, anchor: Int? = nil, isObject: Bool = false, room: Double? = nil, roomFraction: Double = 0,
                inset: Double = 0, farInset: Double = 0) {
        self.side = side; self.width = width; self.startsBox = startsBox; self.followsLine = followsLine
        self.outerBoxes = outerBoxes; self.anchor = anchor; self.isObject = isObject; self.room = room
        self.roomFraction = roomFraction; self.inset = inset; self.farInset = farInset
    }
}

/// The sides whose floats a block is moved below (CSS `clear`, §9.5.2).
public struct ClearSides: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Below left floats.
    public static let left = ClearSides(rawValue: 1)
    /// Below right floats.
    public static let right = ClearSides(rawValue: 2)
    /// Below every float.
    public static let both: ClearSides = [.left, .right]
}
