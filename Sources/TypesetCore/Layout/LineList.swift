#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of one paragraph: a stretch of one block shared by the paragraphs laid out together, so that a
/// layout allocates (and later frees) a block per batch of up to 256 paragraphs rather than one per paragraph.
/// Allocating and then freeing the previous layout's arrays was over a third of a relayout (callgrind).
/// Line indices are 32-bit, as a ``PlacedLine``'s are. Sendable though its block is a class: nothing changes a block
/// once it is made.
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
        return storage.lines[Int(offset) + index]
    }

    /// The lines as a buffer, valid while their block lives (while this list, or a layout holding it, is kept
    /// unchanged): for a loop that cannot borrow the list (the paginator's, which mutates its state per line), where
    /// a copy of the list was a retain and a release per paragraph.
    var unsafeLines: UnsafeBufferPointer<LineBox> {
        guard let storage else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: storage.lines + Int(offset), count: count)
    }

    /// What microtypography did to line `index`: ``LineMicrotypography/none`` for every line of a batch set without it.
    func microtypography(ofLine index: Int) -> LineMicrotypography {
        guard let storage, UInt(bitPattern: index) < UInt(count) else { preconditionFailure("line index out of range") }
        return storage.microtypography.isEmpty ? LineMicrotypography() : storage.microtypography[Int(offset) + index]
    }

    /// Whether the batch these lines belong to keeps a microtypography table (some line of it was expanded,
    /// letter-spaced or protruded); a batch set without microtypography allocates none.
    var hasMicrotypographyTable: Bool {
        storage.map { !$0.microtypography.isEmpty } ?? false
    }
}

/// The lines of a batch of paragraphs in one block of C memory, which ``LineScratch`` filled and handed over (shrunk
/// to them, not copied), and beside them the microtypography table: empty, or one entry per line (a lookup by index,
/// not a search; the table is made for a batch where any line uses microtypography, and with it on most lines of
/// justified text do). Nothing changes a block once it is made.
final class LineStorage {
    /// The lines, `count` of them: owned by this object (freed with it), never written after `init`.
    let lines: UnsafeMutablePointer<LineBox>
    let count: Int
    let microtypography: [LineMicrotypography]

    /// Takes `lines` (`count` lines in a block from `malloc` or `realloc`, which this object frees) and their
    /// microtypography table (empty, or `count` entries).
    init(taking lines: UnsafeMutablePointer<LineBox>, count: Int, microtypography: [LineMicrotypography]) {
        self.lines = lines; self.count = count; self.microtypography = microtypography
    }

    // A LineBox holds only numbers and flags: the lines need no deinitializing.
    deinit { free(lines) }
}
