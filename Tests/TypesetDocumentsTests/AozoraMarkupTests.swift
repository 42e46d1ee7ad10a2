import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Aozora Bunko's notation: every notation of the sample (`aozora-chukiichiran-kinyurei.sjis-crlf.txt`, the
/// annotation manual's examples) read as markup, and small files made here for each class of input.
@Suite struct AozoraMarkupTests {
    static let sampleName = "aozora-chukiichiran-kinyurei.sjis-crlf.txt"

    static func sample() throws -> PlainTextDocument {
        try PlainTextReader().read(path: try Fixtures.corpusPath(sampleName))
    }

    /// A made-up Aozora Bunko file: kana enough to be Japanese, a note, then `body`.
    static func read(_ body: String) throws -> PlainTextDocument {
        try PlainTextReader().read(bytes: Array(("いろはにほへとちりぬるをわかよたれそつねならむ［＃「む」に傍点］\n" + body).utf8), name: "a.txt")
    }

    /// The styles of the units of `needle` (its `occurrence`-th occurrence, from 1) in `document`.
    static func styles(of needle: String, in document: PlainTextDocument, occurrence: Int = 1) throws -> [TextStyle] {
        let text = document.text
        let units = text.units(in: 0..<text.length)
        let target = Array(needle.utf16)
        var found = 0
        var start: Int?
        var i = 0
        while i + target.count <= units.count {
            if units[i..<(i + target.count)].elementsEqual(target) {
                found += 1
                if found == occurrence { start = i; break }
            }
            i += 1
        }
        let first = try #require(start, "\(needle) not found")
        return (first..<(first + target.count)).map { style(at: $0, in: text) }
    }

    static func style(at offset: Int, in text: StyledText) -> TextStyle {
        guard let p = text.paragraphIndex(containing: offset) else { return .body }
        let paragraph = text.paragraphs[p]
        let local = offset - paragraph.range.lowerBound
        return paragraph.runs.first { $0.range.contains(local) }?.style ?? .body
    }

    /// The paragraph holding the first occurrence of `needle`.
    static func paragraph(with needle: String, in document: PlainTextDocument) throws -> Paragraph {
        try #require(document.text.paragraphs.first { $0.contentString.contains(needle) }, "\(needle)")
    }

    /// What a reader sees of `range`: the text without hidden units and ruby annotations, replaced runs drawn.
    static func visibleText(_ text: StyledText, in range: Range<Int>? = nil) -> String {
        let range = range ?? 0..<text.length
        var result: [UInt16] = []
        var offset = range.lowerBound
        while offset < range.upperBound {
            // Separators (line ends, blank lines, lines of markup only) are not drawn.
            guard let p = text.paragraphIndex(containing: offset), text.paragraphs[p].contentDocumentRange.contains(offset) else {
                offset += 1
                continue
            }
            let style = style(at: offset, in: text)
            if let replacement = style.replacement, let p = text.paragraphIndex(containing: offset) {
                let paragraph = text.paragraphs[p]
                let run = paragraph.runs.first { $0.range.contains(offset - paragraph.range.lowerBound) }!
                result += Array(replacement.utf16)
                offset = paragraph.range.lowerBound + run.range.upperBound
                continue
            }
            if !style.isHidden && style.ruby == nil { result += text.units(in: offset..<(offset + 1)) }
            offset += 1
        }
        return String(decoding: result, as: UTF16.self)
    }

    // MARK: The sample

    @Test func theSampleIsShiftJISAozoraBunkoWithItsLegendAndColophonAsMatter() throws {
        let document = try Self.sample()
        #expect(document.encoding.name == "Shift_JIS" && document.convention == .aozoraBunko)
        #expect(document.text.language == "ja")
        let front = try #require(document.frontMatter)
        #expect(document.text.string(in: front).contains("【テキスト中に現れる記号について】"))
        #expect(document.text.string(in: front).hasSuffix("-------------------------------------------------------\r\n"))
        let back = try #require(document.backMatter)
        #expect(document.text.string(in: back).hasPrefix("このテキストは、「注記一覧」の記載例を抜き出したもの"))
        // The legend's examples stay as they are (it explains the notation).
        #expect(try Self.styles(of: "頗《すこぶ》る", in: document).allSatisfy { !$0.isHidden && $0.ruby == nil })
        // The book opens at the first text after the legend (its indentation note is a line of markup only).
        #expect(document.text.string(in: document.startOffset..<(document.startOffset + 4)) == "「注記一")
    }

