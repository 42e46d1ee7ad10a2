import Testing
@testable import TypesetCore

/// ``LayoutLookups`` reads a lookup's type through an extension lookup, and finds a class-based chained context
/// that matches class 0 (the glyphs its class definitions leave out, which ``WordJoinGlyphs`` cannot name, so a
/// face with one is never joined).
@Suite struct LayoutLookupsTests {
    /// A GSUB table of one lookup: a chained context (type 6, format 2) whose one rule has two input glyphs (the
    /// second of class `input`) and one lookahead glyph of class `lookahead`; through an extension lookup (type 7)
    /// when `extended`.
    static func table(input: UInt16, lookahead: UInt16, extended: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let header = u16(1) + u16(0) + u16(0) + u16(0) + u16(10)
        let list = u16(1) + u16(4)
        let lookup = u16(extended ? 7 : 6) + u16(0) + u16(1) + u16(8)
        let extensionTable = extended ? u16(1) + u16(6) + u16(0) + u16(8) : []
        let context = u16(2) + u16(0) + u16(0) + u16(0) + u16(0) + u16(1) + u16(14)
        let ruleSet = u16(1) + u16(4)
        let rule = u16(0) + u16(2) + u16(Int(input)) + u16(1) + u16(Int(lookahead)) + u16(0)
        return header + list + lookup + extensionTable + context + ruleSet + rule
    }

    @Test(arguments: [false, true])
    func classZeroInAChainedContextIsFound(extended: Bool) throws {
        for (input, lookahead, zero) in [(1, 1, false), (1, 0, true), (0, 2, true), (3, 4, false)] as [(UInt16, UInt16, Bool)] {
            let bytes = Self.table(input: input, lookahead: lookahead, extended: extended)
            let found = bytes.withUnsafeBytes { raw -> (type: UInt16, matchesClassZero: Bool)? in
                LayoutLookups(raw, extensionType: 7, context: (5, 6))?.lookup(0)
            }
            let lookup = try #require(found)
            #expect(lookup.type == 6)
            #expect(lookup.matchesClassZero == zero, "input class \(input), lookahead class \(lookahead)")
        }
    }

    @Test func aTableCutShortIsNotRead() {
        let bytes = Self.table(input: 1, lookahead: 1, extended: false).dropLast(4)
        let found = Array(bytes).withUnsafeBytes { raw in LayoutLookups(raw, extensionType: 7, context: (5, 6))?.lookup(0) }
        #expect(found == nil)
    }
}
