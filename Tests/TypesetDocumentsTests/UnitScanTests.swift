import CKernels
import Testing

/// CKernels' SSE2 scans over UTF-16 units (the plain-text reader's line split, Aozora detection, Gutenberg italics)
/// against their plain statements, over a generated family: every start offset and length up to 40 units (the
/// eight-unit steps, their ends and the units after them), with the units at the edges of each test's range placed
/// at every position of a run of ordinary text.
@Suite struct UnitScanTests {
    /// Units at and around the bounds the scans test: U+0020 and U+009F (the printable range), line ends, `_`,
    /// U+3000, and the ends of the 16-bit range.
    static let edges: [UInt16] = [0x00, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x5E, 0x5F, 0x60, 0x7F, 0x80, 0x9F, 0xA0, 0xFF, 0x100,
                                  0x2028, 0x2029, 0x2FFF, 0x3000, 0x3001, 0x7FFF, 0x8000, 0xFF20, 0xFFFF]

    /// Ordinary text (`a` to `z`) with `edge` at `position` and, for the second half of the family, again eleven
    /// units on (two stops in one scan).
    static func texts() -> [[UInt16]] {
        var texts: [[UInt16]] = []
        for edge in edges {
            for position in 0..<40 {
                for twice in [false, true] {
                    var units = (0..<48).map { UInt16(0x61 + $0 % 26) }
                    units[position] = edge
                    if twice { units[position + 7] = edge }
                    texts.append(units)
                }
            }
        }
        return texts
    }

    @Test func scansAsDefined() {
        var checked = 0
        var wrong: [String] = []
        func check(_ got: Int, _ expected: Int, _ what: @autoclosure () -> String) {
            if got != expected { wrong.append("\(what()): \(got), not \(expected)") }
        }
        for units in Self.texts() {
            units.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                for start in 0..<9 {
                    for length in 0...min(40, buffer.count - start) {
                        let slice = buffer[start..<(start + length)]
                        func at() -> String { "\(units.map { String($0, radix: 16) }) [\(start)..<\(start + length)]" }
                        check(CKernels_printableRun(base + start, length), slice.prefix { $0 >= 0x20 && $0 <= 0x9F }.count,
                              "printable run of \(at())")
                        check(CKernels_lineBreakCount(base + start, length), slice.filter { $0 == 0x0A || $0 == 0x0D || $0 == 0x2029 }.count,
                              "line ends of \(at())")
                        for unit: UInt16 in [0x5F, 0x0A, 0xFFFF] {
                            check(CKernels_firstUnit(base + start, length, unit), (slice.firstIndex(of: unit) ?? slice.endIndex) - start,
                                  "first \(unit) of \(at())")
                        }
                        for bound: UInt16 in [0x3000, 0x80, 0xFFFF, 1] {
                            check(CKernels_firstAtLeast(base + start, length, bound), (slice.firstIndex { $0 >= bound } ?? slice.endIndex) - start,
                                  "first at least \(bound) of \(at())")
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(wrong.prefix(20) == [], "\(wrong.count) wrong")
        #expect(checked == Self.edges.count * 40 * 2 * 9 * 41)
    }

    /// Past 32,767 × 8 units the line-end count adds up its lanes before they could overflow.
    @Test func countsManyLineEnds() {
        let units = [UInt16](repeating: 0x0A, count: 8 * 32_767 * 2 + 13)
        #expect(units.withUnsafeBufferPointer { CKernels_lineBreakCount($0.baseAddress, $0.count) } == units.count)
        #expect(units.withUnsafeBufferPointer { CKernels_firstAtLeast($0.baseAddress, $0.count, 0x0B) } == units.count)
    }
}