    @Test func noMarkupIsShownRaw() throws {
        let document = try Self.sample()
        let body = Self.visibleText(document.text, in: document.bodyRange)
        // What stays visible of notes: those with no character to show (a gaiji without a code) and none else.
        let shown = body.split(separator: "［＃", omittingEmptySubsequences: false).count - 1
        #expect(shown == 1, "notes left visible: \(shown)")
        #expect(body.contains("※［＃「土へん＋竒」、ページ数-行数］"))
        // Readings never show; the only 《》 left are the escaped ones (gaiji 1-1-52/53).
        #expect(!body.contains("すこぶ") && !body.contains("あおぞらぶんこ") && !body.contains("スコットランドヤード"))
        #expect(body.components(separatedBy: "《").count - 1 == 1 && body.components(separatedBy: "》").count - 1 == 1)
        #expect(!body.contains("｜") || body.filter { $0 == "｜" }.count == 1, "the bar only as gaiji 1-1-35")
        // Reading figures count no markup: fewer words than the same text read raw (readings and notes are not
        // read), and far fewer characters per nominal page.
        let marked = ReadingFigures(text: document.text, offset: 0, within: document.bodyRange)
        let raw = StyledText(plain: document.text.string(in: document.bodyRange))
        let rawFigures = ReadingFigures(text: raw, offset: 0)
        #expect(marked.totalWords < rawFigures.totalWords * 3 / 4, "\(marked.totalWords) vs \(rawFigures.totalWords)")
        #expect(marked.nominalPages < rawFigures.nominalPages)
    }

    @Test func rubyIsAnnotationOfItsBase() throws {
        let document = try Self.sample()
        // Kanji base, the reading marked as ruby of it, the brackets hidden.
        let ruby = try Self.styles(of: "相対《あいたい》", in: document)
        #expect(ruby.prefix(2).allSatisfy { !$0.isHidden && $0.ruby == nil })
        #expect(ruby[2].isHidden && ruby[7].isHidden)
        let reading = try #require(ruby[3].ruby)
        let paragraph = try Self.paragraph(with: "相対《あいたい》", in: document)
        #expect(String(decoding: paragraph.units[reading.base], as: UTF16.self) == "相対" && reading.position == .over)
        // `｜` marks the start of the base (katakana and kanji together), and is hidden.
        let bar = try Self.styles(of: "｜ロンドン警視庁《スコットランドヤード》", in: document)
        #expect(bar[0].isHidden)
        let london = try Self.paragraph(with: "ロンドン警視庁", in: document)
        #expect(String(decoding: london.units[try #require(bar[9].ruby).base], as: UTF16.self) == "ロンドン警視庁")
        // A gaiji is a kanji of the base; an accent block is a Latin base.
        let window = try Self.paragraph(with: "子窓《れんじまど》", in: document)
        let windowRuby = try #require(window.runs.first { $0.style.ruby != nil }?.style.ruby)
        #expect(String(decoding: window.units[windowRuby.base], as: UTF16.self) == "※［＃「木＋靈」、第3水準1-86-29］子窓")
        let etude = try Self.paragraph(with: "《エチュード》", in: document)
        let etudeRuby = try #require(etude.runs.first { $0.style.ruby != nil }?.style.ruby)
        #expect(String(decoding: etude.units[etudeRuby.base], as: UTF16.self) == "〔E'tude〕")
        // 々, 〆 and ヶ are kanji.
        let shime = try Self.paragraph(with: "〆切《しめきり》", in: document)
        let bases = shime.runs.compactMap { $0.style.ruby }.map { String(decoding: shime.units[$0.base], as: UTF16.self) }
        #expect(bases == ["〆切", "市ヶ谷", "転々"])
    }

