/// The quotation marks `<q>` is drawn with (CSS `quotes: auto`): by the language the content document gives the
/// element (its `lang` or `xml:lang`, inherited), never by the package's language, which says what the book is
/// mostly in, not how an unmarked document quotes (W3C's pkg-lang_but_not_content). Unknown or unmarked
/// languages take English marks, as browsers do.
struct QuotationMarks: Equatable {
    let open: String
    let close: String

    /// Characters that open or close a quotation in some language.
    static let characters: Set<Character> = ["\"", "'", "“", "”", "„", "‟", "‘", "’", "‚", "«", "»", "‹", "›", "「", "」", "『", "』"]

    init(open: String, close: String) { self.open = open; self.close = close }

    /// The marks `quotes` gives a quotation `depth` quotations deep (0 for the outermost) in `language`: the
    /// language's for `auto`, none for `none`, else the book's pair for that depth (the last for deeper ones).
    init(quotes: CSSQuotes, language: String?, depth: Int) {
        switch quotes {
        case .auto: self.init(language: language, depth: depth)
        case .none: self.init(open: "", close: "")
        case .pairs(let pairs):
            let pair = pairs[min(max(0, depth), pairs.count - 1)]
            self.init(open: pair.open, close: pair.close)
        }
    }

    /// The marks for a quotation `depth` quotations deep (0 for the outermost) in `language` (BCP 47).
    init(language: String?, depth: Int) {
        let subtags = (language ?? "").lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
        let primary = subtags.first.map(String.init) ?? ""
        let pairs: [(String, String)]
        switch primary {
        case "fr": pairs = [("«\u{202F}", "\u{202F}»"), ("“", "”")]
        case "de", "cs", "sk", "sl", "lt", "is", "ka": pairs = [("„", "“"), ("‚", "‘")]
        case "da": pairs = [("»", "«"), ("›", "‹")]
        case "pl", "ro", "hu", "hr", "bg": pairs = [("„", "”"), ("«", "»")]
        case "ru", "uk", "be": pairs = [("«", "»"), ("„", "“")]
        case "es", "it", "pt", "ca", "el", "no", "nb", "nn", "ar", "fa", "hy", "eu", "gl": pairs = [("«", "»"), ("“", "”")]
        case "sv", "fi": pairs = [("”", "”"), ("’", "’")]
        case "nl": pairs = [("‘", "’"), ("“", "”")]
        case "he": pairs = [("”", "”"), ("’", "’")]
        case "ja": pairs = [("「", "」"), ("『", "』")]
        case "zh": pairs = subtags.contains("hant") || subtags.contains("tw") || subtags.contains("hk")
            ? [("「", "」"), ("『", "』")] : [("“", "”"), ("‘", "’")]
        default: pairs = [("“", "”"), ("‘", "’")]
        }
        // Deeper quotations alternate between the two pairs.
        let pair = pairs[max(0, depth) % pairs.count]
        open = pair.0
        close = pair.1
    }
}
