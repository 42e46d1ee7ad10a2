import Testing
import TypesetCore
import TypesetTestSupport

/// CSS text properties that change where lines break and how their ends sit: `line-break` (JLReq's line-start
/// prohibitions), `word-break`, `text-align-last`, and `text-transform: full-width`, which keeps every offset.
@Suite struct CSSTextBreakingTests {
    static let japanese = String(repeating: "そこは湖のほとりで木々が輝いていた。その景色に、美しいなぁと思わずつぶやいた。ッーァ々ゞ", count: 3)
    static let english = "In the society of his nephew and niece, and their children, the old Gentleman’s days were comfortably spent. His attachment to them all increased."

    /// The lines of `string` laid out at each of a range of column widths, as strings.
    static func lines(_ string: String, style: ParagraphStyle, widths: StrideThrough<Double> = stride(from: 170, through: 350, by: 3),
                      runs: [(Range<Int>, TextStyle)] = []) throws -> [[String]] {
        let text = try BookStyleLayoutTests.paragraph(string, style: style, runs: runs)
        let units = Array(string.utf16)
        return try widths.map { width in
            let layout = try BookStyleLayoutTests.layout(text) { $0.pageSize = Size(width: width + 48, height: 4000) }
            return layout.pages.indices.flatMap { layout.lines(onPage: $0) }.map { line in
                String(decoding: units[line.range.clamped(to: 0..<units.count)], as: UTF16.self)
            }
        }
    }

    /// `strict` keeps small kana, iteration marks and the prolonged sound mark off the start of a line; `normal`
    /// lets small kana start one but not `々`; `loose` lets all of them. Each rule changes the breaks somewhere
    /// over the range of widths, so the property is not ignored.
    @Test func lineBreakStrictnessFollowsJLReq() throws {
        let small: Set<Character> = ["ぁ", "ッ", "ァ"], marks: Set<Character> = ["々", "ゞ", "ー"]
        func starts(_ strictness: LineBreakStrictness) throws -> Set<Character> {
            let all = try Self.lines(Self.japanese, style: ParagraphStyle(language: "ja", lineBreak: strictness))
            return Set(all.flatMap { $0.dropFirst().compactMap(\.first) })
        }
        let strict = try starts(.strict), normal = try starts(.normal), loose = try starts(.loose)
        #expect(strict.isDisjoint(with: small.union(marks)), "strict: lines start with \(strict.intersection(small.union(marks)))")
        #expect(normal.isDisjoint(with: ["々", "ゞ"]) && !normal.isDisjoint(with: small), "normal: \(normal.intersection(small.union(marks)))")
        #expect(!loose.isDisjoint(with: ["々", "ゞ"]), "loose: no line starts with an iteration mark")
        // `anywhere` breaks even before closing punctuation.
        let anywhere = try starts(.anywhere)
        #expect(anywhere.contains("。") || anywhere.contains("、"))
    }

    /// The characters JLReq and CLReq keep off the start of a line in books: the prolonged sound mark and small kana
    /// (cl-10, cl-11, UAX #14's CJ, which ICU's Japanese default lets start lines), iteration marks, closing brackets
    /// and quotes, middle dots, full stops and commas in their CJK and compatibility forms (cl-02, cl-04 to cl-07).
    static let lineStartProhibited: [Character] = Array("ーｰぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿｧｨｩｪｫｬｭｮｯ"
        + "々〻ゝゞヽヾ" + "」』）】〕〉》〙〗〟’”｝］" + "・：；﹔﹕" + "、。，．﹐﹒！？﹗")