    @Test func badRubyStaysText() throws {
        let document = try Self.read("""
            開いたまま《ひらいた
            ｜棒だけ
            。《かな》
            名《な》と｜題名《だいめい》
            """)
        #expect(try Self.styles(of: "《ひらいた", in: document).allSatisfy { !$0.isHidden && $0.ruby == nil })
        #expect(try Self.styles(of: "｜棒だけ", in: document).allSatisfy { !$0.isHidden })
        #expect(try Self.styles(of: "《かな》", in: document).allSatisfy { !$0.isHidden && $0.ruby == nil })
        #expect(try Self.styles(of: "名《な》", in: document)[2].ruby != nil)
        // Chinese text with book-title brackets is not Aozora Bunko's notation.
        let chinese = try PlainTextReader().read(bytes: Array("撰此《石頭記》一書也。故曰《甄士隱》云云。\n".utf8), name: "zh.txt")
        #expect(chinese.convention != .aozoraBunko)
        #expect(chinese.text.paragraphs.allSatisfy { $0.runs.allSatisfy { !$0.style.isHidden } })
    }

    @Test func headingsGoIntoTheContentsAndStartSections() throws {
        let document = try Self.sample()
        let headings = document.headings
        #expect(headings.prefix(4).map(\.title) == ["文明論之概略 巻之一", "第一章 議論の本意を定る事", "学問のすゝめ 八編", "我心をもって他人の身を制すべからず"])
        #expect(headings.prefix(4).map(\.level) == [1, 2, 1, 2])
        // Gaiji and ruby in a heading: its title reads as drawn.
        #expect(headings.contains { $0.title == "Ⅰ" } && headings.contains { $0.title == "亜細亜の曙" } && headings.contains { $0.title == "独り寝の別れ" })
        // A heading over several lines is one entry; 小見出し is level 3.
        #expect(headings.contains { $0.title == "○○○○○○○○○○ ○○○○○○○○○○" && $0.level == 1 })
        #expect(headings.contains { $0.title == "第一節 決戦戦争と持久戦争" && $0.level == 3 })
        // Heading paragraphs: 大 and 中 start a section unless they follow a heading (上 then 一: one page).
        let first = try Self.paragraph(with: "文明論之概略　巻之一", in: document)
        #expect(first.style.role == .heading(level: 1) && first.style.startsSection)
        let second = try Self.paragraph(with: "第一章　議論の本意を定る事", in: document)
        #expect(second.style.role == .heading(level: 2) && !second.style.startsSection)
        let one = try #require(document.text.paragraphs.first { $0.contentString.hasSuffix("一［＃「一」は中見出し］") })
        #expect(one.style.role == .heading(level: 2) && !one.style.startsSection)
        // Headings inside a line (同行, 窓) stay in their paragraph but are listed.
        let inline = try Self.paragraph(with: "龍王岬［＃「龍王岬」は窓中見出し］", in: document)
        #expect(inline.style.role == .body && headings.contains { $0.title == "龍王岬" })
        #expect(try Self.styles(of: "龍王岬", in: document).allSatisfy { $0.weight == 700 })
        #expect(document.tableOfContents.count > 10)
    }

    @Test func pageBreaksStartSections() throws {
        let document = try Self.read("""
            前の文。
            ［＃改ページ］
            改ページの後。
            ［＃改丁］
            改丁の後。
            ［＃改見開き］
            改見開きの後。
            ［＃改段］
            改段の後。
            """)
        for after in ["改ページの後。", "改丁の後。", "改見開きの後。", "改段の後。"] {
            #expect(try Self.paragraph(with: after, in: document).style.startsSection, "\(after)")
        }
        #expect(!(try Self.paragraph(with: "前の文。", in: document)).style.startsSection)
        // The lines of notes take no room: they are separators, not paragraphs.
        #expect(!document.text.paragraphs.contains { $0.contentString.hasPrefix("［＃改") })
    }

