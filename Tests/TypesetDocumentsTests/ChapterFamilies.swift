import TypesetTestSupport

/// Small books made here, one family per way books set their chapters (issue 36: conventions the corpus lacks),
/// each with the lines that are headings and the titles the contents should give them. `ChapterFamilyTests`
/// scores the reader on them as `ChapterRecallTests` does on the corpus.
struct SyntheticBook {
    /// One expected heading: its line (1-based) and the title the contents should show.
    struct Heading: Equatable {
        let line: Int
        let title: String
    }

    let name: String
    private(set) var lines: [String] = []
    private(set) var headings: [Heading] = []
    private var random: SplitMix64
    private let language: Language

    enum Language { case english, french, german, russian, japanese }

    init(_ name: String, language: Language, seed: UInt64 = 1) {
        self.name = name
        self.language = language
        random = SplitMix64(seed: seed &+ UInt64(name.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude))
    }

    var text: String { lines.joined(separator: "\n") + "\n" }

    mutating func line(_ text: String) { lines.append(text) }
    mutating func blank(_ count: Int = 1) { for _ in 0..<count { lines.append("") } }

    /// A heading line; `title` is what the contents should say (the line's text by default).
    mutating func heading(_ text: String, title: String? = nil) {
        lines.append(text)
        headings.append(Heading(line: lines.count, title: title ?? text.split(separator: " ").joined(separator: " ")))
    }

    // MARK: Prose

    private static let words: [Language: [String]] = [
        .english: "the house stood at the end of a long road and nobody who lived in the village could remember when it had been built or who had built it but every evening a light burned in one of its windows until late in the night".split(separator: " ").map(String.init),
        .french: "la maison se trouvait au bout d'une longue route et personne dans le village ne se souvenait du jour où elle avait été bâtie mais chaque soir une lumière brûlait à une de ses fenêtres jusque tard dans la nuit".split(separator: " ").map(String.init),
        .german: "das haus stand am ende einer langen straße und niemand im dorf wusste noch wann es gebaut worden war aber jeden abend brannte in einem seiner fenster ein licht bis tief in die nacht".split(separator: " ").map(String.init),
        .russian: "дом стоял в конце длинной дороги и никто в деревне не помнил когда его построили но каждый вечер в одном из его окон горел свет до поздней ночи".split(separator: " ").map(String.init),
    ]

    private static let japanese = ["ある日の暮方の事である", "一人の下人が", "羅生門の下で雨やみを待っていた", "広い門の下には",
                                   "この男のほかに誰もいない", "ただ所々丹塗の剥げた大きな円柱に", "きりぎりすが一匹とまっている",
                                   "それが当然である", "なぜかと云うと", "この二三年", "京都には地震とか辻風とか火事とか饑饉とか云う災が",
                                   "つづいて起った", "そこで洛中のさびれ方は一通りではない"]

    private mutating func pick<T>(_ list: [T]) -> T { list[Int(random.next() % UInt64(list.count))] }

    /// A sentence of 6 to 16 words, capitalised, ending with a full stop (or, now and then, `!` or `?`).
    private mutating func sentence() -> String {
        let list = Self.words[language] ?? []
        let count = 6 + Int(random.next() % 11)
        var words = (0..<count).map { _ in pick(list) }
        words[0] = words[0].prefix(1).uppercased() + words[0].dropFirst()
        let end = random.next() % 8 == 0 ? (random.next() % 2 == 0 ? "!" : "?") : "."
        return words.joined(separator: " ") + end
    }

    private mutating func paragraphText(sentences: Int) -> String {
        (0..<sentences).map { _ in sentence() }.joined(separator: " ")
    }

    /// Paragraphs wrapped at `width` columns, a blank line after each (Project Gutenberg's layout).
    mutating func wrappedProse(paragraphs: Int, width: Int = 70) {
        for _ in 0..<paragraphs {
            let words = paragraphText(sentences: 3 + Int(random.next() % 4)).split(separator: " ")
            var current = ""
            for word in words {
                if !current.isEmpty && current.count + 1 + word.count > width { lines.append(current); current = "" }
                current += current.isEmpty ? String(word) : " " + word
            }
            if !current.isEmpty { lines.append(current) }
            blank()
        }
    }

