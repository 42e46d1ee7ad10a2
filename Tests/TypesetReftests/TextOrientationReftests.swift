import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// `text-orientation` in a vertical book, as web-platform-tests writes it: a document and a simpler reference that
/// must draw the same pixels. In `mixed` (the default) a character turns or stands by its own Unicode class, so the
/// half-width digits of "JIS X 4051" turn as its letters do, exactly as the same text marked `sideways`;
/// `upright` stands Latin as each letter standing alone would; `text-combine-upright` wins over either.
@Suite struct TextOrientationReftests {
    static let vertical = "html { writing-mode: vertical-rl }"

    static func render(_ body: String, css: String = "") throws -> Reftest.Rendering {
        try Reftest.render(Reftest.Book(documents: [("chapter.xhtml", Reftest.document(
            body: body, head: "<style type=\"text/css\">\(vertical) \(css)</style>", language: "ja"))]))
    }

    static func expectSame(_ test: String, _ reference: String, css: String = "", _ comment: String = "") throws {
        let mismatch = Reftest.mismatch(try render(test, css: css), try render(reference, css: css))
        #expect(mismatch == nil, "\(comment) \(test): \(mismatch ?? "")")
    }

    /// Mixed turns every `R` character whatever the script around it: letters, digits, spaces, Latin punctuation
    /// and the dashes and ellipsis (which are `R` in UAX #50), as the same text marked sideways. (Both in a span of
    /// its own language, whose text is itemized on its own in both, so that they differ in orientation only; digits alone in a
    /// span stood upright before, taking the script of the kanji before them.)
    @Test(arguments: ["JIS X 4051", "1905", "ISO 8601:2004", "…", "——", "A4", "e.g."])
    func mixedTurnsWhatUAX50Turns(_ text: String) throws {
        try Self.expectSame("<p>規格<span lang=\"ja-JP\">\(text)</span>による。</p>",
                            "<p>規格<span lang=\"ja-JP\" style=\"text-orientation: sideways\">\(text)</span>による。</p>")
    }

    /// And stands every `U`, `Tu` and `Tr` character (full-width digits and letters, kana, the ideographic stops,
    /// brackets and the long vowel mark with their vertical forms), as the same text marked upright.
    @Test(arguments: ["ＪＩＳ", "１９０５", "「かぎ」", "コーヒー。", "、〜"])
    func mixedStandsWhatUAX50Stands(_ text: String) throws {
        try Self.expectSame("<p>規格<span lang=\"ja-JP\">\(text)</span>による。</p>",
                            "<p>規格<span lang=\"ja-JP\" style=\"text-orientation: upright\">\(text)</span>による。</p>")
    }

    /// Upright Latin stands each letter as it would stand alone (a one-letter combined cell is that letter upright).
    @Test func uprightLatinIsEachLetterStanding() throws {
        let letters = "Typeset".map { "<span style=\"text-combine-upright: all\">\($0)</span>" }.joined()
        try Self.expectSame("<p>本<span style=\"text-orientation: upright\">Typeset</span>本</p>", "<p>本\(letters)本</p>")
        // And it is not what mixed draws.
        #expect(Reftest.mismatch(try Self.render("<p>本Typeset本</p>"), try Self.render("<p>本<span style=\"text-orientation: upright\">Typeset</span>本</p>")) != nil)
    }

    /// Every spelling of sideways draws the same, and not what mixed draws for CJK.
    @Test(arguments: ["-webkit-text-orientation: sideways-right", "-epub-text-orientation: sideways", "text-orientation: sideways-right"])
    func sidewaysUnderEveryName(_ declaration: String) throws {
        let text = "<p>吾輩は猫である。</p>"
        let mismatch = Reftest.mismatch(try Self.render(text, css: "p { \(declaration) }"), try Self.render(text, css: "p { text-orientation: sideways }"))
        #expect(mismatch == nil, "\(declaration): \(mismatch ?? "")")
        #expect(Reftest.mismatch(try Self.render(text, css: "p { \(declaration) }"), try Self.render(text)) != nil)
    }

    /// `text-combine-upright` wins over the orientation: a combined number draws the same under sideways.
    @Test func combiningWinsOverOrientation() throws {
        try Self.expectSame("<p>第<span style=\"text-combine-upright: all; text-orientation: sideways\">12</span>回</p>",
                            "<p>第<span style=\"text-combine-upright: all\">12</span>回</p>")
        // Two digits alone in Japanese text are combined by default (digits 2); so they differ from the turned pair.
        #expect(Reftest.mismatch(try Self.render("<p>第12回</p>"),
                                 try Self.render("<p>第<span style=\"text-orientation: sideways\">12</span>回</p>")) != nil)
    }

    /// Horizontal text ignores the property.
    @Test func horizontalTextIgnoresIt() throws {
        let text = "<p>規格JIS X 4051による。</p>"
        let plain = try Reftest.render(Reftest.Book(body: text))
        let sideways = try Reftest.render(Reftest.Book(body: text, css: "p { text-orientation: upright }"))
        #expect(Reftest.mismatch(plain, sideways) == nil)
    }
}
