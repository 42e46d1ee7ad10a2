#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of a batch of paragraphs being laid out, gathered in the block of memory that the batch's paragraphs
/// then share (see ``LineList``).
///
/// One block of C memory, appended to without the uniqueness and capacity checks of an array's `append` (4 % of a
/// relayout's instructions, callgrind), and handed over whole when the batch is done: shrunk to its lines with
/// `realloc` (which shrinks a block in place), not copied (the copy was 4 % of a relayout). The next batch's block
/// is made an eighth larger than the largest batch so far, as batches of one text are alike: a batch seldom grows
/// its block (made as large as the batch just made, every batch longer than the one before grew it, a `realloc`
/// that copied the lines: 2.7 % of a relayout's instructions, callgrind), and what is shrunk off a block is left to
/// the allocator when it is handed over.
final class LineScratch {
    private var base: UnsafeMutablePointer<LineBox>
    private var capacity: Int
    /// The most lines a batch of this scratch has held, remembered up to ``rememberedLines`` (a batch of one huge
    /// paragraph sizes the next block only, not every block after it).
    private var largestBatch = 0
    private static let rememberedLines = 8192
    /// How many lines the batch has so far.
    private(set) var count = 0
    /// The batch's microtypography, one entry per line from the first line that has any (the earlier lines' entries
    /// filled in then); empty while no line has.
    private var microtypography: [LineMicrotypography] = []
    /// Whether `microtypography` has entries, kept beside it: the appends of lines without any ask this, a plain
    /// stored flag, rather than the array, whose read the compiler checked for exclusivity at run time (a call per
    /// paragraph of every relayout).
    private var hasMicrotypography = false

    init(capacity: Int = 1024) {
        assert(_isPOD(LineBox.self), "LineScratch copies and frees lines as plain memory")
        self.capacity = max(1, capacity)
        base = Self.resized(nil, to: self.capacity)
    }

    // A LineBox holds only numbers and flags: its memory is released without deinitializing each line.
    deinit { free(base) }

    /// `block` (nil for a new one) resized to `lines` lines (at least one), the lines it holds kept up to that size.
    /// Out of memory stops the process, as any allocation of the standard library does.
    private static func resized(_ block: UnsafeMutablePointer<LineBox>?, to lines: Int) -> UnsafeMutablePointer<LineBox> {
        let lines = max(1, lines)
        guard let raw = realloc(block, lines * MemoryLayout<LineBox>.stride) else {
            preconditionFailure("out of memory for \(lines) lines")
        }
        return raw.bindMemory(to: LineBox.self, capacity: lines)
    }

    /// Forgets the lines, keeping the memory.
    func removeAll() {
        count = 0
        microtypography.removeAll(keepingCapacity: true)
        hasMicrotypography = false
    }

    /// Makes room for `extra` more lines, so that appending them does not move the block.
    func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let newCapacity = max(count + extra, capacity * 2)
        base = Self.resized(base, to: newCapacity)
        capacity = newCapacity
    }

    /// Appends a line set without microtypography (after ``reserve(_:)`` made room for it).
    @inline(__always)
    func append(_ line: LineBox) {
        if count == capacity { reserve(1) }
        (base + count).initialize(to: line)
        if hasMicrotypography { microtypography.append(LineMicrotypography()) }
        count += 1
    }

    /// Appends `lines` lines set without microtypography, which the caller initializes through the pointer returned
    /// (each once, before the scratch is read or appended to again): one capacity check for a paragraph's lines,
    /// and no count stored per line.
    @inline(__always)
    func appendUninitialized(_ lines: Int) -> UnsafeMutablePointer<LineBox> {
        reserve(lines)
        let first = base + count
        if hasMicrotypography { microtypography.append(contentsOf: repeatElement(LineMicrotypography(), count: lines)) }
        count += lines
        return first
    }

    /// Appends a line with what microtypography did to it.
    @inline(__always)
    func append(_ line: LineBox, microtypography entry: LineMicrotypography) {
        if hasMicrotypography || entry != LineMicrotypography() {
            // The first line with any: the lines before it get theirs, none.
            if !hasMicrotypography { microtypography.append(contentsOf: repeatElement(LineMicrotypography(), count: count)) }
            microtypography.append(entry)
            hasMicrotypography = true
        }
        if count == capacity { reserve(1) }
        (base + count).initialize(to: line)
        count += 1
    }

    /// Line `index` of the batch.
    subscript(index: Int) -> LineBox { base[index] }

    /// The lines gathered, in a block of their own (this scratch's, shrunk to them), with their microtypography table
    /// (none when no line has any). The scratch is empty afterwards, with a new block for the largest batch's lines
    /// and an eighth.
    func makeStorage() -> LineStorage {
        // Copied at its size: the scratch's own table keeps its capacity for the next batch.
        let table = microtypography.isEmpty ? [] : [LineMicrotypography](possiblyEmptyCapacity: count) { buffer, initialized in
            _ = buffer.initialize(from: microtypography)
            initialized = count
        }
        let storage = LineStorage(taking: Self.resized(base, to: count), count: count, microtypography: table)
        largestBatch = max(min(largestBatch, Self.rememberedLines), count)
        capacity = max(16, largestBatch + largestBatch / 8)
        base = Self.resized(nil, to: capacity)
        removeAll()
        return storage
    }
}
