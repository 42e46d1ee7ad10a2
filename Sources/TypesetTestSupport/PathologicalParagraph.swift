import TypesetCore

/// Generated books of one paragraph in the shapes that make a text engine's stages super-linear: no spaces but
/// break opportunities, one word with none, long words to hyphenate, many attribute runs, many scripts, long
/// Chinese and Aozora Bunko lines (issue 31). Each shape makes a book of about a given number of UTF-16 units,
/// so that a benchmark can lay out several sizes and read the growth off them (`typeset-bench growth.`), and a
/// test can lay out a small one. The text is deterministic: the same shape and size give the same bytes.
public enum PathologicalParagraph: String, CaseIterable, Sendable {
    /// `—a—a—a…`: a break opportunity after every dash, no space anywhere (issue 31: 16 s for 320 KB, ×4 per
    /// doubling).
    case breakPoints = "break-points"
    /// One word of letters and nothing else: no opportunity, so every line is an emergency cut (issue 31: a
    /// 400,000-letter word took 23–33 s).
    case oneWord = "one-word"
    /// A French sentence around one long word made of French words run together, hyphenation on, justified: a
    /// word longer than any pattern, cut at hyphenation points in an emergency (issue 31: quadratic).
    case longWordFrench = "long-word.fr"
    /// The same in German, without hyphenation: emergency cuts still take the language's hyphenation points.
    case longWordGerman = "long-word.de"
    /// Long Russian words (each 30 to 60 letters) between spaces, justified and hyphenated: optimal breaking among
    /// many hyphenation points.
    case longWordsRussian = "long-words.ru"
    /// Short English words, every one in a `<span>` of one of four classes and none with a space after it, one
    /// paragraph of an EPUB whose style sheet matches them: about one span per three units, and one word of them
    /// all, cut in an emergency (issue 31: 100,000 spans took 15 s). `styled-paragraph.N` has runs with spaces.
    case spans
    /// Words of ten scripts in turn (Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari, Thai, Chinese, Korean,
    /// emoji), half of them run together without a space: many runs, bidi levels and fallback faces.
    case scripts
    /// A Chinese line without spaces, with its punctuation (kinsoku at every line end).
    case chinese
    /// One Aozora Bunko line: Japanese with ruby (`漢字《かんじ》`, `｜` bars), emphasis notes, gaiji and two-digit
    /// numbers (set across the line), set vertically (issue 31: long Aozora lines hit the quadratic path).
    case aozora

    /// The sizes a growth row measures, in UTF-16 units: four doublings.
    public var benchmarkSizes: [Int] {
        switch self {
        case .scripts, .longWordsRussian: [25_000, 50_000, 100_000, 200_000]
        default: [40_000, 80_000, 160_000, 320_000]
        }
    }

    /// The book's file name (its extension says how to read it).
    public var fileName: String { self == .spans ? "pathological.epub" : "pathological.txt" }

    /// The reading settings the shape is laid out at: the bundled serif, and justified with hyphenation for the
    /// shapes about hyphenation; vertical for the Aozora line.
    public var settings: TypographySettings {
        var settings = TypographySettings()
        settings.fontFamily = "Charis SIL"
        switch self {
        case .longWordFrench, .longWordsRussian:
            settings.alignment = .justified
            settings.hyphenation = true
            settings.language = self == .longWordFrench ? "fr" : "ru"
        case .longWordGerman: settings.language = "de"
        case .aozora: settings.verticalText = true
        default: break
        }
        return settings
    }

    /// The book's bytes: about `units` UTF-16 units of text in one paragraph (an EPUB for ``spans``).
    public func book(units: Int) throws -> [UInt8] {
        switch self {
        case .spans: try ZipWriter.epub(body: "<p>" + Self.spanned(units: units) + "</p>", css: Self.spanSheet)
        default: Array((text(units: units) + "\n").utf8)
        }
    }