    @Test func indentation() throws {
        let document = try Self.sample()
        let line = try Self.paragraph(with: "灰いろの抽象の世に住まんには濃きに過ぎたる煩悩の色", in: document)
        #expect(line.style.blockIndent == 3)
        let block = try Self.paragraph(with: "白は大正七年一月十四日の夜半病死し", in: document)
        #expect(block.style.blockIndent == 5 && block.style.firstLineIndent == 0)
        let nested = try Self.paragraph(with: "私の文学上のまた他の不安が", in: document)
        #expect(nested.style.blockIndent == 4)
        // 折り返して: the first line at 2, the rest at 3.
        let hanging = try Self.paragraph(with: "一、托児所は、村から追放された", in: document)
        #expect(hanging.style.blockIndent == 3 && hanging.style.firstLineIndent == -1)
        // 改行天付き、折り返して１字下げ: the first line at 0, the rest at 1.
        let will = try Self.paragraph(with: "一　余死せば朝日新聞社より", in: document)
        #expect(will.style.blockIndent == 1 && will.style.firstLineIndent == -1)
        // 地付き and 地から２字上げ: against the end edge.
        let end = try Self.paragraph(with: "（この日記終り）", in: document)
        #expect(end.style.alignment == .end && end.style.blockIndent == 0)
        let raised = try Self.paragraph(with: "長谷川辰之助", in: document)
        #expect(raised.style.alignment == .end && raised.style.blockIndent == 2)
        let endBlock = try Self.paragraph(with: "┌昭和十八年四月二十四日稿了┐", in: document)
        #expect(endBlock.style.alignment == .end)
        // After the block ends, lines are back at the start.
        #expect(try Self.paragraph(with: "これは小村菊夫が訳したフランシス", in: document).style.blockIndent == 0)
        // Lines that follow one another are one block; a blank line keeps its gap.
        #expect(try Self.paragraph(with: "兵士等辛うじて立ちあがり挙手の礼。", in: document).style.continuesBlock)
    }

    @Test func everyEmphasisMarkAndSideLine() throws {
        let document = try Self.sample()
        let styles = document.text.paragraphs.flatMap(\.runs).map(\.style)
        let marks: [TextEmphasis.Mark] = [.filled(.sesame), .open(.sesame), .filled(.circle), .open(.circle), .filled(.triangle),
                                          .open(.triangle), .open(.doubleCircle), .filled(.doubleCircle), .character("×")]
        for mark in marks {
            for side in [TextEmphasis.Side.over, .under] {
                // Each one by reference (`「責」に…`) and as a pair (`［＃…］…［＃…終わり］`).
                let count = styles.filter { $0.emphasis == TextEmphasis(mark: mark, side: side) && !$0.isHidden }.count
                #expect(count >= 2, "\(mark) \(side): \(count)")
            }
        }
        for line in TextSideLine.Style.allCases {
            for side in [TextEmphasis.Side.over, .under] {
                #expect(styles.filter { $0.sideLine == TextSideLine(style: line, side: side) && !$0.isHidden }.count >= 2, "\(line) \(side)")
            }
        }
        // Dots and a line on overlapping text are both kept.
        let both = try Self.styles(of: "青空［＃「青空」に傍点］文庫［＃「青空文庫」に傍線］", in: document)
        #expect(both[0].emphasis?.mark == .filled(.sesame) && both[0].sideLine?.style == .solid)
        // A reference skips the readings and notes between: `来《き》た［＃「来た」に白丸傍点］`.
        let kita = try Self.styles(of: "来《き》た", in: document)
        #expect(kita[0].emphasis?.mark == .open(.circle) && kita[4].emphasis?.mark == .open(.circle))
    }

