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

/// Chinese text wrapped at a width, as Project Gutenberg's files are, unwrapped (issue 36: 1,572 of a Chinese
/// novel's 18,247 source wraps kept as line breaks). A family of files: wrap widths of 30 to 38 characters,
/// paragraphs indented or not (dialogue often is not), lines the wrapper left a character short so that a
/// closing mark does not start the next one, a Latin word or a number now and then. Every wrap inside a paragraph
/// must be joined, every paragraph end kept.
@Suite struct ChineseUnwrappingTests {
    static let phrases = ["話說大宋仁宗天子在位", "嘉祐三年三月三日五更三點", "天子駕坐紫宸殿", "受百官朝賀", "但見祥雲迷鳳閣",
                          "瑞氣罩龍樓", "含煙御柳拂旌旗", "帶露宮花迎劍戟", "天香影裏", "玉簪珠履聚丹墀", "仙樂聲中", "繡襖錦衣扶御駕",
                          "當有殿頭官喝道", "有事出班早奏", "無事捲簾退朝", "只見班部叢中", "宰相趙哲", "參政文彥博出班奏曰"]
    static let marks = ["，", "。", "、", "；", "：", "！", "？"]

    /// A file and, for each of its source lines but the last, whether its line end is inside a paragraph.
    static func book(width: Int, seed: UInt64) -> (text: String, insideParagraph: [Bool]) {
        var random = SplitMix64(seed: seed)
        func pick<T>(_ list: [T]) -> T { list[Int(random.next() % UInt64(list.count))] }
        var lines: [String] = []
        var inside: [Bool] = []
        for index in 0..<40 {
            var characters: [Character] = []
            let indented = index % 3 != 2
            if indented { characters += ["　", "　"] }
            let dialogue = !indented
            if dialogue { characters.append("「") }
            let count = 4 + Int(random.next() % 12)
            for phrase in 0..<count {
                characters += Array(pick(phrases))
                if random.next() % 9 == 0 { characters += Array(" 1805 ") }
                // A paragraph ends a sentence.
                characters += Array(phrase == count - 1 ? pick(["。", "！", "？"]) : pick(marks))
            }
            if dialogue { characters.append("」") }
            // Wrapped at `width`, a character pushed down when the next one may not start a line.
            var start = 0
            while start < characters.count {
                var end = min(characters.count, start + width)
                if end < characters.count, "，。、；：！？」".contains(characters[end]), end - 1 > start { end -= 1 }
                // A wrapper breaks at a space and drops it.
                while end < characters.count, characters[end] == " " { characters.remove(at: end) }
                lines.append(String(characters[start..<end]))
                inside.append(end < characters.count)
                start = end
            }
        }
        return (lines.joined(separator: "\n") + "\n", Array(inside.dropLast()))
    }

    @Test(arguments: [30, 35, 38], [1, 2])
    func everyWrapInsideAParagraphIsJoined(width: Int, seed: UInt64) throws {
        let (text, inside) = Self.book(width: width, seed: seed)
        let document = try PlainTextReader().read(bytes: Array(text.utf8), name: "zh.txt")
        // The source line ends that end a paragraph of the document.
        var lineEnds: [Int] = []
        var offset = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(2) {
            offset += line.utf16.count
            lineEnds.append(offset)
            offset += 1
        }
        let paragraphEnds = Set(document.text.paragraphs.map(\.contentDocumentRange.upperBound))
        var kept = 0, joinedEnds = 0
        for (end, isInside) in zip(lineEnds, inside) {
            if isInside && paragraphEnds.contains(end) { kept += 1 }
            if !isInside && !paragraphEnds.contains(end) { joinedEnds += 1 }
        }
        #expect(kept == 0, "width \(width): \(kept) of \(inside.filter { $0 }.count) wraps kept")
        #expect(joinedEnds == 0, "width \(width): \(joinedEnds) paragraph ends joined")
    }
}
