import TypesetCore

/// Guesses the language of text that does not say it, with libexttextcat (LibreOffice's n-gram guesser, Debian's
/// `libexttextcat-data` models), so that hyphenation and line breaking follow a plain-text book's language.
///
/// Only the models of languages a reading app meets in books are loaded (those with hyphenation patterns, and the
/// major languages of Project Gutenberg and Aozora Bunko: `modelLanguages`), once per process, since loading
/// every model is slow. Chinese, Japanese and Korean are told by their scripts, and Chinese as Simplified or Traditional
/// by the characters it uses (the models confused them). A sample too short or too mixed gets no answer.
package enum LanguageIdentifier {
    /// Where Debian installs the models.
    package static let modelDirectory = "/usr/share/libexttextcat/"

    /// The models loaded: file name, libexttextcat's name for the language, and its BCP 47 tag.
    static let modelLanguages: [(file: String, name: String, tag: String)] = {
        let tags = ["en", "fr", "de", "es", "it", "pt", "nl", "sv", "da", "nb", "nn", "fi", "is", "pl", "cs", "sk", "sl",
                    "hr", "hu", "ro", "lt", "lv", "et", "ru", "uk", "be", "bg", "el", "grc", "la", "ca", "eu", "gl", "ga",
                    "cy", "eo", "tr", "ar", "fa", "he", "yi", "hi", "bn", "ta", "th", "vi", "id", "af", "ja", "ko"]
        return tags.map { ($0 + ".lm", $0 + "--utf8", $0) }
            + [("zh-Hans.lm", "zh-CN-utf8", "zh-Hans"), ("zh-Hant.lm", "zh-TW-utf8", "zh-Hant"),
               ("sr-Cyrl.lm", "sr--utf8", "sr-Cyrl"), ("sr-Latn.lm", "sh--utf8", "sr-Latn")]
    }()

    /// The model files by full path, with libexttextcat's name for each language, in the order they are scored.
    package static var modelFiles: [(path: String, name: String)] { modelLanguages.map { (modelDirectory + $0.file, $0.name) } }

    /// The models, read on first use (nil when one cannot be read).
    private static let classifier = TextCatClassifier(files: modelFiles)

    /// libexttextcat's candidates for UTF-8 `sample`, best first (empty for "short" or "unknown"); nil when the
    /// models cannot be read.
    package static func candidates(of sample: [UInt8]) -> [String]? {
        classifier?.classify(sample)
    }

    /// The BCP 47 tag of the language of `units` (a sample of a book's visible text), or nil when the guess is
    /// unsure, the sample too short, or the models missing.
    package static func language(of units: ArraySlice<UInt16>) -> String? {
        // Chinese, Japanese and Korean are told by their scripts (the n-gram models mix them up).
        if let east = eastAsianLanguage(units) { return east }
        let sample = Array(String(decoding: units, as: UTF16.self).utf8)
        guard sample.count >= 64 else { return nil }
        let candidates = classifier?.classify(sample) ?? []
        // More than three close candidates is no answer.
        guard let best = candidates.first, candidates.count <= 3,
              let tag = modelLanguages.first(where: { $0.name == best })?.tag else { return nil }
        if tag.hasPrefix("zh") { return chineseScript(units) }
        return tag
    }

    /// `ja` for text with kana, `ko` for Hangul, Chinese for Han alone, when those scripts are most of the
    /// letters; else nil.
    static func eastAsianLanguage(_ units: ArraySlice<UInt16>) -> String? {
        var han = 0, kana = 0, hangul = 0, letters = 0
        for unit in units {
            switch unit {
            case 0x3041...0x30FF: kana += 1
            case 0x3400...0x9FFF, 0xF900...0xFAFF: han += 1
            case 0xAC00...0xD7A3, 0x1100...0x11FF: hangul += 1
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x2FF, 0x370...0x52F, 0x590...0x6FF: letters += 1
            default: break
            }
        }
        let east = han + kana + hangul
        guard east >= 30, east > letters * 2 else { return nil }
        if hangul * 4 > east { return "ko" }
        if kana * 10 > east { return "ja" }
        return chineseScript(units)
    }

    /// `zh-Hant` or `zh-Hans`, by the characters the text uses among pairs that differ between the two.
    static func chineseScript(_ units: ArraySlice<UInt16>) -> String {
        let traditional: Set<UInt16> = Set("這說們個來時會為對國學後裡見們長開間問說話門東車馬書還過".utf16)
        let simplified: Set<UInt16> = Set("这说们个来时会为对国学后里见们长开间问说话门东车马书还过".utf16)
        var t = 0, s = 0
        for unit in units {
            if traditional.contains(unit) && !simplified.contains(unit) { t += 1 }
            if simplified.contains(unit) && !traditional.contains(unit) { s += 1 }
        }
        return t > s ? "zh-Hant" : "zh-Hans"
    }
}