    @Test func boldItalicSizesCaptionsAndSmallText() throws {
        let document = try Self.sample()
        #expect(try Self.styles(of: "選考", in: document).allSatisfy { $0.weight == 700 })
        #expect(try Self.styles(of: "Nothing from nothing ever yet was born.", in: document).allSatisfy { $0.isItalic })
        #expect(try Self.styles(of: "★東北大学の大泉充郎ら", in: document).allSatisfy { $0.weight == 700 })
        #expect(try Self.styles(of: "★東北大学の大泉充郎ら", in: document, occurrence: 2).allSatisfy { $0.isItalic })
        #expect(try Self.styles(of: "★東北大学の大泉充郎ら", in: document, occurrence: 3).allSatisfy { $0.fontScale > 1.3 })
        #expect(try Self.styles(of: "神戸港頭の袂別", in: document).allSatisfy { $0.fontScale < 1 })
        #expect(try Self.styles(of: "ヒロソヒイ", in: document).allSatisfy { $0.fontScale < 1 })
        #expect(try Self.styles(of: "（５）", in: document).allSatisfy { $0.fontScale < 1 })
        let larger = try ["１", "２", "３", "４", "５"].map { try Self.styles(of: "青空［＃「青空」は\($0)段階大きな文字］", in: document)[0].fontScale }
        let smaller = try ["１", "２", "３", "４", "５"].map { try Self.styles(of: "青空［＃「青空」は\($0)段階小さな文字］", in: document)[0].fontScale }
        #expect(zip(larger, larger.dropFirst()).allSatisfy { $0 < $1 } && larger[0] > 1)
        #expect(zip(smaller, smaller.dropFirst()).allSatisfy { $0 > $1 } && smaller[0] < 1)
        // Kaeriten and okurigana of classical Chinese: shown small, their brackets hidden.
        // (The second occurrence: the first is the legend's example, front matter left as it is.)
        let kaeriten = try Self.styles(of: "自［＃二］女王國", in: document, occurrence: 2)
        #expect(kaeriten[1].isHidden && kaeriten[3].fontScale == 0.6 && !kaeriten[3].isHidden && kaeriten[4].isHidden)
        let okurigana = try Self.styles(of: "山城［＃（ノ）］國", in: document, occurrence: 2)
        #expect(okurigana[5].fontScale == 0.6 && okurigana[4].isHidden && okurigana[6].isHidden && !okurigana[5].isHidden)
    }

    @Test func annotationsAreRubyOfTheirTarget() throws {
        let document = try Self.sample()
        // `「X」に「ママ」の注記`: ママ annotates X, the rest of the note is hidden.
        let mama = try Self.paragraph(with: "大空文庫［＃「大空文庫」に「ママ」の注記］", in: document)
        let annotation = try #require(mama.runs.first { $0.style.ruby != nil })
        #expect(String(decoding: mama.units[annotation.range], as: UTF16.self) == "ママ")
        #expect(String(decoding: mama.units[try #require(annotation.style.ruby).base], as: UTF16.self) == "大空文庫")
        #expect(!annotation.style.isHidden)
        // Left-side ruby, and a ruby on each side of one base.
        let left = try Self.paragraph(with: "「あおぞらぶんこ」のルビ］", in: document)
        #expect(left.runs.contains { $0.style.ruby?.position == .under })
        let twoSides = try Self.paragraph(with: "の左に「aozora bunko」のルビ］", in: document)
        #expect(Set(twoSides.runs.compactMap { $0.style.ruby?.position }) == [.over, .under])
        // The pair `［＃注記付き］X［＃「Y」の注記付き終わり］`, a gaiji in the annotation resolved.
        let pair = try Self.paragraph(with: "勝安房守［＃「本ト麟太郎", in: document)
        let rubies = pair.runs.filter { $0.style.ruby != nil }
        #expect(rubies.contains { $0.style.replacement == "ヿ" })
        #expect(String(decoding: pair.units[try #require(rubies.first?.style.ruby).base], as: UTF16.self) == "勝安房守")
        // 傍記.
        let side = try Self.paragraph(with: "工場［＃「工場」に「×」の傍記］", in: document)
        #expect(side.runs.contains { $0.style.ruby != nil && String(decoding: side.units[$0.range], as: UTF16.self) == "×" })
    }

    @Test func gaijiAreDrawnAsTheirCharacters() throws {
        let document = try Self.sample()
        let body = Self.visibleText(document.text, in: document.bodyRange)
        // JIS X 0213 plane-row-cell (第3水準 and named), a code point, and the escaped notation characters.
        for character in ["挘", "呭", "〻", "ς", "Ⅰ", "①", "欞"] {
            #expect(body.contains(character), "\(character)")
        }
        for escaped in ["《", "》", "［", "］", "〔", "〕", "｜", "＃", "※"] {
            #expect(body.contains(escaped), "\(escaped)")
        }
        // The replaced mark is one caret unit with its note.
        let gaiji = try Self.paragraph(with: "※［＃「てへん＋劣」、第3水準1-84-77］", in: document)
        #expect(gaiji.runs.first?.style.replacement == "挘" && gaiji.hiddenRanges.count == 1)
        // Without a code, nothing to draw: the note stays visible after the ※.
        #expect(try Self.styles(of: "※［＃「土へん＋竒」、ページ数-行数］", in: document).allSatisfy { !$0.isHidden })
        #expect(AozoraGaijiCheck.jisX0213(1, 84, 77) == "挘" && AozoraGaijiCheck.jisX0213(2, 1, 1) != nil)
    }

