/// One source line read as a chapter heading, if it looks like one: what ``ChapterDetector`` starts from.
///
/// Written by hand (a small table of keywords and a scanner) because no library knows Project Gutenberg's
/// conventions; the forms are those found in the shared corpus and in PG books generally:
/// - a keyword and a number: `CHAPTER I`, `Chapter 1.`, `CHAPTER XLII. The Whiteness of the Whale`,
///   `BOOK ONE: 1805`, `PART II`, `STAVE ONE`, `ACT I.`, `CHAPITRE III`, `Kapitel 2`, `ГЛАВА IV`;
/// - an ordinal and a keyword: `FIRST EPILOGUE: 1813 - 20`, `PREMIÈRE PARTIE`, `ERSTER AKT.`;
/// - a named section: `PREFACE.`, `ETYMOLOGY.`, `EXTRACTS (Supplied by a Sub-Sub-Librarian).`, `Epilogue`;
/// - a bare roman numeral: `I.`, `XIV`, or with a title: `II. Papa se fâche.`;
/// - Chinese: `第一回　甄士隱夢幻識通靈`, `第三章`.
///
/// Keywords are matched in capitals (`CHAPTER`) or capitalised (`Chapter`), never in lower case, so a sentence
/// (`chapter and verse`) is not taken. A title after the number must be set off by punctuation or space and
/// must not start with a lower-case letter (`I went home.` is a sentence, not a heading).
struct HeadingLine: Equatable {
    /// What kind of heading the line is.
    enum Kind: Equatable {
        /// A keyword (or ordinal) with a number: `CHAPTER I`, `BOOK ONE`, `第一回`.
        case numbered
        /// A roman numeral alone (or with a title after a full stop), with its value.
        case bareNumeral(Int)
        /// Front or back matter with a name of its own (`PREFACE`, `EPILOGUE`): its level depends on what follows.
        case named
    }

    let kind: Kind
    /// 1 for books, parts, volumes and acts; 2 for chapters, staves and scenes (named sections: see ``Kind/named``).
    let level: Int
    /// The line's text, trimmed, white-space runs collapsed to one space.
    let text: String
    /// The heading's number when known (`CHAPTER XLII` 42, `ERSTER AKT` 1): tells a translation (`ERSTER AKT.`
    /// then `ACT I.`) from the next heading.
    var number: Int? = nil
    /// Whether the line is a heading wherever it stands (Chinese `第一回`, which the corpus book sets straight
    /// after the previous chapter's last line): it starts a block of its own, and text may follow it in that block.
    var standsAlone = false

    /// The longest line (in UTF-16 units) that can be a heading.
    static let maximumLength = 100

    /// Keywords that take a number, with the heading level they give.
    private static let numberedKeywords: [String: Int] = [
        "book": 1, "part": 1, "volume": 1, "act": 1,
        "livre": 1, "tome": 1, "partie": 1, "teil": 1, "buch": 1, "band": 1, "akt": 1, "libro": 1, "parte": 1,
        "книга": 1, "часть": 1, "том": 1,
        "chapter": 2, "stave": 2, "scene": 2, "letter": 2, "section": 2, "canto": 2,
        "chapitre": 2, "scène": 2, "lettre": 2, "kapitel": 2, "szene": 2, "auftritt": 2, "brief": 2,
        "capítulo": 2, "capitulo": 2, "capitolo": 2, "carta": 2, "глава": 2, "письмо": 2, "hoofdstuk": 2, "rozdział": 2,
    ]

    /// Sections named rather than numbered.
    private static let namedKeywords: Set<String> = [
        "preface", "prologue", "epilogue", "introduction", "foreword", "afterword", "conclusion", "appendix",
        "etymology", "extracts", "prelude", "finale", "interlude", "postlude", "postscript", "envoi", "coda", "argument",
        "dramatis", "préface", "avant-propos", "épilogue", "prélude", "postface", "personnages", "vorwort",
        "einleitung", "nachwort", "prolog", "epilog", "vorspiel", "nachspiel", "zwischenspiel", "personen",
        "предисловие", "пролог", "эпилог", "послесловие", "вступление", "заключение", "приложение",
    ]

