import CKernels
import Testing
import TypesetCore
@testable import TypesetDocuments

/// `SourceLine.split` against a plain statement of what it computes, over a generated family of texts: line ends
/// (LF, CR LF, lone CR, U+2029, one at the very end or none), leading white space of every kind it knows (an
/// ideographic space is two columns), wide and narrow characters, surrogate pairs, blank and space-only lines.
@Suite struct SourceLineSplitTests {
    struct Expected: Equatable {
        var start, contentEnd, end, indent, columns, indentColumns: Int
        var isBlank: Bool
    }

    static func columns(_ units: ArraySlice<UInt16>) -> Int {
        units.reduce(0) { count, unit in
            if UTF16.isTrailSurrogate(unit) { return count }
            return count + (unit >= 0x1100 && CharacterClass.isWide(unit) ? 2 : 1)
        }
    }

    /// Each line by its definition: the units up to the next line end, its leading spaces, its columns.
    static func expected(_ units: [UInt16]) -> [Expected] {
        let spaces: Set<UInt16> = [0x20, 0x09, 0x3000, 0xA0, 0x0C, 0xFEFF]
        var lines: [Expected] = []
        var start = 0
        while start < units.count {
            var contentEnd = start
            while contentEnd < units.count && ![0x0A, 0x0D, 0x2029].contains(units[contentEnd]) { contentEnd += 1 }
            var end = contentEnd
            if end < units.count { end += units[end] == 0x0D && end + 1 < units.count && units[end + 1] == 0x0A ? 2 : 1 }
            let content = units[start..<contentEnd]
            let indent = content.prefix { spaces.contains($0) }.count
            lines.append(Expected(start: start, contentEnd: contentEnd, end: end, indent: indent, columns: columns(content),
                                  indentColumns: columns(content.prefix(indent)), isBlank: content.allSatisfy(spaces.contains)))
            start = end
        }
        return lines
    }

    /// `each` random texts of every length in `lengths`, each that many `pieces` (drawn with replacement).
    static func texts(of pieces: [[UInt16]], lengths: Range<Int>, each: Int) -> [[UInt16]] {
        var generator = SystemRandomNumberGenerator()
        return lengths.flatMap { length in
            (0..<each).map { _ in (0..<length).flatMap { _ in pieces.randomElement(using: &generator) ?? [] } }
        }
    }

    /// What the split makes of `units`, in the form ``expected(_:)`` gives.
    static func split(_ units: [UInt16]) -> [Expected] {
        SourceLine.split(units).map {
            Expected(start: $0.start, contentEnd: $0.contentEnd, end: $0.end, indent: $0.indent, columns: $0.columns,
                     indentColumns: $0.indentColumns, isBlank: $0.isBlank)
        }
    }

    @Test func everyLineAsDefined() {
        let pieces: [[UInt16]] = [[0x0A], [0x0D], [0x0D, 0x0A], [0x2029], [0x20], [0x09], [0x3000], [0xA0], [0x0C], [0xFEFF],
                                  Array("word".utf16), [0x6F22, 0x5B57], [0xAC00], [0xD840, 0xDC00], [0xD83D, 0xDE00], [0xFF21]]
        var checked = 0
        for units in Self.texts(of: pieces, lengths: 0..<40, each: 25) {
            #expect(Self.split(units) == Self.expected(units), "\(units.map { String($0, radix: 16) })")
            checked += 1
        }
        #expect(checked == 1000)
    }

    /// Lines of long printable runs (the split scans them eight units at a time and stops inside a step) between
    /// the units at the edges of that range (U+001F, U+0020, U+007F, U+0080, U+009F, U+00A0, U+0100): each line as
    /// defined, and the line ends the split counts to size its table as many as there are.
    @Test func longRunsAndTheirEdges() {
        let pieces: [[UInt16]] = [[0x0A], [0x0D, 0x0A], [0x0D], [0x2029], [0x20], [0x20, 0x20, 0x20, 0x20], [0x09], [0x3000],
                                  Array("The quick brown fox jumps over".utf16), Array("a".utf16), Array("seventeen letters".utf16),
                                  [0x1F], [0x7F], [0x80], [0x9F], [0xA0], [0x100], [0x2028], [0x201C], [0x6F22], [0xD83D, 0xDE00]]
        var checked = 0
        for units in Self.texts(of: pieces, lengths: 0..<60, each: 20) {
            #expect(Self.split(units) == Self.expected(units), "\(units.map { String($0, radix: 16) })")
            let ends = units.reduce(0) { $0 + ([0x0A, 0x0D, 0x2029].contains($1) ? 1 : 0) }
            #expect(units.withUnsafeBufferPointer { CKernels_lineBreakCount($0.baseAddress, $0.count) } == ends)
            checked += 1
        }
        #expect(checked == 1_200)
    }
}