    @Test func accentDecomposition() throws {
        let document = try Self.sample()
        let body = Self.visibleText(document.text, in: document.bodyRange)
        // `qu'on` reads `qúon`, as Aozora Bunko's own converter reads it: the notation cannot tell an apostrophe.
        for word in ["étiquette", "étranger", "Sitôt q", "on le touche il résonne.", "jusqu'à", "presqu'île", "blessée",
                     "Étude", "Humanität erst bringt klarheit über die Menschenwelt", "Götterwelt", "à l'état pathologique"] {
            #expect(body.contains(word), "\(word)")
        }
        // Brackets that hold Japanese are brackets.
        #expect(body.contains("〔本全集第一巻所収〕"))
        let ligatures = try Self.read("〔ae& oe& s& !@ ?@ c,a o/〕\n")
        #expect(Self.visibleText(ligatures.text).contains("æ œ ß ¡ ¿ ça ø"))
    }

    @Test func unknownNotesAndNotesWithoutTheirTargetAreShown() throws {
        let document = try Self.read("""
            本文［＃これは知らない注記］です。
            ほかの文［＃「ない文」に傍点］です。
            ［＃傍点終わり］閉じるだけ。
            """)
        #expect(try Self.styles(of: "［＃これは知らない注記］", in: document).allSatisfy { !$0.isHidden && $0.fontScale < 1 })
        #expect(try Self.styles(of: "［＃「ない文」に傍点］", in: document).allSatisfy { !$0.isHidden })
        #expect(try Self.styles(of: "ほかの文", in: document).allSatisfy { $0.emphasis == nil })
        #expect(try Self.styles(of: "［＃傍点終わり］", in: document).allSatisfy { !$0.isHidden })
        // An editor's remark that carries nothing to lay out is hidden.
        let remarks = try Self.sample()
        #expect(try Self.styles(of: "［＃「紋附だとか」は底本では「絞附だとか」］", in: remarks).allSatisfy { $0.isHidden })
        #expect(try Self.styles(of: "［＃ルビの「ざる」は底本では「さる」］", in: remarks).allSatisfy { $0.isHidden })
    }

    @Test func aCaretNeverStopsInsideARubyAnnotationOrANote() throws {
        let document = try Self.sample()
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var settings = Fixtures.settings
        settings.pageSize = Size(width: 390, height: 600)
        let layout = try typesetter.layout(document.text, settings: settings)
        let text = document.text
        var forbidden = Set<Int>()
        for paragraph in text.paragraphs {
            for range in paragraph.hiddenRanges where range.count > 1 {
                for local in (range.lowerBound + 1)..<range.upperBound { forbidden.insert(paragraph.range.lowerBound + local) }
            }
        }
        #expect(forbidden.count > 3000)
        var checked = 0
        for page in layout.pages.indices {
            for line in layout.lines(onPage: page) where line.rect.size.height > 0 {
                var x = line.rect.minX - 4
                while x <= line.rect.maxX + 4 {
                    let position = layout.closestPosition(to: Point(x: x, y: line.rect.center.y), onPage: page)
                    #expect(!forbidden.contains(position.offset), "page \(page): \(position.offset)")
                    checked += 1
                    x += 6
                }
                #expect(!forbidden.contains(line.range.lowerBound) && !forbidden.contains(line.range.upperBound))
            }
        }
        #expect(checked > 1000)
        // Moving by characters through a line with readings never lands inside one.
        let start = try #require(text.string(in: 0..<text.length).utf16.firstIndex(of: 0x6CA2))  // 沢 of 福沢諭吉｜記《しるす》
        var position = TextPosition(offset: text.string(in: 0..<text.length).utf16.distance(from: text.string(in: 0..<text.length).utf16.startIndex, to: start))
        for _ in 0..<40 {
            guard let next = layout.position(from: position, in: .right, offset: 1) else { break }
            #expect(!forbidden.contains(next.offset))
            position = next
        }
        #expect(LayoutInvariants.violations(in: layout).isEmpty)
    }
}

