/// Safety limits for reading an EPUB archive: what a book may cost in memory before it is refused.
///
/// A ZIP entry can inflate a thousand times (a "compression bomb"), its header can lie about its size, and a
/// small package document can make a huge book (a spine naming one chapter 300,000 times, many small entries
/// each just under a per-entry check). So the reader checks the sizes libzip reports before reading, stops
/// reading any entry that goes past its bound, and keeps totals for the whole book of what it actually inflates
/// and makes: bytes, the compression ratio of everything read, spine items, UTF-16 units, paragraphs and images.
/// The defaults are far above real books and far below what would hurt a phone (manual, "Memory budget", says
/// what a book at the unit and paragraph limits takes to lay out).
public struct EPUBLimits: Hashable, Sendable {
    /// The most uncompressed bytes one entry may hold.
    public var maximumEntrySize: Int = 32 << 20
    /// The most uncompressed bytes the reader may inflate from the whole archive, counted as read (an entry read
    /// twice counts twice).
    public var maximumTotalSize: Int = 256 << 20
    /// The highest uncompressed-to-compressed ratio an entry may have once it holds at least
    /// ``ratioCheckThreshold`` bytes, and that the whole book may have once it has inflated that many bytes.
    /// Text deflates about 3–10×; bombs inflate about 1000×.
    public var maximumCompressionRatio: Int = 100
    /// Below this many uncompressed bytes an entry, and the book so far, are not held to the ratio: a small entry
    /// of repeated bytes is legitimate and harmless. Many small entries are held to it as a whole.
    public var ratioCheckThreshold: Int = 1 << 20
    /// The most entries the archive may list.
    public var maximumEntryCount: Int = 10_000
    /// The most `itemref`s the spine may list (a spine item listed again is shown again, converted once).
    public var maximumSpineItems: Int = 10_000
    /// The most UTF-16 units the book's text may have (64 Mi: twenty times War and Peace).
    public var maximumTextLength: Int = 64 << 20
    /// The most paragraphs the book's text may have (2 Mi: a hundred times War and Peace).
    public var maximumParagraphCount: Int = 2 << 20
    /// The most images (placeholders in the text) the book may have.
    public var maximumImageCount: Int = 65_536

    /// The default limits.
    public init() {}
}