    /// A generated family: each prohibited character after every few letters of a Japanese (and a Chinese) text,
    /// laid out at widths a character apart with `line-break: auto`. No line starts with one; under `loose` the
    /// conditional starters do (so the family can see a rule that is not applied).
    @Test(arguments: ["ja", "zh-Hant"])
    func autoKeepsEveryProhibitedCharacterOffTheLineStart(language: String) throws {
        let base = language == "ja" ? "あいうえおかきくけこ" : "天地玄黃宇宙洪荒日月"
        var started: [Character: Int] = [:]
        var looseStarts = 0
        for (index, prohibited) in Self.lineStartProhibited.enumerated() {
            let split = index % 4 + 3
            let unit = String(base.prefix(split)) + String(prohibited) + String(base.dropFirst(split))
            let text = String(repeating: unit, count: 6)
            let widths = stride(from: 170.0 + Double(index % 5) * 3, through: 330, by: 19)
            let lines = try Self.lines(text, style: ParagraphStyle(language: language), widths: widths)
            started[prohibited] = lines.flatMap { $0.dropFirst().compactMap(\.first) }.filter { $0 == prohibited }.count
            if language == "ja", "ーァッゃ".contains(prohibited) {
                let loose = try Self.lines(text, style: ParagraphStyle(language: language, lineBreak: .loose), widths: widths)
                looseStarts += loose.flatMap { $0.dropFirst().compactMap(\.first) }.filter { $0 == prohibited }.count
            }
        }
        #expect(started.filter { $0.value > 0 }.isEmpty, "lines start with \(started.filter { $0.value > 0 })")
        if language == "ja" { #expect(looseStarts > 0) }
    }

    /// `break-all` breaks inside English words (lines of even length); `normal` never does; `keep-all` breaks
    /// Japanese only at punctuation.
    @Test func wordBreakRules() throws {
        func midWord(_ lines: [String]) -> Bool {
            zip(lines, lines.dropFirst()).contains { a, b in
                (a.last.map { $0.isLetter } ?? false) && (b.first.map { $0.isLetter } ?? false)
            }
        }
        let normal = try Self.lines(Self.english, style: ParagraphStyle(wordBreak: .normal))
        let breakAll = try Self.lines(Self.english, style: ParagraphStyle(wordBreak: .breakAll))
        #expect(!normal.contains(where: midWord))
        #expect(breakAll.filter(midWord).count > breakAll.count / 2, "break-all broke inside a word at \(breakAll.filter(midWord).count) of \(breakAll.count) widths")
        let phrases = "湖のほとりで、木々が輝いていた。景色に、美しいなと、思わずつぶやいた。"
        let keepAll = try Self.lines(phrases, style: ParagraphStyle(language: "ja", wordBreak: .keepAll), widths: stride(from: 200, through: 330, by: 5))
        for lines in keepAll {
            for line in lines.dropLast() { #expect(line.last == "、" || line.last == "。", "keep-all broke after \(line)") }
        }
        let ordinary = try Self.lines(phrases, style: ParagraphStyle(language: "ja"), widths: stride(from: 200, through: 330, by: 5))
        #expect(ordinary.contains { $0.dropLast().contains { $0.last != "、" && $0.last != "。" } })
    }

    /// `text-align-last` sets the last line (and the lines before forced breaks): at the end edge, centred, or
    /// stretched to both edges; without it a justified paragraph's last line starts at the start edge.
    @Test func textAlignLast() throws {
        func lastLine(_ style: ParagraphStyle) throws -> (Line, BookLayout) {
            let layout = try BookStyleLayoutTests.layout(try BookStyleLayoutTests.paragraph(Self.english, style: style))
            return (try #require(layout.lines(onPage: 0).last), layout)
        }
        let column = Fixtures.settings.contentRect
        let (end, _) = try lastLine(ParagraphStyle(lastLineAlignment: .end))
        #expect(abs(end.rect.maxX - column.maxX) < 1 && end.rect.minX > column.minX + 10)
        let (center, _) = try lastLine(ParagraphStyle(lastLineAlignment: .center))
        #expect(abs((center.rect.minX - column.minX) - (column.maxX - center.rect.maxX)) < 1)
        let (justified, layout) = try lastLine(ParagraphStyle(bookAlignment: .justified, lastLineAlignment: .justified))
        let stretched = layout.adjustment(of: justified)
        #expect(abs(justified.rect.minX - column.minX) < 1 && stretched.naturalWidth < column.width - 10)
        let caret = try #require(layout.caretRect(for: TextPosition(offset: justified.range.upperBound - 1)))
        #expect(abs(caret.rect.center.x - column.maxX) < 12, "the last line's end is at \(caret.rect.center.x), the column's at \(column.maxX)")
        let (plain, _) = try lastLine(ParagraphStyle(bookAlignment: .justified))
        #expect(abs(plain.rect.minX - column.minX) < 1 && plain.rect.maxX < column.maxX - 10)
    }

    /// `full-width` draws ASCII as its full-width forms, as wide as the Japanese beside it, while the text and its
    /// offsets stay the source's.
    @Test func fullWidthKeepsOffsets() throws {
        let string = "123456abcdef"
        let wide = TextStyle(textTransform: .fullWidth)
        let text = try BookStyleLayoutTests.paragraph(string, runs: [(0..<12, wide)])
        let layout = try BookStyleLayoutTests.layout(text)
        let plain = try BookStyleLayoutTests.layout(try BookStyleLayoutTests.paragraph(string))
        #expect(text.paragraphs[0].contentString == string)
        let width = try #require(layout.lines(onPage: 0).first).rect.width, plainWidth = try #require(plain.lines(onPage: 0).first).rect.width
        #expect(abs(width - 12 * Fixtures.settings.fontSize) < 2, "12 full-width characters are \(width) pt wide at \(Fixtures.settings.fontSize) pt")
        #expect(width > 1.5 * plainWidth)
        #expect(layout.glyphRuns(onPage: 0).flatMap(\.clusters) == Array(0..<12))
    }
}
