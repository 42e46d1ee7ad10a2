import Testing
import TypesetCore
import TypesetDocuments
import TypesetSpeech
import TypesetTestSupport

/// Chinese and Japanese read aloud (issue 36: a 48-character Japanese sentence took 23.6 s with 2 word marks): a
/// mark per word of ICU's dictionary word break, the book's ruby readings spoken instead of their base, kanji
/// without ruby read through MeCab, and a rate within 20 % of eSpeak's on the same text in kana. And the words a
/// voice's event misses (German, French: punctuation before them).
@Suite struct UnspacedSpeechTests {
    static func spoken(_ aozora: String, sentence: Int = 0) throws -> SpokenUtterance {
        let document = try PlainTextReader().read(bytes: Array(aozora.utf8), name: "a.txt")
        let utterances = Array(try document.publication(href: "a.txt").utterances())
        let utterance = try #require(utterances.dropFirst(sentence).first)
        return try Speaker.shared().speak(utterance)
    }

    /// eSpeak's duration for `kana` in its Japanese voice, spoken as one utterance given as it is (a text in no
    /// language, so neither marks nor readings are added).
    static func kanaDuration(_ kana: String) throws -> Double {
        let utterance = try #require(Array(try Publication(text: StyledText(plain: kana, language: nil), href: "k.txt").utterances()).first)
        let speaker = try Speaker.shared()
        return try speaker.speak(utterance, voice: speaker.voice(for: "ja").voice).duration
    }

    /// Sentences of Aozora Bunko's books with their ruby, and the whole sentence in kana as it is read.
    static let japanese: [(source: String, kana: String)] = [
        ("メロスは激怒《げきど》した。", "めろすはげきどした。"),
        ("必ず、かの邪智暴虐《じゃちぼうぎゃく》の王を除かなければならぬと決意した。", "かならず、かのじゃちぼうぎゃくのおうをのぞかなければならぬとけついした。"),
        ("吾輩《わがはい》は猫である。", "わがはいはねこである。"),
        ("どこで生《うま》れたかとんと見当《けんとう》がつかぬ。", "どこでうまれたかとんとけんとうがつかぬ。"),
        ("何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。", "なんでもうすぐらいじめじめしたところでにゃーにゃーないていたことだけはきおくしている。"),
    ]

    @Test(arguments: japanese.indices)
    func japaneseIsReadAtEspeaksRateWithAMarkPerWord(index: Int) throws {
        let (source, kana) = Self.japanese[index]
        // Three readings in the file make it Aozora Bunko's notation.
        let file = "走れメロス\n太宰治\n\n　猫《ねこ》と犬《いぬ》と鳥《とり》。\n　\(source)\n"
        let spoken = try Self.spoken(file, sentence: 3)
        SpeakerTests.checkMarks(spoken)
        let utterance = spoken.utterance
        #expect(utterance.text == source.replacing(/《[^》]*》/, with: ""), "the page's text: \(utterance.text)")
        // A mark per word (eSpeak may run two short words together).
        #expect(spoken.words.count * 10 >= utterance.words.count * 8, "\(spoken.words.count) marks for \(utterance.words.count) words")
        let reference = try Self.kanaDuration(kana)
        #expect(abs(spoken.duration / reference - 1) <= 0.2, "\(source): \(spoken.duration) s, eSpeak on the kana \(reference) s")
    }

    @Test func rubyReadingsReplaceTheirBaseInWhatTheVoiceIsGiven() throws {
        let file = "走れメロス\n\n　猫《ねこ》と犬《いぬ》と鳥《とり》。\n　かの邪智暴虐《じゃちぼうぎゃく》の王。\n"
        let spoken = try Self.spoken(file, sentence: 2)
        #expect(spoken.utterance.readings.map(\.reading) == ["じゃちぼうぎゃく"])
        let reading = try #require(spoken.utterance.readings.first)
        let base = Array(spoken.utterance.text.utf16)[reading.textRange]
        #expect(String(decoding: base, as: UTF16.self) == "邪智暴虐")
        // Each word of the sentence is marked once, in order (SpeakerTests.checkMarks), the ruby base among them.
        SpeakerTests.checkMarks(spoken)
        #expect(spoken.words.contains { spoken.utterance.textRange(ofSourceRange: $0.range).overlaps(reading.textRange) })
    }

    @Test func chineseGetsAMarkPerWordAtEspeaksRate() throws {
        let text = "話說大宋仁宗天子在位，嘉祐三年三月三日五更三點，天子駕坐紫宸殿，受百官朝賀。"
        let utterance = try #require(Array(try Publication(text: StyledText(plain: text, language: "zh-Hant"), href: "z.txt").utterances()).first)
        let spoken = try Speaker.shared().speak(utterance)
        SpeakerTests.checkMarks(spoken)
        #expect(spoken.words.count * 10 >= utterance.words.count * 8)
    }

    /// Every word of the first sentences of the corpus books is marked: eSpeak's dictionaries read some pairs as
    /// one word (German `es ist`, `noch nicht`, `nicht mehr`: 39 of the first 10,290 words of Die Verwandlung had no
    /// event) and gave the second no event; in the first 25 sentences from where each book opens, 11 words of
    /// Moby-Dick, 2 of Капитанская дочка and 1 of Monte-Cristo went unmarked before interpolation.
    @Test(arguments: ["kafka-die-verwandlung.de.txt", "dumas-le-comte-de-monte-cristo-tome-1.fr.txt", "melville-moby-dick.txt",
                      "pushkin-kapitanskaya-dochka.ru.txt"])
    func everyWordOfABooksFirstSentencesIsMarked(name: String) throws {
        let document = try PlainTextReader().read(path: try Fixtures.corpusPath(name))
        let publication = document.publication(href: name)
        var unmarked: [String] = []
        var words = 0
        for utterance in try publication.utterances(from: publication.startOffset).prefix(25) {
            let spoken = try Speaker.shared().speak(utterance)
            words += utterance.words.count
            for word in utterance.words where !spoken.words.contains(where: { $0.range == word }) {
                let range = utterance.textRange(ofSourceRange: word)
                unmarked.append(String(decoding: Array(utterance.text.utf16)[range], as: UTF16.self))
            }
        }
        #expect(unmarked.isEmpty, "\(name): \(unmarked.count) of \(words) words unmarked: \(unmarked.prefix(20))")
    }
}
