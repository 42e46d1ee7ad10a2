import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Adjacent full-width punctuation (JLReq 3.1.4, CLReq): where two marks meet, one of them is set half-width, with
/// the font's `halt` (`vhal` in vertical text) on that glyph, so that the blank between them is half an em. The
/// bundled CJK face has `halt` and `vhal` but no `chws`, so these go through Typeset's own pairing.
@Suite struct PunctuationSpacingTests {
    static let string = "あ」「い。」う、「え）（お「『か』」・「き「」く"

    static func layout(_ string: String = string, vertical: Bool, spacing: Bool? = nil) throws -> BookLayout {
        var text = StyledText(plain: string, language: "ja")
        text.writingMode = vertical ? .verticalRightToLeft : nil
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 900, height: 900)
        if let spacing { settings.punctuationSpacing = spacing }
        return try Typesetter(fonts: try Fixtures.bundledFonts()).layout(text, settings: settings)
    }

    /// Each character's advance along the line in ems, from its caret to the next one's (but the first's: a caret
    /// at the column's edge is drawn inside it).
    static func advances(_ layout: BookLayout, _ string: String, vertical: Bool) throws -> [Character: [Double]] {
        var result: [Character: [Double]] = [:]
        var offset = 0
        let em = Fixtures.settings.fontSize
        let characters = Array(string)
        for (index, character) in characters.enumerated() where index + 1 < characters.count {
            defer { offset += character.utf16.count }
            guard index > 0 else { continue }
            let next = offset + character.utf16.count
            let a = try #require(layout.caretRect(for: TextPosition(offset: offset))).rect
            let b = try #require(layout.caretRect(for: TextPosition(offset: next))).rect
            result[character, default: []].append(((vertical ? b.minY - a.minY : b.minX - a.minX) / em * 100).rounded() / 100)
        }
        return result
    }

    static func check(vertical: Bool) throws {
        let on = try advances(try layout(vertical: vertical), string, vertical: vertical)
        // 」 before 「 and before ・: half; 」 before う and after 』: whole (the last 」 before く too).
        #expect(on["」"] == [0.5, 1, 0.5, 1], "\(on)")
        #expect(on["「"] == [1, 1, 1, 0.5, 1], "「 after 」, 、 and お keeps its em, after ・ loses its blank half: \(on)")
        #expect(on["。"] == [0.5] && on["、"] == [0.5] && on["）"] == [0.5] && on["（"] == [1], "\(on)")
        #expect(on["『"] == [0.5] && on["』"] == [0.5] && on["・"] == [1], "\(on)")
        #expect(on["い"] == [1] && on["お"] == [1], "\(on)")
        // Off, every mark keeps its em.
        let off = try advances(try layout(vertical: vertical, spacing: false), string, vertical: vertical)
        #expect(off.values.allSatisfy { $0.allSatisfy { $0 == 1 } }, "\(off)")
    }

    @Test func horizontalPairsLoseHalfAnEm() throws { try Self.check(vertical: false) }

    @Test func verticalPairsLoseHalfAnEm() throws { try Self.check(vertical: true) }

    /// The opening mark that loses its blank half is drawn where it was, its glyph moved back by the half it lost:
    /// its ink stays inside its narrower cell, and a closing mark's ink stays where it was in its own.
    @Test func glyphsMoveWithTheirCells() throws {
        let string = "い「『う"
        let on = try Self.layout(string, vertical: false).glyphRuns(onPage: 0)
        let off = try Self.layout(string, vertical: false, spacing: false).glyphRuns(onPage: 0)
        func x(_ offset: Int, _ runs: [GlyphRun]) -> Double? {
            for run in runs { if let i = run.clusters.firstIndex(of: offset) { return run.positions[i].x } }
            return nil
        }
        let em = Fixtures.settings.fontSize
        // 『 (offset 2) loses the blank before its ink: its origin moves back by half an em, and う after it too.
        let shift = try #require(x(2, off)) - (try #require(x(2, on)))
        #expect(abs(shift - em / 2) < 0.01, "『 moved \(shift)")
        #expect(abs(try #require(x(3, off)) - (try #require(x(3, on))) - em / 2) < 0.01)
        #expect(try #require(x(1, on)) == (try #require(x(1, off))))
    }

    /// The setting is in the table, on by default, and keys shaping.
    @Test func settingIsOnByDefaultAndKeysShaping() throws {
        var settings = ReaderSettings()
        #expect(settings.typography.punctuationSpacing)
        try settings.set("punctuation-spacing", parsing: "off")
        #expect(!settings.typography.punctuationSpacing)
        #expect(ShapingSettings(settings.typography) != ShapingSettings(TypographySettings()))
    }
}
