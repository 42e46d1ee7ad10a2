import TypesetCore

/// The text eSpeak NG is given for an utterance, and how its word events map to the utterance's words.
///
/// For text written with spaces it is the utterance's text itself: eSpeak reports each word at its position.
/// Chinese and Japanese have no spaces, and eSpeak reports a word only at one: there the text is SSML with a
/// `<mark name="N"/>` before the N-th word of ``Utterance/words`` (ICU's dictionary word break), each word spoken as
/// the book's reading where it gives one (ruby, ``Utterance/readings``, in place of its base) and, in Japanese, as
/// MeCab's pronunciation where it gives none (``JapaneseReadings``), so that kanji are read and not spelled out
/// as "Chinese letter" one by one. Marks, unlike spaces, leave the phrase's prosody and pace as they are.
struct EngineText: Equatable {
    /// What eSpeak speaks: plain text, or SSML when ``isSSML``.
    let string: String
    /// Whether ``string`` is SSML whose marks are the words' indices.
    let isSSML: Bool

    /// Whether `language` writes words without spaces between them (Chinese, Japanese).
    static func isUnspaced(_ language: String?) -> Bool {
        guard let primary = language?.lowercased().split(separator: "-").first else { return false }
        return ["ja", "zh", "cmn", "yue", "wuu", "hak", "nan"].contains(String(primary))
    }

    /// - Parameter japanese: MeCab's readings; nil, the default, is the process's tagger, made (and libmecab
    ///   opened) only when a Japanese utterance first needs it.
    init(_ utterance: Utterance, readings japanese: JapaneseReadings? = nil) {
        guard Self.isUnspaced(utterance.language) else {
            string = utterance.text
            isSSML = false
            return
        }
        let isJapanese = utterance.language?.lowercased().hasPrefix("ja") == true
        let text = Array(utterance.text.utf16)
        let morphemes = isJapanese ? (japanese ?? .shared).morphemes(of: utterance.text) : []
        var pieces = Pieces(text: text, readings: utterance.readings, morphemes: morphemes)
        var output = "<speak>"
        var cursor = 0
        for (index, word) in utterance.words.enumerated() {
            let range = utterance.textRange(ofSourceRange: word)
            guard range.lowerBound >= cursor, !range.isEmpty, range.upperBound <= text.count else { continue }
            // What lies between words (punctuation, a space) as it is: eSpeak pauses at punctuation.
            output += Self.escaped(String(decoding: text[cursor..<range.lowerBound], as: UTF16.self))
            output += "<mark name=\"\(index)\"/>" + Self.escaped(pieces.spoken(range))
            cursor = range.upperBound
        }
        output += Self.escaped(String(decoding: text[min(cursor, text.count)...], as: UTF16.self)) + "</speak>"
        string = output
        isSSML = true
    }

    /// `text` with SSML's special characters escaped (TypesetCore's XML escaping).
    static func escaped(_ text: String) -> String { escapeXML(text) }

    /// The spoken form of stretches of the text: readings first, then morphemes' pronunciations, else the text.
    private struct Pieces {
        let text: [UInt16]
        /// Readings and morphemes by the offset they start at.
        let readings: [Int: Utterance.Reading]
        let morphemes: [Int: JapaneseReadings.Morpheme]
        /// For each unit, whether a reading covers it.
        let read: [Bool]
        /// The end of the text spoken so far: a reading or a morpheme that runs past a word is spoken with the
        /// word it starts in, and the rest of it is not spoken again.
        var spokenThrough = 0

        init(text: [UInt16], readings: [Utterance.Reading], morphemes: [JapaneseReadings.Morpheme]) {
            self.text = text
            var read = [Bool](repeating: false, count: text.count + 1)
            var byStart: [Int: Utterance.Reading] = [:]
            for reading in readings where !reading.textRange.isEmpty && reading.textRange.upperBound <= text.count {
                byStart[reading.textRange.lowerBound] = reading
                for i in reading.textRange { read[i] = true }
            }
            self.readings = byStart
            self.read = read
            var morphemesByStart: [Int: JapaneseReadings.Morpheme] = [:]
            for morpheme in morphemes where !morpheme.range.isEmpty && morpheme.range.upperBound <= text.count {
                morphemesByStart[morpheme.range.lowerBound] = morpheme
            }
            self.morphemes = morphemesByStart
        }

        mutating func spoken(_ range: Range<Int>) -> String {
            var result = ""
            var i = max(range.lowerBound, spokenThrough)
            while i < range.upperBound {
                if let reading = readings[i] {
                    result += reading.reading
                    i = reading.textRange.upperBound
                } else if let morpheme = morphemes[i], !morpheme.range.contains(where: { read[$0] }) {
                    let surface = String(decoding: text[morpheme.range], as: UTF16.self)
                    // Kanji take their pronunciation; kana and anything else are read as written.
                    result += surface.unicodeScalars.contains(where: \.properties.isIdeographic) ? (morpheme.pronunciation ?? surface) : surface
                    i = morpheme.range.upperBound
                } else {
                    let end = i + (UTF16.isLeadSurrogate(text[i]) && i + 1 < text.count ? 2 : 1)
                    result += String(decoding: text[i..<end], as: UTF16.self)
                    i = end
                }
            }
            spokenThrough = max(spokenThrough, i)
            return result
        }
    }
}
