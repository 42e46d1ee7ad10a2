extension PageFilling {
    /// Places lines `start..<end` of paragraph `index` while each fits in what is left of the column, and returns the
    /// first not placed. For the caller's lines after a paragraph's first that no kept run measures, this is the
    /// general loop of ``placeLines(of:leading:)`` with nothing to decide: no spacing above a line, its own height
    /// measured, nothing placed that does not fit (a line at the column's top that does not fit is left to that loop).
    /// The run is counted first and appended in one copy: appended line by line, each paid the array's uniqueness
    /// and capacity checks.
    @inline(__always)
    mutating func placeFittingLines(_ lines: UnsafeBufferPointer<LineBox>, of index: Int, from start: Int, to end: Int) -> Int {
        let limit = columnBottom + 0.01
        // The same sums as the general loop: a line's top is `y + 0` (its spacing), its bottom the top plus its height.
        var fitting = start, bottom = y
        while fitting < end {
            let next = (bottom + 0) + Double(lines[fitting].height)
            if next > limit { break }
            bottom = next
            fitting += 1
        }
        guard fitting > start else { return start }
        // Made in scratch memory on the stack and appended in one copy.
        withUnsafeTemporaryAllocation(of: PlacedLine.self, capacity: fitting - start) { run in
            guard let base = run.baseAddress else { return }
            var top = y
            for line in start..<fitting {
                let lineTop = top + 0
                (base + (line - start)).initialize(to: PlacedLine(paragraph: Int32(index), line: Int32(line), x: x, y: lineTop))
                top = lineTop + Double(lines[line].height)
            }
            placements.append(contentsOf: UnsafeBufferPointer(start: base, count: fitting - start))
            run.baseAddress?.deinitialize(count: fitting - start)
        }
        y = bottom
        return fitting
    }
}
