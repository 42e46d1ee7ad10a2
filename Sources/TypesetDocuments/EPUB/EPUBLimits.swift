/// Safety limits for reading an EPUB archive: what a book may cost in memory before it is refused.
///
/// A ZIP entry can inflate a thousand times (a "compression bomb"), and its header can lie about its size, so
/// the reader checks the sizes libzip reports before reading and also stops reading any entry that goes past
/// its bound. The defaults are far above real books (the corpus's largest entry is 1.5 MB) and far below what
/// would hurt a phone.
public struct EPUBLimits: Hashable, Sendable {
    /// The most uncompressed bytes one entry may hold.
    public var maximumEntrySize: Int = 32 << 20
    /// The most uncompressed bytes the reader may read from the whole archive.
    public var maximumTotalSize: Int = 256 << 20
    /// The highest uncompressed-to-compressed ratio an entry may have once it is larger than
    /// ``ratioCheckThreshold``. Text deflates about 3–10×; bombs inflate about 1000×.
    public var maximumCompressionRatio: Int = 100
    /// Entries smaller than this (uncompressed bytes) are not checked for their ratio: a small entry of
    /// repeated bytes is legitimate and harmless.
    public var ratioCheckThreshold: Int = 1 << 20
    /// The most entries the archive may list.
    public var maximumEntryCount: Int = 10_000

    /// The default limits.
    public init() {}
}
