/// The lines of one paragraph: a stretch of one block shared by the paragraphs laid out together, so that a
/// layout allocates (and later frees) a block per batch of up to 256 paragraphs rather than one per paragraph.
/// Allocating and then freeing the previous layout's arrays was over a third of a relayout (callgrind).
/// Line indices are 32-bit, as a ``PlacedLine``'s are. Sendable though its block is a class (the standard library
/// makes no `ManagedBuffer` sendable): nothing changes a block once it is made.
struct LineList: RandomAccessCollection, @unchecked Sendable {
    /// Nil for no lines: a paragraph's layout starts without its batch's block, and making one costs nothing.
    private let storage: LineStorage?
    private let offset: Int32
    private let storedCount: Int32

    /// The lines `range` of `storage`.
    init(_ storage: LineStorage, range: Range<Int>) {
        self.storage = storage
        offset = Int32(truncatingIfNeeded: range.lowerBound)
        storedCount = Int32(truncatingIfNeeded: range.count)
    }

    /// No lines.
    static var empty: LineList { LineList() }

    private init() {
        storage = nil
        offset = 0
        storedCount = 0
    }

    /// The number of lines.
    var count: Int { Int(storedCount) }
    var startIndex: Int { 0 }
    var endIndex: Int { count }
    @inline(__always)
    subscript(index: Int) -> LineBox {
        guard let storage, UInt(bitPattern: index) < UInt(count) else { preconditionFailure("line index out of range") }
        return storage.withUnsafeMutablePointerToElements { $0[Int(offset) + index] }
    }

    /// What microtypography did to line `index`: ``LineMicrotypography/none`` for every line of a batch set without it.
    func microtypography(ofLine index: Int) -> LineMicrotypography {
        guard let storage, UInt(bitPattern: index) < UInt(count) else { preconditionFailure("line index out of range") }
        return storage.withUnsafeMutablePointerToHeader { header in
            header.pointee.microtypography.isEmpty ? LineMicrotypography() : header.pointee.microtypography[Int(offset) + index]
        }
    }

    /// Whether the batch these lines belong to keeps a microtypography table (some line of it was expanded,
    /// letter-spaced or protruded); a batch set without microtypography allocates none.
    var hasMicrotypographyTable: Bool {
        storage?.withUnsafeMutablePointerToHeader { !$0.pointee.microtypography.isEmpty } ?? false
    }
}

/// The lines of a batch of paragraphs in one block (header and lines, as an array would have them), and beside them
/// the microtypography table: empty, or one entry per line (a lookup by index, not a search; the table is made for a
/// batch where any line uses microtypography, and with it on most lines of justified text do).
final class LineStorage: ManagedBuffer<LineStorage.Header, LineBox> {
    /// The block's line count and its microtypography table.
    struct Header {
        var count: Int
        var microtypography: [LineMicrotypography]
    }

    /// A block of `count` lines, which `initialize` writes (all of them), and its microtypography table (empty, or
    /// `count` entries).
    static func make(count: Int, microtypography: [LineMicrotypography],
                     initialize: (UnsafeMutablePointer<LineBox>) -> Void) -> LineStorage {
        let buffer = create(minimumCapacity: count) { _ in Header(count: count, microtypography: microtypography) }
        buffer.withUnsafeMutablePointerToElements { initialize($0) }
        return unsafeDowncast(buffer, to: LineStorage.self)
    }

    // A LineBox holds only numbers and flags: the lines need no deinitializing (the header deinitializes itself).
}