    /// Paragraphs one to a line, no blank line between them (as the RusLit collection sets its books); now and
    /// then a short line of dialogue.
    mutating func lineByLineProse(paragraphs: Int) {
        for index in 0..<paragraphs {
            if index % 4 == 3 { lines.append("– " + sentence() + " – " + sentence()); continue }
            lines.append(paragraphText(sentences: 6 + Int(random.next() % 8)))
        }
    }

    /// Aozora Bunko's layout: a paragraph a line, each opened by an ideographic space, dialogue in 「」, a word
    /// with its reading now and then.
    mutating func aozoraProse(paragraphs: Int) {
        for index in 0..<paragraphs {
            let count = 2 + Int(random.next() % 4)
            let body = (0..<count).map { _ in pick(Self.japanese) + "。" }.joined()
            if index % 3 == 2 {
                lines.append("「" + pick(Self.japanese) + "」")
            } else {
                lines.append("　" + body.replacingOccurrences(of: "下人が", with: "下人《げにん》が"))
            }
        }
    }
}

/// The families: each a few books of one convention, in several layouts.
enum ChapterFamilies {
    static let all: [(family: String, books: [SyntheticBook])] = [
        ("ordinal words (Ночь первая … Утро)", ordinalWords()),
        ("Aozora collection titles", aozoraCollections()),
        ("roman numerals with subtitles", romanNumeralsWithSubtitles()),
        ("contents list at the front", contentsLists()),
        ("prefaces and a cast list", prefacesAndCastLists()),
        ("short lines that are not headings", shortLinesThatAreNotHeadings()),
    ]

    /// Headings that are words: `Ночь первая` … `Ночь четвертая`, then `Утро`, with no number.
    static func ordinalWords() -> [SyntheticBook] {
        var books: [SyntheticBook] = []
        // The RusLit collection's layout: no blank line before a heading, one after, a paragraph a line.
        var ruslit = SyntheticBook("ru, a paragraph a line", language: .russian)
        ruslit.blank()
        ruslit.line("Белые ночи")
        ruslit.line("Сентиментальный роман")
        ruslit.line("Из воспоминаний мечтателя")
        ruslit.blank()
        ruslit.line("…Иль был он создан для того,")
        ruslit.line("Чтобы побыть хотя мгновенье")
        ruslit.line("В соседстве сердца твоего?..")
        ruslit.line("Ив. Тургенев")
        for title in ["Ночь первая", "Ночь вторая", "Ночь третья", "Ночь четвертая", "Утро"] {
            ruslit.heading(title)
            ruslit.blank()
            ruslit.lineByLineProse(paragraphs: 12)
        }
        books.append(ruslit)
        // Project Gutenberg's layout, in capitals.
        var wrapped = SyntheticBook("ru, hard-wrapped, capitals", language: .russian)
        wrapped.line("БЕЛЫЕ НОЧИ")
        wrapped.blank(3)
        for title in ["НОЧЬ ПЕРВАЯ", "НОЧЬ ВТОРАЯ", "НОЧЬ ТРЕТЬЯ", "НОЧЬ ЧЕТВЕРТАЯ", "УТРО"] {
            wrapped.heading(title)
            wrapped.blank(2)
            wrapped.wrappedProse(paragraphs: 8)
            wrapped.blank(2)
        }
        books.append(wrapped)
        var english = SyntheticBook("en, hard-wrapped", language: .english)
        english.line("WHITE NIGHTS")
        english.blank(3)
        for title in ["FIRST NIGHT", "SECOND NIGHT", "THIRD NIGHT", "FOURTH NIGHT", "MORNING"] {
            english.heading(title)
            english.blank()
            english.wrappedProse(paragraphs: 8)
            english.blank(2)
        }
        books.append(english)
        var german = SyntheticBook("de, hard-wrapped", language: .german)
        german.line("Weiße Nächte")
        german.blank(3)
        for title in ["Erste Nacht", "Zweite Nacht", "Dritte Nacht", "Vierte Nacht", "Der Morgen"] {
            german.heading(title)
            german.blank()
            german.wrappedProse(paragraphs: 8)
            german.blank(2)
        }
        books.append(german)
        return books
    }

