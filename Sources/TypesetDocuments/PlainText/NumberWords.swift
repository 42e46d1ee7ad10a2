/// Numbers written as words in headings (`CHAPTER TWENTY-ONE`, `SECHSTES KAPITEL`, `Глава первая`,
/// `Vingtième partie`), in the languages of the corpus: English, French, German, Russian, and the first ten
/// ordinals of Spanish and Italian. Words are compared in lower case; values up to 99.
package enum NumberWords {
    /// The value of a cardinal or ordinal number word (`one`, `first`, `twenty-second`, `fünfte`, `dixième`,
    /// `третья`), or nil.
    package static func value(_ word: String) -> Int? {
        let word = word.lowercased()
        return cardinal(word) ?? ordinal(word)
    }

    /// An ordinal (`first`, `zweites`, `septième`, `первая`), or nil.
    package static func ordinal(_ word: String) -> Int? {
        let word = word.lowercased()
        guard mayBeNumberWord(word) else { return nil }
        if let value = fixedOrdinals[word] { return value }
        return englishOrdinal(word) ?? germanOrdinal(word) ?? frenchOrdinal(word) ?? russianOrdinal(word)
    }

    /// A cardinal (`one`, `twenty-one`, `drei`, `vingt`, `пять`), or nil.
    package static func cardinal(_ word: String) -> Int? {
        let word = word.lowercased()
        guard mayBeNumberWord(word) else { return nil }
        if let value = englishCardinals[word] ?? frenchCardinals[word] ?? germanCardinal(word) ?? russianCardinals[word] {
            return value
        }
        // `twenty-one`, `vingt-deux`.
        let parts = word.split(separator: "-")
        if parts.count == 2, let tens = englishCardinals[String(parts[0])] ?? frenchCardinals[String(parts[0])], tens >= 20, tens % 10 == 0,
           let unit = englishCardinals[String(parts[1])] ?? frenchCardinals[String(parts[1])], unit < 10 {
            return tens + unit
        }
        return nil
    }

    /// Whether every scalar of `word` (in lower case) is ASCII, a letter of a number word of these tables, or a
    /// combining mark (a decomposed `ö` equals `ö` as Swift compares strings). A word with another letter
    /// (`natásha`) is no number word, told without the suffix tests and dictionary lookups: they took 18 K
    /// instructions a word, for the 663 first words with accents of War and Peace's blocks (callgrind).
    static func mayBeNumberWord(_ word: String) -> Bool {
        word.unicodeScalars.allSatisfy { $0.isASCII || (0x300...0x36F).contains($0.value) || otherLetters.contains($0) }
    }

    /// The letters outside ASCII of every word in the tables and in the rules below (`zwölf`, `dreißig`, `-ième`).
    private static let otherLetters: Set<Unicode.Scalar> = {
        let words = Array(fixedOrdinals.keys) + Array(englishCardinals.keys) + Array(frenchCardinals.keys) + Array(irregular.keys)
            + Array(germanUnits.keys) + Array(russianCardinals.keys) + Array(russianStems.keys) + russianEndings + germanEndings
            + ["zwölf", "dreißig", "ième"]
        return Set(words.flatMap { $0.unicodeScalars.filter { !$0.isASCII } })
    }()

    /// The ordinals that no rule makes (``fixedOrdinals``' words), for a quick test of a heading's first word.
    static var fixedOrdinalWords: Set<String> { Set(fixedOrdinals.keys) }

    /// Ordinals that no rule makes, and the words for the last one (value 0).
    private static let fixedOrdinals: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fifth": 5, "eighth": 8, "ninth": 9, "twelfth": 12, "last": 0, "final": 0,
        "premier": 1, "première": 1, "premiere": 1, "seconde": 2, "dernier": 0, "dernière": 0, "letzte": 0, "letzter": 0, "letztes": 0,
        "primero": 1, "segundo": 2, "tercero": 3, "cuarto": 4, "quinto": 5, "sexto": 6, "séptimo": 7, "octavo": 8,
        "noveno": 9, "décimo": 10, "primo": 1, "secondo": 2, "terzo": 3, "quarto": 4, "sesto": 6, "settimo": 7,
        "ottavo": 8, "nono": 9, "decimo": 10, "последняя": 0, "последний": 0,
    ]

    private static let englishCardinals: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
        "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
        "seventy": 70, "eighty": 80, "ninety": 90,
    ]

    /// `fourth`, `eleventh`, `twentieth`, `twenty-first`.
    private static func englishOrdinal(_ word: String) -> Int? {
        let parts = word.split(separator: "-")
        if parts.count == 2, let tens = englishCardinals[String(parts[0])], tens >= 20, tens % 10 == 0,
           let unit = englishOrdinal(String(parts[1])), unit < 10 {
            return tens + unit
        }
        if let value = fixedOrdinals[word], value > 0, value < 13, word.utf8.allSatisfy({ $0 < 0x80 }) { return value }
        guard parts.count == 1, word.hasSuffix("th") else { return nil }
        let stem = String(word.dropLast(2))
        if stem.hasSuffix("ie"), let tens = englishCardinals[String(stem.dropLast(2)) + "y"], tens >= 20 { return tens }
        if let value = englishCardinals[stem], value > 3 { return value }
        return nil
    }

    private static let frenchCardinals: [String: Int] = [
        "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8, "neuf": 9,
        "dix": 10, "onze": 11, "douze": 12, "treize": 13, "quatorze": 14, "quinze": 15, "seize": 16, "vingt": 20,
        "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60,
    ]

    /// `deuxième`, `cinquième`, `neuvième`, `dix-septième`, `vingt-et-unième`.
    private static func frenchOrdinal(_ word: String) -> Int? {
        guard word.hasSuffix("ième") else { return nil }
        var stem = String(word.dropLast(4))
        if stem.hasSuffix("-et-un") { stem = String(stem.dropLast(6)); return frenchStem(stem).map { $0 + 1 } }
        return frenchStem(stem)
    }

    /// The stems of French ordinals that are not a cardinal (`quatr-ième`). The tables here are built once: made
    /// in the functions, they were built on every call, and chapter detection asks for every short line's words.
    private static let irregular: [String: Int] = ["quatr": 4, "cinqu": 5, "neuv": 9, "onz": 11, "douz": 12, "treiz": 13,
                                                   "quatorz": 14, "quinz": 15, "seiz": 16, "trent": 30, "quarant": 40,
                                                   "cinquant": 50, "soixant": 60]

    private static func frenchStem(_ stem: String) -> Int? {
        if let value = irregular[stem] ?? frenchCardinals[stem] { return value }
        let parts = stem.split(separator: "-")
        if parts.count == 2, let tens = frenchCardinals[String(parts[0])] ?? irregular[String(parts[0]) + ""], tens >= 10,
           let unit = frenchStem(String(parts[1])), unit < 10 {
            return tens + unit
        }
        return nil
    }

    private static let germanUnits: [String: Int] = [
        "ein": 1, "eins": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9,
    ]

    /// `drei`, `zwölf`, `siebzehn`, `einundzwanzig`.
    private static func germanCardinal(_ word: String) -> Int? {
        if let unit = germanUnits[word] { return unit }
        switch word {
        case "zehn": return 10
        case "elf": return 11
        case "zwölf": return 12
        case "sechzehn": return 16
        case "siebzehn": return 17
        case "zwanzig": return 20
        case "dreißig", "dreissig": return 30
        case "sechzig": return 60
        case "siebzig": return 70
        default: break
        }
        if word.hasSuffix("zehn"), let unit = germanUnits[String(word.dropLast(4))], unit >= 3 { return 10 + unit }
        if word.hasSuffix("zig"), let unit = germanUnits[String(word.dropLast(3))], unit >= 4 { return unit * 10 }
        if let and = word.firstRange(of: "und"), let unit = germanUnits[String(word[..<and.lowerBound])],
           let tens = germanCardinal(String(word[and.upperBound...])), tens >= 20, tens % 10 == 0 {
            return tens + unit
        }
        return nil
    }

    private static let germanEndings = ["ste", "ster", "stes", "sten", "stem", "te", "ter", "tes", "ten", "tem"]

    /// `erste`, `zweiter`, `sechstes`, `siebente`, `neunzehnten`, `zwanzigste`, `einundzwanzigster`.
    private static func germanOrdinal(_ word: String) -> Int? {
        for ending in germanEndings where word.hasSuffix(ending) {
            let stem = String(word.dropLast(ending.count))
            switch stem {
            case "ers": return 1
            case "drit": return 3
            case "ach": return 8
            case "sieb", "sieben": return 7
            default: break
            }
            if ending.hasPrefix("s"), let value = germanCardinal(stem), value >= 20 { return value }
            if !ending.hasPrefix("s"), let value = germanCardinal(stem), value < 20, value != 1, value != 3 { return value }
        }
        return nil
    }

    private static let russianCardinals: [String: Int] = [
        "один": 1, "одна": 1, "два": 2, "две": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7, "восемь": 8,
        "девять": 9, "десять": 10,
    ]

    /// `первая`, `второй`, `третье`, `четвёртая`, `одиннадцатый`, `двадцатая`.
    private static let russianStems: [String: Int] = [
        "перв": 1, "втор": 2, "трет": 3, "четверт": 4, "четвёрт": 4, "пят": 5, "шест": 6, "седьм": 7, "восьм": 8,
        "девят": 9, "десят": 10, "одиннадцат": 11, "двенадцат": 12, "тринадцат": 13, "четырнадцат": 14,
        "пятнадцат": 15, "шестнадцат": 16, "семнадцат": 17, "восемнадцат": 18, "девятнадцат": 19, "двадцат": 20,
        "тридцат": 30,
    ]
    private static let russianEndings = ["ый", "ий", "ой", "ая", "яя", "ое", "ее", "ья", "ье", "ьи"]

    private static func russianOrdinal(_ word: String) -> Int? {
        // Every ending is two Cyrillic letters: a word without Cyrillic is passed over at once.
        guard word.utf8.last.map({ $0 >= 0x80 }) == true else { return nil }
        for ending in russianEndings where word.hasSuffix(ending) {
            if let value = russianStems[String(word.dropLast(ending.count))] { return value }
        }
        return nil
    }
}
