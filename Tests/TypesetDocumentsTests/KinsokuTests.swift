import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// CJK unwrapping: a source line break is never kept where a line would start with a character that may not
/// start one (closing punctuation, small kana, ー) or end with an opening bracket.
@Suite struct KinsokuTests {
    static func read(_ text: String) throws -> PlainTextDocument {
        try PlainTextReader().read(bytes: Array(text.utf8), name: "k.txt")
    }

    static func contents(_ document: PlainTextDocument) -> [String] {
        document.text.paragraphs.map(\.contentString).filter { !$0.isEmpty }
    }

    @Test func versePunctuationStaysWithItsLine() throws {
        // Short lines kept one by one (verse), one of them wrapped just before a comma and one before a full stop.
        let document = try Self.read("""
            　　無材可去補蒼天，枉入紅塵若許年
            ，此系身前身后事
            　　倩誰記去作奇傳
            。
            好了歌
            """)
        let paragraphs = Self.contents(document)
        #expect(!paragraphs.contains { $0.hasPrefix("，") || $0.hasPrefix("。") }, "\(paragraphs)")
        #expect(paragraphs.contains("　　無材可去補蒼天，枉入紅塵若許年\n，此系身前身后事"))
    }

    @Test func smallKanaAndTheProlongedSoundMarkStayWithTheirLine() throws {
        // A file set line by line (long lines), wrapped before a small kana, a prolonged sound mark and a
        // closing quote, and after an opening bracket.
        let long = String(repeating: "吾輩は猫である。名前はまだ無い。", count: 8)
        let document = try Self.read(long + "ニャ\nーニャーと泣いた。\n" + long + "ガ\nッと鳴った。\n" + long + "「\nこれは」と言った\n」の後。\n" + long + "\n")
        let paragraphs = Self.contents(document)
        #expect(!paragraphs.contains { ["ー", "ッ", "」"].contains(String($0.prefix(1))) }, "\(paragraphs.map { $0.prefix(3) })")
        #expect(!paragraphs.contains { $0.hasSuffix("「") })
    }

    @Test func westernTextIsNotJoined() throws {
        // A closing quote at the start of a line of English verse is no kinsoku matter.
        let document = try Self.read("The first line of a stanza\n” a quoted end\nThe third line\n")
        #expect(Self.contents(document).count == 3)
    }

    @Test func hongLouMengHasNoLineStartingWithClosingPunctuation() throws {
        let document = try PlainTextReader().read(path: try Fixtures.corpusPath("cao-xueqin-hong-lou-meng.zh-hant.txt"))
        #expect(!document.text.paragraphs.contains { paragraph in
            paragraph.contentString.first.map { Kinsoku.lineStartProhibited.contains(String($0).utf16.first ?? 0) } ?? false
        })
        // Laid out (the first chapters), no line starts with such a character or ends with an opening bracket.
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var settings = Fixtures.settings
        settings.alignment = .justified
        let layout = try typesetter.layout(try typesetter.shape(document.text, fontFamily: settings.fontFamily, sections: 0..<12),
                                           settings: settings)
        var lines = 0
        for page in layout.pages.indices {
            for line in layout.lines(onPage: page) {
                let text = document.text.string(in: line.range).trimmingCharacters(in: .whitespacesAndNewlines)
                guard let first = text.utf16.first, let last = text.utf16.last else { continue }
                #expect(!Kinsoku.lineStartProhibited.contains(first), "line \(line.range) starts with \(text.prefix(1))")
                #expect(!Kinsoku.lineEndProhibited.contains(last), "line \(line.range) ends with \(text.suffix(1))")
                lines += 1
            }
        }
        #expect(lines > 1000)
    }
}