    static let aozoraLegend = [
        "-------------------------------------------------------",
        "【テキスト中に現れる記号について】",
        "",
        "《》：ルビ",
        "（例）下人《げにん》",
        "",
        "［＃］：入力者注　主に外字の説明や、傍点の位置の指定",
        "（例）［＃ここから３字下げ］",
        "-------------------------------------------------------",
    ]

    static let storyTitles = ["序", "どんぐりと山猫", "狼森と笊森、盗森", "注文の多い料理店", "烏の北斗七星", "水仙月の四日",
                              "山男の四月", "かしわばやしの夜", "月夜のでんしんばしら", "鹿踊りのはじまり"]

    /// Aozora Bunko collections of ten stories whose titles no note marks as headings.
    static func aozoraCollections() -> [SyntheticBook] {
        var books: [SyntheticBook] = []
        for variant in 0..<3 {
            let name = ["page breaks and an indent note", "indented with ideographic spaces", "page breaks, numbered parts"][variant]
            var book = SyntheticBook("ja, " + name, language: .japanese)
            book.line("注文の多い料理店")
            book.line("宮沢賢治")
            book.blank()
            for line in aozoraLegend { book.line(line) }
            book.blank()
            for (index, title) in storyTitles.enumerated() {
                switch variant {
                case 1:
                    book.blank(2)
                    book.heading("　　　" + title, title: title)
                default:
                    if index > 0 { book.line("［＃改ページ］") }
                    book.heading("［＃３字下げ］" + title, title: title)
                }
                book.blank()
                if variant == 2 && index > 0 {
                    for part in ["一", "二", "三"] {
                        book.heading("［＃５字下げ］" + part, title: part)
                        book.blank()
                        book.aozoraProse(paragraphs: 6)
                        book.blank()
                    }
                } else {
                    book.aozoraProse(paragraphs: 14)
                }
                book.blank()
            }
            book.blank(3)
            book.line("底本：「注文の多い料理店」新潮文庫、新潮社")
            book.line("　　　1990（平成2）年5月25日発行")
            book.line("［＃ここから２字下げ］")
            book.line("入力：青空文庫")
            book.line("校正：青空文庫")
            book.line("青空文庫作成ファイル：")
            books.append(book)
        }
        return books
    }

    /// Roman numerals, some or all with a title under them (`I` / `Bicêtre.`).
    static func romanNumeralsWithSubtitles() -> [SyntheticBook] {
        var books: [SyntheticBook] = []
        let numerals = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"]
        // Only the first chapter has a subtitle, a block of its own (Le Dernier Jour d'un condamné).
        var french = SyntheticBook("fr, a subtitle on the first chapter", language: .french)
        french.line("LE DERNIER JOUR D'UN CONDAMNÉ")
        french.blank(4)
        for (index, numeral) in numerals.enumerated() {
            if index == 0 {
                french.heading(numeral, title: "I. Bicêtre.")
                french.blank()
                french.line("Bicêtre.")
                french.blank()
                french.line("Condamné à mort!")
                french.blank()
            } else {
                french.heading(numeral)
                french.blank(2)
            }
            french.wrappedProse(paragraphs: 5)
            french.blank(2)
        }
        books.append(french)
        let titles = ["The Arrival", "A Letter", "The Storm", "At the Inn", "The Road North", "Winter", "The Return", "Afterwards"]
        var english = SyntheticBook("en, every numeral with a title block", language: .english)
        english.line("THE STORY OF A JOURNEY")
        english.blank(4)
        for (numeral, title) in zip(numerals, titles) {
            english.heading(numeral + ".", title: numeral + ". " + title.uppercased() + ".")
            english.blank()
            english.line(title.uppercased() + ".")
            english.blank(2)
            english.wrappedProse(paragraphs: 5)
            english.blank(2)
        }
        books.append(english)
        var sameBlock = SyntheticBook("en, numeral and title in one block", language: .english)
        sameBlock.line("THE STORY OF A JOURNEY")
        sameBlock.blank(4)
        for (numeral, title) in zip(numerals, titles) {
            sameBlock.heading(numeral, title: numeral + ". " + title)
            sameBlock.line(title)
            sameBlock.blank()
            sameBlock.wrappedProse(paragraphs: 5)
            sameBlock.blank()
        }
        books.append(sameBlock)
        var keyword = SyntheticBook("en, CHAPTER with a subtitle block", language: .english)
        keyword.line("THE STORY OF A JOURNEY")
        keyword.blank(4)
        for (numeral, title) in zip(numerals, titles) {
            keyword.heading("CHAPTER " + numeral + ".", title: "CHAPTER " + numeral + ". " + title)
            keyword.blank()
            keyword.line(title)
            keyword.blank()
            keyword.wrappedProse(paragraphs: 5)
            keyword.blank()
        }
        books.append(keyword)
        return books
    }