/// The JIS X 0213 lookup, through the public reader (a gaiji note in a made-up file).
enum AozoraGaijiCheck {
    static func jisX0213(_ plane: Int, _ row: Int, _ cell: Int) -> String? {
        let body = "いろはにほへとちりぬるをわかよたれそつねならむ［＃改ページ］\nあ※［＃「字」、第3水準\(plane)-\(row)-\(cell)］い\n"
        guard let document = try? PlainTextReader().read(bytes: Array(body.utf8), name: "g.txt") else { return nil }
        return document.text.paragraphs.flatMap(\.runs).compactMap(\.style.replacement).first
    }
}

/// The notation legend at the top and the colophon at the end are metadata: their example and bibliographic
/// notes are never executed (issue 36: a legend's `（例）［＃ここから３字下げ］` indented a whole book by 3 em).
@Suite struct AozoraMetadataTests {
    /// Legends as files set them: the usual one, its title with a trailing space, a title worded otherwise with
    /// entries only, other dashes, and one after a long title page.
    static let legends: [(name: String, lines: [String])] = [
        ("usual", ["-------------------------------------------------------", "【テキスト中に現れる記号について】", "",
                   "《》：ルビ", "（例）吾輩《わがはい》", "", "［＃］：入力者注　主に外字の説明や、傍点の位置の指定",
                   "（例）［＃ここから３字下げ］", "-------------------------------------------------------"]),
        ("title with a trailing space", ["-------------------------------------------------------", "【テキスト中に現れる記号について】 ",
                                         "", "（例）［＃ここから３字下げ］", "-------------------------------------------------------"]),
        ("entries only", ["------------------------------", "《》：ルビ", "（例）吾輩《わがはい》",
                          "［＃］：入力者注", "（例）［＃ここから３字下げ］", "------------------------------"]),
        ("long title page", Array(repeating: "目次の行", count: 70) + ["-------------------------------------------------------",
                            "【テキスト中に現れる記号について】", "（例）［＃ここから３字下げ］", "-------------------------------------------------------"]),
    ]

    static func book(legend: [String]) -> String {
        (["吾輩は猫である", "夏目漱石", ""] + legend + ["", "　吾輩《わがはい》は猫である。名前はまだ無い。",
         "　どこで生れたかとんと見当がつかぬ。", "「何でも薄暗いじめじめした所でニャーニャー泣いていた」", "", "",
         "底本：「吾輩は猫である」岩波文庫、岩波書店", "［＃ここから２字下げ］", "入力：青空文庫", "校正：青空文庫",
         "［＃ここで字下げ終わり］", "このファイルは、インターネットの図書館、青空文庫で作られました。"]).joined(separator: "\r\n")
    }

    @Test(arguments: legends.map(\.name))
    func legendExamplesAndColophonNotesAreNeverExecuted(name: String) throws {
        let legend = try #require(Self.legends.first { $0.name == name }).lines
        let document = try PlainTextReader().read(bytes: Array(Self.book(legend: legend).utf8), name: "neko.txt")
        #expect(document.convention == .aozoraBunko)
        let front = document.frontMatter ?? 0..<0, back = document.backMatter ?? 0..<0
        #expect(document.frontMatter != nil && document.backMatter != nil, "\(name): the legend and the colophon are matter")
        for paragraph in document.text.paragraphs where !paragraph.isEmpty {
            #expect(paragraph.style.blockIndent == 0, "\(name): \(paragraph.contentString) indented \(paragraph.style.blockIndent)")
        }
        // The body is neither: it starts after the legend and ends before the colophon.
        let units = document.text.units(in: 0..<document.text.length)
        let bodyText = String(decoding: units[document.bodyRange], as: UTF16.self)
        #expect(bodyText.contains("名前はまだ無い") && !bodyText.contains("（例）") && !bodyText.contains("底本"))
        #expect(front.upperBound <= document.bodyRange.lowerBound && back.lowerBound >= document.bodyRange.upperBound)
    }
}
