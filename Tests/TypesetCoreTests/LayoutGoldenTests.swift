import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Golden text dumps of layouts at fixed settings with the bundled fonts: any change in shaping, line breaking,
/// line metrics or pagination shows up as a readable diff. Regenerate with `TYPESET_UPDATE_GOLDENS=1`.
@Suite struct LayoutGoldenTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens").path

    /// Lays out `text` with the bundled fonts and compares its dump with the golden `name`.
    func check(_ name: String, _ text: StyledText, settings: TypographySettings, mode: LayoutMode = .paged) throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let layout = try typesetter.layout(text, settings: settings, mode: mode)
        #expect(LayoutInvariants.violations(in: layout).isEmpty)
        let dump = LayoutDump.dump(layout)
        if let problem = Golden.mismatch(dump, name: name, directory: Self.goldens) { Issue.record(Comment(rawValue: problem)) }
    }

    /// The text of the position spec's test vectors (§1.13), on a page narrow enough to wrap as the spec says.
    @Test func specVectorText() throws {
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 300, height: 400)
        settings.fontSize = 16
        let text = StyledText(plain: "The quick\u{00A0}brown fox jumps over the lazy dog.\nSecond 👍🏽 e\u{0301}x")
        try check("spec-vectors", text, settings: settings)
    }

    /// Latin, Arabic, Hebrew and Chinese in one paragraph and in paragraphs of their own: fallback faces, bidi
    /// reordering and right alignment of right-to-left paragraphs.
    @Test func mixedScripts() throws {
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 320, height: 600)
        let text = StyledText(plain: """
            Reading “السلام عليكم” and “שלום” in 紅樓夢, office fluffy.
            السلام عليكم ورحمة الله وبركاته، كيف حالك اليوم؟
            שלום עולם, זהו משפט בעברית עם מספר 123 באמצע.
            滿紙荒唐言，一把辛酸淚！都云作者痴，誰解其中味？
            """)
        try check("mixed-scripts", text, settings: settings)
    }

    /// Justified text in two columns with a first-line indent, across pages, broken greedily: the layout of
    /// before the optimal breaker (now the default for justified text), unchanged.
    @Test func justifiedColumns() throws {
        var settings = Self.justifiedColumnSettings
        settings.lineBreaking = .greedy
        settings.orphansAndWidows = 1
        try check("justified-columns", Self.justifiedColumnText, settings: settings)
    }

    /// The same text broken by the optimal breaker with English hyphenation, with widow and orphan control (two
    /// lines): shrunk and stretched spaces, hyphenated lines (marked `hyphen` in the dump), a line carried over.
    @Test func justifiedColumnsOptimalHyphenated() throws {
        var settings = Self.justifiedColumnSettings
        settings.lineBreaking = .optimal
        settings.hyphenation = true
        settings.language = "en"
        settings.orphansAndWidows = 2
        try check("justified-columns-optimal", Self.justifiedColumnText, settings: settings)
    }

    static var justifiedColumnSettings: TypographySettings {
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 600, height: 300)
        settings.columns = 2
        settings.alignment = .justified
        settings.firstLineIndent = 1.5
        settings.fontSize = 14
        return settings
    }

    static let justifiedColumnText: StyledText = {
        let paragraph = "It is a truth universally acknowledged, that a single man in possession of a good fortune must be in want of a wife. "
        return StyledText(plain: String(repeating: paragraph, count: 3) + "\n" + String(repeating: paragraph, count: 2))
    }()

    /// A word wider than the line is broken at grapheme boundaries, never inside a cluster.
    @Test func overlongWord() throws {
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 120, height: 400)
        settings.margins = EdgeInsets(all: 10)
        let text = StyledText(plain: "Pneumonoultramicroscopicsilicovolcanoconiosis e\u{0301}e\u{0301}e\u{0301}e\u{0301}e\u{0301}e\u{0301}e\u{0301}e\u{0301}e\u{0301}e\u{0301}e\u{0301}e\u{0301}")
        try check("overlong-word", text, settings: settings)
    }

    /// The empty text gives one empty page.
    @Test func emptyText() throws {
        try check("empty", StyledText(plain: ""), settings: Fixtures.settings)
    }

    /// Scroll mode: one page as tall as the text.
    @Test func scroll() throws {
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 300, height: 200)
        let text = StyledText(plain: "First paragraph, long enough to wrap onto a second line here.\nSecond.\nThird paragraph.")
        try check("scroll", text, settings: settings, mode: .scroll)
    }

    /// The first two pages of the sample book, read by the plain-text reader.
    @Test func sampleBook() throws {
        let data = try #require(FileManager.default.contents(atPath: Fixtures.repositoryRoot + "/Tests/Fixtures/sample-book.txt"))
        let text = try PlainTextReader().read(bytes: [UInt8](data), name: "sample-book.txt").text
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let layout = try typesetter.layout(text, settings: Fixtures.settings)
        #expect(LayoutInvariants.violations(in: layout).isEmpty)
        if let problem = Golden.mismatch(LayoutDump.dump(layout, pages: 0..<2), name: "sample-book", directory: Self.goldens) {
            Issue.record(Comment(rawValue: problem))
        }
    }
}
