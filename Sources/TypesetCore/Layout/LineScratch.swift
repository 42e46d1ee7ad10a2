/// The lines of a batch of paragraphs being laid out, gathered before they are copied once into the array the
/// batch's paragraphs share (see ``LineList``).
///
/// One block of memory, kept by a ``ShapingContext`` from batch to batch so that it neither grows nor faults in
/// new pages each time, and appended to without the uniqueness and capacity checks of an array's `append`
/// (4 % of a relayout's instructions, callgrind). Writing the lines straight into arrays for the paragraphs to keep was
/// tried and was slower: fresh arrays fault their pages in on every relayout (`perf stat`), the kept block never.
final class LineScratch {
    private var base: UnsafeMutablePointer<LineBox>
    private var capacity: Int
    /// How many lines the batch has so far.
    private(set) var count = 0
    /// The batch's microtypography, one entry per line from the first line that has any (the earlier lines' entries
    /// filled in then); empty while no line has.
    private var microtypography: [LineMicrotypography] = []

    init(capacity: Int = 1024) {
        assert(_isPOD(LineBox.self), "LineScratch copies and frees lines as plain memory")
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    // A LineBox holds only numbers and flags: its memory is released without deinitializing each line.
    deinit { base.deallocate() }

    /// Forgets the lines, keeping the memory.
    func removeAll() {
        count = 0
        microtypography.removeAll(keepingCapacity: true)
    }

    /// Makes room for `extra` more lines, so that appending them does not move the block.
    func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let newCapacity = max(count + extra, capacity * 2)
        let grown = UnsafeMutablePointer<LineBox>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    /// Appends a line set without microtypography (after ``reserve(_:)`` made room for it).
    @inline(__always)
    func append(_ line: LineBox) {
        if count == capacity { reserve(1) }
        (base + count).initialize(to: line)
        if !microtypography.isEmpty { microtypography.append(LineMicrotypography()) }
        count += 1
    }

    /// Appends a line with what microtypography did to it.
    @inline(__always)
    func append(_ line: LineBox, microtypography entry: LineMicrotypography) {
        if !microtypography.isEmpty || entry != LineMicrotypography() {
            // The first line with any: the lines before it get theirs, none.
            if microtypography.isEmpty { microtypography.append(contentsOf: repeatElement(LineMicrotypography(), count: count)) }
            microtypography.append(entry)
        }
        if count == capacity { reserve(1) }
        (base + count).initialize(to: line)
        count += 1
    }

    /// Line `index` of the batch.
    subscript(index: Int) -> LineBox { base[index] }

    /// The lines gathered, in a block of their own, with their microtypography table (none when no line has any).
    func makeStorage() -> LineStorage {
        // Copied at its size: the scratch's own table keeps its capacity for the next batch.
        let table = microtypography.isEmpty ? [] : [LineMicrotypography](possiblyEmptyCapacity: count) { buffer, initialized in
            _ = buffer.initialize(from: microtypography)
            initialized = count
        }
        return LineStorage.make(count: count, microtypography: table) { $0.initialize(from: base, count: count) }
    }
}
