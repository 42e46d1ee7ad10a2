import Testing
@testable import TypesetCore

/// A paragraph's runs are set in text order whatever order they come in (``Paragraph/normalizedRuns(_:content:)``
/// sorts only runs out of order; those in order are taken as they are).
@Suite struct RunOrderTests {
    static let units = Array("one two three four five".utf16)
    static let inOrder = [AttributeRun(range: 0..<4, style: TextStyle(weight: 700)),
                          AttributeRun(range: 4..<8, style: TextStyle(isItalic: true)),
                          AttributeRun(range: 8..<14, style: TextStyle(fontScale: 1.5)),
                          AttributeRun(range: 14..<19, style: TextStyle(weight: 300)),
                          AttributeRun(range: 19..<23, style: TextStyle(weight: 700))]

    static func paragraph(_ runs: [AttributeRun]) -> Paragraph {
        Paragraph(start: 0, units: units, contentRange: 0..<units.count, runs: runs)
    }

    /// Runs given in any order make the runs they make in order: reversed, rotated and swapped in pairs.
    @Test(arguments: [Array(inOrder.reversed()), Array(inOrder[2...] + inOrder[..<2]),
                      [inOrder[1], inOrder[0], inOrder[3], inOrder[2], inOrder[4]]])
    func runsOutOfOrderAreSetInTextOrder(_ runs: [AttributeRun]) {
        let expected = Self.paragraph(Self.inOrder).runs
        #expect(Self.paragraph(runs).runs == expected)
        #expect(expected.map(\.range) == Self.inOrder.map(\.range))
    }
}
