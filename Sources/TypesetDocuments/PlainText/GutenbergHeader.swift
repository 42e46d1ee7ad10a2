import TypesetCore

/// What a Project Gutenberg file says about itself in its header (`Title: ...`, `Language: French`), read from
/// the lines before `*** START OF THE PROJECT GUTENBERG EBOOK`.
///
/// The language matters: hyphenation and the locale of line breaking follow it. A file without the header (or
/// with a language not listed here) says nothing, and the reader's `--lang` or setting decides.
struct GutenbergHeader {
    /// The book's language as a BCP 47 tag, when the header names one.
    var language: String?
    /// The book's title, when the header gives one.
    var title: String?

    /// English language names as Project Gutenberg writes them, and their BCP 47 tags.
    static let languageTags: [String: String] = [
        "english": "en", "french": "fr", "german": "de", "russian": "ru", "spanish": "es", "italian": "it",
        "portuguese": "pt", "dutch": "nl", "swedish": "sv", "danish": "da", "norwegian": "no", "finnish": "fi",
        "polish": "pl", "czech": "cs", "hungarian": "hu", "latin": "la", "greek": "el", "ancient greek": "grc",
        "chinese": "zh", "japanese": "ja", "arabic": "ar", "hebrew": "he", "catalan": "ca", "esperanto": "eo",
        "ukrainian": "uk", "romanian": "ro", "croatian": "hr", "serbian": "sr", "slovak": "sk", "slovenian": "sl",
        "icelandic": "is", "irish": "ga", "welsh": "cy", "turkish": "tr", "korean": "ko",
    ]

    /// The header of `units`: only the first 200 lines are looked at, and only before the START marker.
    init(_ units: [UInt16]) {
        var lineStart = 0
        var lines = 0
        while lineStart < units.count && lines < 200 {
            var end = lineStart
            while end < units.count, units[end] != 0x0A, units[end] != 0x0D { end += 1 }
            let line = String(decoding: units[lineStart..<end], as: UTF16.self)
            if line.hasPrefix("*** START OF") { break }
            if let value = Self.value(of: "Language:", in: line), language == nil {
                // "French", "English, French" (the first one), "Greek, Ancient (to 1453)".
                let first = value.split(separator: ",").first.map { $0.trimmingSpaces.lowercased() } ?? ""
                language = Self.languageTags[first]
            } else if let value = Self.value(of: "Title:", in: line), title == nil, !value.isEmpty {
                title = value
            }
            lineStart = end
            while lineStart < units.count, units[lineStart] == 0x0A || units[lineStart] == 0x0D { lineStart += 1 }
            lines += 1
        }
    }

    private static func value(of key: String, in line: String) -> String? {
        guard line.hasPrefix(key) else { return nil }
        return line.dropFirst(key.count).trimmingSpaces
    }
}

private extension StringProtocol {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