    /// The paragraph's text (for ``spans``, the XHTML inside its `<p>`).
    public func text(units: Int) -> String {
        switch self {
        case .breakPoints: Self.repeated("—a", units: units)
        case .oneWord: Self.repeated("typesetting", units: units)
        case .longWordFrench:
            "Voici une phrase en français, puis un mot très long : " + Self.repeated("anticonstitutionnellement", units: units)
                + " et la phrase continue jusqu’à son point."
        case .longWordGerman:
            "Hier steht ein deutscher Satz mit einem sehr langen Wort: " + Self.repeated("Donaudampfschifffahrtsgesellschaft", units: units)
                + " und danach geht der Satz zu Ende."
        case .longWordsRussian: Self.russianWords(units: units)
        case .spans: Self.spanned(units: units)
        case .scripts: Self.scriptWords(units: units)
        case .chinese: Self.repeated("寶玉聽了，忙起身笑道：「妹妹說的是，我原不該如此。」黛玉冷笑道：「你去罷！」", units: units)
        case .aozora: Self.aozoraLine(units: units)
        }
    }

    /// `piece` repeated until the text holds at least `units` UTF-16 units.
    static func repeated(_ piece: String, units: Int) -> String {
        let count = max(1, (units + piece.utf16.count - 1) / piece.utf16.count)
        return String(repeating: piece, count: count)
    }

    /// Long Russian words (compounds of stems run together), 30 to 60 letters each, between spaces.
    static func russianWords(units: Int) -> String {
        let stems = ["электро", "машино", "строительный", "высоко", "производительный", "обще", "государственный",
                     "научно", "исследовательский", "конструкторско", "технологический", "водо", "непроницаемость"]
        var generator = SplitMix64(seed: 31)
        var text = "", length = 0
        while length < units {
            var word = ""
            while word.utf16.count < 30 { word += stems[Int(generator.next() % UInt64(stems.count))] }
            text += word + " "
            length += word.utf16.count + 1
        }
        return text
    }

    /// Words of ten scripts in turn, every other one joined to the next without a space.
    static func scriptWords(units: Int) -> String {
        let words = ["typeset", "τυπογραφία", "типография", "طباعة", "דפוס", "मुद्रण", "การพิมพ์", "排版印刷", "조판", "📖✍️"]
        var text = "", length = 0, index = 0
        while length < units {
            let word = words[index % words.count]
            text += word
            if index % 2 == 1 { text += " " }
            length = text.utf16.count
            index += 1
        }
        return text
    }

    /// Short English words, each in a span of one of four classes (about `units` units of text, not of markup),
    /// chosen at random (seeded) so that the chapter compresses as a book's does, within the EPUB reader's limit
    /// on an entry's inflation.
    static func spanned(units: Int) -> String {
        let words = ["a", "span", "of", "the", "runs", "in", "it", "and", "to", "be", "or", "not", "as", "we", "read",
                     "on", "by", "one", "word", "at", "time", "so", "each", "is", "its", "own", "run", "here", "now", "all"]
        var generator = SplitMix64(seed: 31)
        var body = "", length = 0
        while length < units {
            let random = generator.next()
            let word = words[Int(random % UInt64(words.count))]
            body += "<span class=\"s\((random >> 8) % 4)\">\(word)</span>"
            length += word.utf16.count
        }
        return body
    }

    /// The style sheet of ``spans``: each class styled, and selectors a matcher must try on every span.
    static let spanSheet = """
        .s0 { font-style: italic }
        .s1 { font-weight: bold }
        .s2 { font-variant: small-caps }
        .s3 { color: #663399 }
        p span + span.s1 { letter-spacing: 0.01em }
        p > .s2 ~ .s3 { text-decoration: underline }
        """

    /// One Aozora Bunko line of about `units` units: ruby after kanji and after a bar, emphasis notes, a gaiji,
    /// two-digit numbers.
    static func aozoraLine(units: Int) -> String {
        let piece = "吾輩《わがはい》は猫である。名前はまだ無い。どこで生れたかとんと見当《けんとう》がつかぬ。"
            + "何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している［＃「記憶している」に傍点］。"
            + "吾輩はここで始めて｜人間《にんげん》というものを見た。※［＃「てへん＋劣」、第3水準1-84-77］"
            + "明治38年の12月25日のことである。"
        return repeated(piece, units: units)
    }
}