    /// Chinese numerals (`〇`, and `○` as some editions write zero) and digits in `第…回`.
    private static let hanNumerals = Set("〇○零一二三四五六七八九十百千两0123456789０１２３４５６７８９")

    /// Reads `units` (one line's content, without its terminator); nil when it is not a heading.
    static func parse(_ units: ArraySlice<UInt16>) -> HeadingLine? {
        guard units.count <= maximumLength, mayStartHeading(units) else { return nil }
        // Decoded through a buffer pointer: from the slice itself the decoding took a slow generic path. The first
        // word is checked on the line's first 40 units before the whole line is decoded.
        let head = units.prefix(40).withUnsafeBufferPointer { decoded($0) }
        guard mayStartWithHeadingWord(head) else { return nil }
        var text = Substring(CollapsedText.of(units))
        guard !text.isEmpty else { return nil }
        // Pride and Prejudice's first chapter heading closes an illustration caption: `Chapter I.]`.
        if text.hasSuffix("]") && !text.contains("[") { text = text.dropLast() }
        let words = String(text)
        if let han = parseHan(text) { return HeadingLine(kind: .numbered, level: han, text: words, standsAlone: true) }
        var scanner = WordScanner(text)
        guard let first = scanner.word() else { return nil }
        let firstKey = first.lowercased()
        if isCapitalised(first), let level = numberedKeywords[firstKey] {
            guard scanner.skipSpaces(), let number = scanner.word(), scanner.restIsTitle() else { return nil }
            let value: Int
            if let roman = romanValue(number) {
                value = roman
            } else if number.count <= 4, number.allSatisfy({ $0.isASCII && $0.fastIsNumber }), let arabic = Int(number) {
                value = arabic
            } else if isCapitalised(number) || number.first?.fastIsLowercase == true && first.first?.fastIsUppercase == true,
                      let word = NumberWords.value(String(number)) {
                // `BOOK ONE`, `SECHSTES KAPITEL`, and `Глава первая` (the number in lower case after the keyword).
                value = word
            } else {
                return nil
            }
            return HeadingLine(kind: .numbered, level: level, text: words, number: value == 0 ? nil : value)
        }
        if isCapitalised(first), namedKeywords.contains(firstKey) {
            // `PERSONNAGES :` introduces a list (a play's cast inside a preface): a label, not a heading.
            guard scanner.restIsTitle(), !words.hasSuffix(":") else { return nil }
            return HeadingLine(kind: .named, level: 1, text: words)
        }
        if isCapitalised(first), let ordinal = NumberWords.ordinal(firstKey), scanner.skipSpaces(), let second = scanner.word(),
           isCapitalised(second) {
            let key = second.lowercased()
            if let level = numberedKeywords[key], scanner.restIsTitle() {
                return HeadingLine(kind: .numbered, level: level, text: words, number: ordinal == 0 ? nil : ordinal)
            }
            if namedKeywords.contains(key), scanner.restIsTitle() { return HeadingLine(kind: .named, level: 1, text: words) }
            return nil
        }
        // A word in capitals before a keyword in capitals: `ПРОПУЩЕННАЯ ГЛАВА`, a chapter with a name of its own.
        if first.count > 1, first.allSatisfy({ !$0.fastIsLetter || $0.fastIsUppercase }) {
            var lookahead = scanner
            if lookahead.skipSpaces(), let second = lookahead.word(), second.count > 1,
               second.allSatisfy({ !$0.fastIsLetter || $0.fastIsUppercase }), let level = numberedKeywords[second.lowercased()],
               lookahead.restIsTitle() {
                return HeadingLine(kind: .named, level: level, text: words)
            }
        }
        // A bare roman numeral: `XIV`, `I.`, or `II. Papa se fâche.` (a title only after a full stop).
        if let value = romanValue(first), first.allSatisfy(\.fastIsUppercase) {
            if scanner.atEnd || scanner.rest == "." { return HeadingLine(kind: .bareNumeral(value), level: 2, text: words, number: value) }
            if scanner.rest.hasPrefix(". "), scanner.restIsTitle() {
                return HeadingLine(kind: .bareNumeral(value), level: 2, text: words, number: value)
            }
        }
        return nil
    }