    /// A book's own list of contents at the front; the real headings later.
    static func contentsLists() -> [SyntheticBook] {
        var books: [SyntheticBook] = []
        let parts = [("BOOK I.", "MISS BROOKE."), ("BOOK II.", "OLD AND YOUNG."), ("BOOK III.", "WAITING FOR DEATH.")]
        for variant in 0..<2 {
            var book = SyntheticBook(variant == 0 ? "en, entries in one block" : "en, entries apart", language: .english)
            book.line("MIDDLEMARCH")
            book.blank()
            book.line("By George Eliot")
            book.blank(3)
            book.line("Contents")
            book.blank()
            let entries = [" PRELUDE."] + parts.map { " \($0.0) \($0.1)" } + [" FINALE."]
            for entry in entries {
                book.line(entry)
                if variant == 1 { book.blank() }
            }
            book.blank(3)
            book.heading("PRELUDE.")
            book.blank()
            book.wrappedProse(paragraphs: 3)
            book.blank(2)
            var chapter = 1
            for part in parts {
                book.heading(part.0, title: part.0 + " " + part.1)
                book.line(part.1)
                book.blank(2)
                for _ in 0..<3 {
                    book.heading("CHAPTER \(["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"][chapter - 1]).")
                    chapter += 1
                    book.blank(2)
                    book.wrappedProse(paragraphs: 4)
                    book.blank()
                }
            }
            book.heading("FINALE.")
            book.blank()
            book.wrappedProse(paragraphs: 3)
            book.blank()
            book.line("THE END.")
            books.append(book)
        }
        // Chapters with names only: the contents say which isolated lines are headings.
        let names = ["The Old House", "A Letter from Abroad", "The Storm", "Homecoming", "What the Doctor Said", "Afterwards"]
        var named = SyntheticBook("en, chapters with names only", language: .english)
        named.line("THE OLD HOUSE AND OTHER MATTERS")
        named.blank(3)
        named.line("CONTENTS")
        named.blank()
        for name in names { named.line("    " + name) }
        named.blank(3)
        for name in names {
            named.heading(name.uppercased())
            named.blank(2)
            named.wrappedProse(paragraphs: 5)
            named.blank(2)
        }
        books.append(named)
        var paged = SyntheticBook("en, entries with page numbers", language: .english)
        paged.line("THE OLD HOUSE")
        paged.blank(3)
        paged.line("TABLE OF CONTENTS")
        paged.blank()
        for (index, name) in names.enumerated() {
            let roman = ["I", "II", "III", "IV", "V", "VI"][index]
            let entry = "CHAPTER \(roman). \(name)"
            paged.line(entry + String(repeating: " ", count: max(1, 50 - entry.count)) + "\(index * 12 + 1)")
        }
        paged.blank(3)
        for (index, name) in names.enumerated() {
            let roman = ["I", "II", "III", "IV", "V", "VI"][index]
            paged.heading("CHAPTER \(roman).", title: "CHAPTER \(roman). \(name.uppercased())")
            paged.line(name.uppercased())
            paged.blank(2)
            paged.wrappedProse(paragraphs: 5)
            paged.blank()
        }
        books.append(paged)
        return books
    }

