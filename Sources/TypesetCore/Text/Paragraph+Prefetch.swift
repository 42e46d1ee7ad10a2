internal import CMemory

extension Paragraph {
    /// Asks the processor to bring in the units array of the paragraph at `pointer`: its header (the count, which
    /// taking the content reads) and its content's units (every cache line, up to 2 KiB), of which relayout reads a
    /// few at every line's end and on which it waited more than on anything else (perf). Nothing is read from the
    /// array itself, and nothing retained: its storage's address is read from the paragraph as a plain address (an
    /// array's one stored property), and its elements are ``unitElementsOffset`` bytes on (a wrong guess would only
    /// make the hints useless).
    @inline(__always)
    static func prefetchUnits(at pointer: UnsafePointer<Paragraph>, layout: (units: Int, elements: Int)) {
        let storage = UnsafeRawPointer(pointer).load(fromByteOffset: layout.units, as: UnsafeRawPointer.self)
        typeset_prefetch(storage)
        let range = pointer.pointee.contentRange
        let start = storage + layout.elements + range.lowerBound * MemoryLayout<UInt16>.stride
        var line = 0
        while line < min(range.count * MemoryLayout<UInt16>.stride, 2048) { typeset_prefetch(start + line); line += 64 }
    }

    /// Where a paragraph keeps its units array, and where in an array's storage its elements start, for
    /// ``prefetchUnits(at:layout:)``: measured once, on a paragraph and an array of this build.
    static let unitsLayout: (units: Int, elements: Int) = {
        let units: [UInt16] = [0]
        let elements = units.withUnsafeBufferPointer { buffer in
            withUnsafeBytes(of: units) { array in
                guard let base = buffer.baseAddress else { return 0 }
                return UnsafeRawPointer(base) - array.load(as: UnsafeRawPointer.self)
            }
        }
        return (MemoryLayout<Paragraph>.offset(of: \Paragraph.units) ?? 0, elements)
    }()
}
