/// The inline boxes a glyph run is inside (``TextStyle/inlineBoxes``), with which of their edges it draws: what
/// ``InlineBoxPass`` needs to draw them on its line.
package struct InlineBoxRun: Sendable {
    /// The boxes, outermost first.
    package var boxes: [InlineBox]
    /// Bit `k` set: box `k` starts in this run (its start edge is here), or ends in it.
    package var starts: UInt8
    package var ends: UInt8
    /// Whether the run is right to left (its start edges on the right).
    package var rightToLeft: Bool
    /// Points per body em (the boxes' lengths are in body ems).
    package var emSize: Double

    /// The bits of the boxes of attribute run `index` of `runs` (a paragraph's) whose start edge is at that run's
    /// start (the run before is not inside the box), and those whose end edge is at its end.
    static func edges(of index: Int, in runs: [AttributeRun]) -> (starts: UInt8, ends: UInt8) {
        let boxes = runs[index].style.inlineBoxes
        var starts: UInt8 = 0, ends: UInt8 = 0
        for (k, box) in boxes.prefix(InlineBox.maximumNesting).enumerated() {
            if index == 0 || !runs[index - 1].style.inlineBoxes.contains(where: { $0.id == box.id }) { starts |= 1 << k }
            if index + 1 == runs.count || !runs[index + 1].style.inlineBoxes.contains(where: { $0.id == box.id }) { ends |= 1 << k }
        }
        return (starts, ends)
    }

    /// The room the start edges of the boxes in `bits` take together (the edges of one run), in body ems.
    static func startRoom(_ boxes: [InlineBox], _ bits: UInt8, rightToLeft: Bool) -> Double {
        var room = 0.0
        for (k, box) in boxes.prefix(InlineBox.maximumNesting).enumerated() where bits & (1 << k) != 0 {
            room += box.startRoom(rightToLeft: rightToLeft)
        }
        return room
    }

    /// The room the end edges of the boxes in `bits` take together, in body ems.
    static func endRoom(_ boxes: [InlineBox], _ bits: UInt8, rightToLeft: Bool) -> Double {
        var room = 0.0
        for (k, box) in boxes.prefix(InlineBox.maximumNesting).enumerated() where bits & (1 << k) != 0 {
            room += box.endRoom(rightToLeft: rightToLeft)
        }
        return room
    }
}