    /// Lower-cased ASCII keywords and ordinals a heading may start with.
    private static let asciiFirstWords: Set<String> = Set(numberedKeywords.keys).union(namedKeywords)
        .union(["first", "second", "third", "fifth", "eighth", "ninth", "twelfth", "last", "final", "premier", "seconde"])
        .filter { $0.utf8.allSatisfy { $0 < 0x80 } }

    /// ``asciiFirstWords`` of letters only, packed as ``packedWord(_:)`` does: a line's first word is looked up
    /// without making a string (the test runs on the first line of every block of a book).
    private static let packedFirstWords: Set<UInt64> = Set(asciiFirstWords.compactMap { word in
        let bytes = Array(word.utf8)
        return bytes.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) ? packedWord(bytes[...]) : nil
    })

    /// Up to 12 lower-case ASCII letters, 5 bits each, in a word: nil for a longer word.
    private static func packedWord(_ letters: ArraySlice<UInt8>) -> UInt64? {
        guard letters.count <= 12 else { return nil }
        return letters.reduce(UInt64(0)) { $0 << 5 | UInt64($1 - 0x60) }
    }

    /// A cheap test on the units, before any string is built: whether the line's first word can start a
    /// heading (a keyword, an ordinal or a roman numeral in ASCII letters, or anything outside ASCII, which
    /// ``parse(_:)`` then decides). Nearly every line of a book starts a sentence and fails here, so the costly
    /// parse runs on few lines; nothing is allocated for the lines that fail.
    private static func mayStartHeading(_ units: ArraySlice<UInt16>) -> Bool {
        var i = units.startIndex
        while i < units.endIndex, units[i] == 0x20 || units[i] == 0x09 || units[i] == 0x3000 || units[i] == 0xA0 { i += 1 }
        var packed: UInt64 = 0
        var length = 0
        var capitals = true
        var romanOnly = true
        let wordStart = i
        while i < units.endIndex, length <= 24 {
            let unit = units[i]
            if unit >= 0x80 {
                // A line that starts with punctuation (a quotation mark, a dash: the dialogue of most novels) is
                // no heading: `parse(_:)` wants a letter or a digit first, and punctuation is neither. Anything
                // else outside ASCII is left to it.
                if length > 0 { return mixedWordMayStartHeading(units[wordStart...]) }
                guard let scalar = Unicode.Scalar(unit) else { return true }
                // Quotation marks and dashes, which open most lines of dialogue, without asking ICU.
                if (0x2010...0x201F).contains(unit) || unit == 0xAB || unit == 0xBB { return false }
                switch scalar.properties.generalCategory {
                case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                     .initialPunctuation, .finalPunctuation, .otherPunctuation: return false
                default: return true
                }
            }
            let byte = UInt8(unit)
            guard (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) else { break }
            if byte >= 0x61 { capitals = false }
            let lower = byte | 0x20
            // i, v, x, l, c, d, m (a switch: `"ivxlcdm".utf8.contains` cost 240 instructions a letter).
            switch lower {
            case 0x69, 0x76, 0x78, 0x6C, 0x63, 0x64, 0x6D: break
            default: romanOnly = false
            }
            if length < 12 { packed = packed << 5 | UInt64(lower - 0x60) }
            length += 1
            i += 1
        }
        guard length > 0, length <= 24 else { return false }
        if length <= 12, packedFirstWords.contains(packed) { return true }
        // Ordinals that rules make (`eleventh`, `twentieth`, `zweites`, `sechste`): checked only for their endings.
        func letter(_ back: Int) -> UInt16 { length > back ? units[i - 1 - back] | 0x20 : 0 }
        let ordinalEnding = letter(1) == 0x74 && (letter(0) == 0x68 || letter(0) == 0x65)  // -th, -te
            || letter(2) == 0x74 && letter(1) == 0x65 && [0x72, 0x73, 0x6E].contains(letter(0))  // -ter, -tes, -ten
        if ordinalEnding, NumberWords.ordinal(String(decoding: units[wordStart..<i].map { UInt8($0) | 0x20 }, as: UTF8.self)) != nil {
            return true
        }
        // A bare roman numeral is in capitals and followed by the end of the line or a full stop (`XIV`, `I.`,
        // `II. Papa se fâche.`): the sentences that start with `I` or `Did` go no further.
        guard capitals, romanOnly else { return false }
        while i < units.endIndex, units[i] == 0x20 || units[i] == 0x09 || units[i] == 0x3000 || units[i] == 0xA0 { i += 1 }
        return i == units.endIndex || units[i] == 0x2E || units[i] >= 0x80
    }

    /// Keywords and ordinals that are written with ASCII and other letters (`préface`, `scène`, `première`).
    private static let mixedFirstWords: Set<String> = Set(numberedKeywords.keys).union(namedKeywords)
        .union(NumberWords.fixedOrdinalWords).filter { !$0.utf8.allSatisfy { $0 < 0x80 } }

    /// Whether a first word that starts with ASCII letters and goes on with others (`Natásha`, `Préface`,
    /// `deuxième`, `fünfte`) can start a heading: one of ``mixedFirstWords``, or an ordinal by its ending. Only
    /// this word is decoded, not the line.
    private static func mixedWordMayStartHeading(_ units: ArraySlice<UInt16>) -> Bool {
        var end = units.startIndex
        while end < units.endIndex, end - units.startIndex <= 24 {
            let unit = units[end]
            // ASCII letters and the hyphen without asking for Unicode properties.
            if unit < 0x80 {
                guard (0x61...0x7A).contains(unit | 0x20) || unit == 0x2D else { break }
            } else {
                guard let scalar = Unicode.Scalar(unit), scalar.properties.isAlphabetic else { break }
            }
            end += 1
        }
        // Decoded through a buffer pointer, as in ``parse(_:)``: from the slice the decoding took a slow generic path.
        let word = units[units.startIndex..<end].withUnsafeBufferPointer { String(decoding: $0, as: UTF16.self) }.lowercased()
        if mixedFirstWords.contains(word) { return true }
        return NumberWords.ordinal(word) != nil
    }

    /// The second test, on the decoded line, which decides what ``mayStartHeading(_:)`` leaves open (a first word
    /// outside ASCII: `Natásha`, `ГЛАВА`): whether the line's first word can start a heading (`第`, a keyword or an ordinal in any case, a roman numeral in
    /// capitals). The first word is what ``WordScanner/word()`` takes after the leading white space, so a line
    /// that fails here fails ``parse(_:)`` too, before its spaces are collapsed and its words read (the costly part).
    private static func mayStartWithHeadingWord(_ line: String) -> Bool {
        // The scanner's steps are those of this test (white space, then a word), with their ASCII paths.
        var scanner = WordScanner(Substring(line))
        _ = scanner.skipSpaces()
        if scanner.rest.first == "第" { return true }
        guard let word = scanner.word(), word.utf8.count <= 24 || word.count <= 24 else { return false }
        let key = word.lowercased()
        if numberedKeywords[key] != nil || namedKeywords.contains(key) || NumberWords.ordinal(key) != nil { return true }
        // A word in capitals may name a chapter before its keyword (`ПРОПУЩЕННАЯ ГЛАВА`).
        if !word.utf8.allSatisfy({ $0 < 0x80 }) && word.count > 1 && word.allSatisfy({ !$0.fastIsLetter || $0.fastIsUppercase }) { return true }
        return romanValue(word) != nil && word.allSatisfy(\.fastIsUppercase)
    }

    /// The units as a string: copied byte by byte when they are all ASCII (decoding UTF-16 took some 4 K
    /// instructions for a heading's first 40 units, callgrind), else decoded.
    private static func decoded(_ units: UnsafeBufferPointer<UInt16>) -> String {
        guard !units.contains(where: { $0 >= 0x80 }) else { return String(decoding: units, as: UTF16.self) }
        return String(unsafeUninitializedCapacity: units.count) { bytes in
            for (index, unit) in units.enumerated() { bytes[index] = UInt8(truncatingIfNeeded: unit) }
            return units.count
        }
    }

    /// `第一回`, `第十二章`, `第三卷` at the start of the line, followed by the end or by space: the level (1 for 卷).
    private static func parseHan(_ text: Substring) -> Int? {
        guard text.first == "第" else { return nil }
        let digits = text.dropFirst().prefix(while: { hanNumerals.contains($0) })
        guard !digits.isEmpty, digits.count <= 6 else { return nil }
        let after = text.dropFirst(1 + digits.count)
        guard let marker = after.first, "回章卷巻部編篇節节話".contains(marker) else { return nil }
        let rest = after.dropFirst()
        // `第四回中既將…` is a sentence that mentions chapter four.
        guard rest.isEmpty || rest.first?.fastIsWhitespace == true else { return nil }
        return "卷巻部編篇".contains(marker) ? 1 : 2
    }

    /// All capitals (`CHAPTER`) or a capital then lower case (`Chapter`).
    private static func isCapitalised(_ word: Substring) -> Bool {
        if let ascii = asciiIsCapitalised(word.utf8) { return ascii }
        guard let first = word.first, first.fastIsUppercase else { return false }
        let rest = word.dropFirst()
        return rest.allSatisfy { !$0.fastIsLetter || $0.fastIsUppercase } || rest.allSatisfy { !$0.fastIsLetter || $0.fastIsLowercase }
    }

    /// ``isCapitalised(_:)`` by bytes for a word all in ASCII (where a character is a byte, and a letter is one of
    /// A-Z, a-z as `fastIsLetter` says), nil for any other word: the Character path cost some 6 K instructions a
    /// heading word (callgrind, War and Peace's first page through the CLI).
    private static func asciiIsCapitalised(_ bytes: Substring.UTF8View) -> Bool? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        guard let first = bytes.first, (0x41...0x5A).contains(first) else { return false }
        let rest = bytes.dropFirst()
        func isLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte | 0x20) }
        return rest.allSatisfy { !isLetter($0) || $0 < 0x61 } || rest.allSatisfy { !isLetter($0) || $0 >= 0x61 }
    }

    /// The value of a well-formed roman numeral in capitals or lower case (`XLII` → 42), up to 399.
    static func romanValue(_ word: Substring) -> Int? {
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return asciiRomanValue(word.utf8) }
        guard !word.isEmpty, word.count <= 9 else { return nil }
        let upper = word.uppercased()
        guard word == Substring(upper) || word == Substring(word.lowercased()) else { return nil }
        var total = 0
        let digits = upper.compactMap { romanDigits[$0] }
        guard digits.count == upper.count else { return nil }
        for (index, value) in digits.enumerated() {
            if index + 1 < digits.count, digits[index + 1] > value { total -= value } else { total += value }
        }
        // Only the canonical spelling counts (`IIII`, `IC`, `VX` are not numerals).
        return total > 0 && total < 400 && romanString(total) == upper ? total : nil
    }

    /// ``romanValue(_:)`` of an ASCII word, by bytes: the same digits (I, V, X, L, C), all in capitals or all in
    /// lower case, the same canonical spelling, without the case mappings and Character lookups.
    private static func asciiRomanValue(_ bytes: Substring.UTF8View) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 9 else { return nil }
        let lower = bytes.first.map { $0 >= 0x61 } ?? false
        var digits: [Int] = []
        digits.reserveCapacity(bytes.count)
        for byte in bytes {
            // One case throughout (`word == upper || word == lower`); `| 0x20` maps capitals to lower case.
            guard (byte >= 0x61) == lower else { return nil }
            switch byte | 0x20 {
            case 0x69: digits.append(1)  // i
            case 0x76: digits.append(5)  // v
            case 0x78: digits.append(10)  // x
            case 0x6C: digits.append(50)  // l
            case 0x63: digits.append(100)  // c
            default: return nil
            }
        }
        var total = 0
        for (index, value) in digits.enumerated() {
            if index + 1 < digits.count, digits[index + 1] > value { total -= value } else { total += value }
        }
        guard total > 0 && total < 400 else { return nil }
        let canonical = romanString(total).utf8
        return canonical.count == bytes.count && zip(canonical, bytes).allSatisfy { $0 == $1 & ~(lower ? 0x20 : 0) } ? total : nil
    }

    /// The tables are built once (made in the functions, they were built on every call: chapter detection asks
    /// for every word of a short line standing alone).
    private static let romanDigits: [Character: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100]
    private static let romanTable: [(Int, String)] = [(100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"),
                                                      (5, "V"), (4, "IV"), (1, "I")]

    private static func romanString(_ value: Int) -> String {
        var rest = value, result = ""
        for (amount, letters) in romanTable { while rest >= amount { result += letters; rest -= amount } }
        return result
    }
}