    /// Two prefaces before numbered chapters, one with a play's cast list (`PERSONNAGES :`).
    static func prefacesAndCastLists() -> [SyntheticBook] {
        var books: [SyntheticBook] = []
        var french = SyntheticBook("fr, two prefaces and a cast list", language: .french)
        french.line("LE DERNIER JOUR D'UN CONDAMNÉ")
        french.blank(3)
        french.heading("PRÉFACE DE 1832")
        french.blank()
        french.wrappedProse(paragraphs: 6)
        french.blank()
        french.heading("UNE COMÉDIE À PROPOS D'UNE TRAGÉDIE")
        french.blank()
        french.line("PERSONNAGES :")
        french.blank()
        for name in ["MADAME DE BLINVAL.", "LE CHEVALIER.", "ERGASTE.", "UN POÈTE ÉLÉGIAQUE.", "UN PHILOSOPHE."] { french.line(name) }
        french.blank()
        french.wrappedProse(paragraphs: 6)
        french.blank()
        for numeral in ["I", "II", "III", "IV", "V"] {
            french.heading(numeral)
            french.blank()
            french.wrappedProse(paragraphs: 4)
        }
        books.append(french)
        var english = SyntheticBook("en, preface, preface to the second edition, introduction", language: .english)
        english.line("A NOVEL")
        english.blank(3)
        for title in ["PREFACE.", "PREFACE TO THE SECOND EDITION.", "INTRODUCTION."] {
            english.heading(title)
            english.blank()
            english.wrappedProse(paragraphs: 4)
            english.blank()
        }
        for numeral in ["I", "II", "III", "IV"] {
            english.heading("CHAPTER \(numeral).")
            english.blank()
            english.wrappedProse(paragraphs: 4)
            english.blank()
        }
        books.append(english)
        var german = SyntheticBook("de, Vorwort and Einleitung", language: .german)
        german.line("EIN ROMAN")
        german.blank(3)
        for title in ["Vorwort", "Einleitung"] {
            german.heading(title)
            german.blank()
            german.wrappedProse(paragraphs: 4)
            german.blank()
        }
        for ordinal in ["Erstes", "Zweites", "Drittes", "Viertes"] {
            german.heading("\(ordinal) Kapitel")
            german.blank()
            german.wrappedProse(paragraphs: 4)
            german.blank()
        }
        books.append(german)
        return books
    }

    /// Chapters among short lines that stand alone and are not headings: exclamations, a letter's greeting and
    /// signature, a scene break, a sign, a quoted verse.
    static func shortLinesThatAreNotHeadings() -> [SyntheticBook] {
        var book = SyntheticBook("en, exclamations, letters, signs", language: .english)
        book.line("A NOVEL")
        book.blank(3)
        for numeral in ["I", "II", "III", "IV", "V"] {
            book.heading("CHAPTER \(numeral)")
            book.blank()
            book.wrappedProse(paragraphs: 2)
            book.line("No!")
            book.blank()
            book.wrappedProse(paragraphs: 1)
            book.line("Dear Sir,")
            book.blank()
            book.wrappedProse(paragraphs: 1)
            book.line("Yours faithfully,")
            book.blank()
            book.line("JOHN SMITH")
            book.blank()
            book.line("* * * * *")
            book.blank()
            book.line("NO ENTRY")
            book.blank()
            book.wrappedProse(paragraphs: 2)
            book.line("    The rain it raineth every day,")
            book.line("    Upon the just and unjust fellow.")
            book.blank()
            book.wrappedProse(paragraphs: 1)
        }
        book.line("THE END")
        // No chapters, scenes after two blank lines, each opening with a short line: no title series.
        var scenes = SyntheticBook("en, scenes opening with a short line", language: .english)
        scenes.line("A NOVEL")
        scenes.blank(3)
        for opening in ["Morning came.", "Then the rain", "Nobody answered.", "Later", "The letter"] {
            scenes.line(opening)
            scenes.blank()
            scenes.wrappedProse(paragraphs: 5)
            scenes.blank()
        }
        return [book, scenes]
    }
}