/// Reads a heading line word by word.
private struct WordScanner {
    private(set) var rest: Substring

    init(_ text: Substring) { rest = text }

    var atEnd: Bool { rest.isEmpty }

    /// Letters, digits, hyphens and apostrophes (`avant-propos`), or nil at anything else.
    mutating func word() -> Substring? {
        if let end = asciiWordEnd() {
            guard end > rest.startIndex else { return nil }
            let word = rest[..<end]
            rest = rest[end...]
            return word
        }
        let word = rest.prefix { $0.fastIsLetter || $0.fastIsNumber || $0 == "-" && !rest.hasPrefix("-") }
        guard !word.isEmpty else { return nil }
        rest = rest[word.endIndex...]
        return word
    }

    /// Where ``word()`` ends when it can be told from ASCII bytes alone: the word's bytes are ASCII letters, digits
    /// and hyphens, and the byte after them is ASCII too (an ASCII character other than CR is a character of its
    /// own then, and CR is no word byte). Nil when a byte outside ASCII comes first (a letter with a combining mark,
    /// `Natásha`): the Character path decides. The Character path cost some 4 K instructions a word (callgrind).
    private func asciiWordEnd() -> String.Index? {
        let bytes = rest.utf8
        let hyphenFirst = bytes.first == 0x2D
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            if byte >= 0x80 { return nil }
            guard (0x61...0x7A).contains(byte | 0x20) || (0x30...0x39).contains(byte) || byte == 0x2D && !hyphenFirst else { break }
            i = bytes.index(after: i)
        }
        return i
    }

    /// Skips spaces; whether there were any.
    mutating func skipSpaces() -> Bool {
        // ASCII white space as `fastIsWhitespace` reads it, up to an ASCII byte that is none (the next character
        // starts there); a byte outside ASCII first (an ideographic space, a combining mark) takes the Character path.
        let bytes = rest.utf8
        var i = bytes.startIndex
        while i < bytes.endIndex, bytes[i] == 0x20 || (0x09...0x0D).contains(bytes[i]) { i = bytes.index(after: i) }
        if i == bytes.endIndex || bytes[i] < 0x80 {
            let skipped = i > rest.startIndex
            rest = rest[i...]
            return skipped
        }
        let spaces = rest.prefix(while: \.fastIsWhitespace)
        rest = rest[spaces.endIndex...]
        return !spaces.isEmpty
    }

    /// Whether what follows the heading's words is nothing, closing punctuation, or a title set off by
    /// punctuation or space that does not start with a lower-case letter (`: 1805`, `. The Whiteness`, ` (Supplied`).
    func restIsTitle() -> Bool {
        let title = rest.drop(while: { Self.separators.contains($0) })
        if title.isEmpty { return true }
        // Something was dropped: the title is set off.
        guard title.startIndex > rest.startIndex, let first = title.first else { return false }
        return !first.fastIsLowercase
    }

    /// Built once (in ``restIsTitle()`` it was built for every heading line).
    private static let separators: Set<Character> = [".", ":", ",", ";", "—", "–", "-", " ", "\u{3000}"]
}
