import Dispatch
import Testing
import TypesetCore
import TypesetSpeech
import TypesetTestSupport

/// Reading aloud with eSpeak NG: voices by language, word marks from eSpeak's word events, one track, WAV files,
/// and eSpeak's global state used from several threads.
@Suite struct SpeakerTests {
    static func utterances(_ string: String, language: String? = "en") throws -> [Utterance] {
        Array(try Publication(text: StyledText(plain: string, language: language), href: "book.txt").utterances())
    }

    /// Checks what every spoken utterance must hold: audio, and marks that are whole words of the utterance, in
    /// order, inside it, with times that never decrease and fall within the audio.
    static func checkMarks(_ spoken: SpokenUtterance, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!spoken.samples.isEmpty && spoken.duration > 0.2, sourceLocation: sourceLocation)
        #expect(!spoken.words.isEmpty, sourceLocation: sourceLocation)
        for (a, b) in zip(spoken.words, spoken.words.dropFirst()) {
            #expect(a.range.upperBound <= b.range.lowerBound, "\(a.range) then \(b.range)", sourceLocation: sourceLocation)
            #expect(a.time <= b.time, sourceLocation: sourceLocation)
        }
        for mark in spoken.words {
            #expect(spoken.utterance.words.contains(mark.range), sourceLocation: sourceLocation)
            #expect(spoken.utterance.range.lowerBound <= mark.range.lowerBound && mark.range.upperBound <= spoken.utterance.range.upperBound,
                    sourceLocation: sourceLocation)
            #expect(mark.time >= 0 && mark.time < spoken.duration, sourceLocation: sourceLocation)
        }
    }

    @Test func aSentencesWordMarksAreMonotonicAndInsideIt() throws {
        let speaker = try Speaker.shared()
        let utterance = try #require(try Self.utterances(
            "Well, Prince, so Genoa and Lucca are now just family estates of the Buonapartes. But I warn you.").first)
        let spoken = try speaker.speak(utterance)
        Self.checkMarks(spoken)
        #expect(spoken.voice.identifier == "gmw/en")
        #expect(spoken.sampleRate == speaker.sampleRate)
        // eSpeak reports a word event for each of these words.
        #expect(spoken.words.count >= 12)
        #expect(spoken.words.first?.range == utterance.words.first)
        #expect(spoken.words.first?.time == 0)
    }

    /// Numbers read as several words, an emoji read by its name, accents and a soft line end: marks stay whole
    /// words, in order.
    @Test func numbersEmojiAndAccentsKeepMarksInOrder() throws {
        let speaker = try Speaker.shared()
        for string in ["In 1805 the 😀 army of 20,000 men marched on Braunau.", "Natásha's naïve café\nrésumé was 3.5 pages."] {
            let utterance = try #require(try Self.utterances(string).first)
            Self.checkMarks(try speaker.speak(utterance))
        }
    }

    /// Each utterance is spoken in the voice of its language; a language eSpeak lacks, or none, gets English and
    /// says why.
    @Test func theVoiceFollowsTheLanguage() throws {
        let speaker = try Speaker.shared()
        #expect(speaker.voice(for: "en").voice.identifier == "gmw/en")
        #expect(speaker.voice(for: "en-US").voice.identifier == "gmw/en-US")
        #expect(speaker.voice(for: "fr").voice.identifier == "roa/fr")
        #expect(speaker.voice(for: "fr-CA").voice.identifier == "roa/fr")
        #expect(speaker.voice(for: "zh-Hant").voice.identifier == "sit/cmn")
        #expect(speaker.voice(for: "de_AT").voice.identifier == "gmw/de")
        #expect(speaker.voice(for: "fr").fallbackReason == nil)
        let unknown = speaker.voice(for: "tlh")
        #expect(unknown.voice.identifier == "gmw/en")
        #expect(unknown.fallbackReason?.contains("no voice for \"tlh\"") == true)
        #expect(speaker.voice(for: nil).fallbackReason?.contains("does not say its language") == true)
        #expect(speaker.voice(named: "gmw/en-US")?.name == "English (America)")
        #expect(speaker.voice(named: "no such voice") == nil)

        let french = try #require(try Self.utterances("Bonjour, mon ami. Comment allez-vous ?", language: "fr").first)
        let spokenFrench = try speaker.speak(french)
        #expect(spokenFrench.voice.identifier == "roa/fr")
        Self.checkMarks(spokenFrench)
        let chinese = try #require(try Self.utterances("賈寶玉說道：這是甚麼？", language: "zh-Hant").first)
        let spokenChinese = try speaker.speak(chinese)
        #expect(spokenChinese.voice.identifier == "sit/cmn")
        Self.checkMarks(spokenChinese)
    }

    /// Utterances spoken one after the other make one track: times add up, words stay in order.
    @Test func aTrackOfSeveralUtterances() throws {
        let speaker = try Speaker.shared()
        let utterances = try Self.utterances("First sentence here. A second one follows. And a third.")
        var track = SpeechTrack(sampleRate: speaker.sampleRate)
        for utterance in utterances { track.append(try speaker.speak(utterance)) }
        #expect(track.utterances.count == 3)
        #expect(track.utterances.first?.start == 0)
        for (a, b) in zip(track.utterances, track.utterances.dropFirst()) { #expect(a.end == b.start) }
        #expect(abs((track.utterances.last?.end ?? 0) - track.duration) < 1e-9)
        for (a, b) in zip(track.words, track.words.dropFirst()) {
            #expect(a.start <= b.start && a.end <= b.start + 1e-9 && a.range.upperBound <= b.range.lowerBound)
        }
        for word in track.words {
            let entry = track.utterances[word.utterance]
            #expect(entry.start <= word.start && word.end <= entry.end + 1e-9)
        }
        let wav = try track.wav()
        #expect(wav.count == 44 + 2 * track.samples.count)
    }

    /// eSpeak's state is global: speaking from several threads at once gives what speaking alone gives (the same
    /// words marked, about the same length: eSpeak's output varies by a few samples from one call to the next even
    /// on one thread).
    @Test func speakingFromSeveralThreadsIsSerialised() throws {
        let speaker = try Speaker.shared()
        let utterances = try Self.utterances("One thread speaks this. Another speaks that. A third says something else. The fourth ends.")
        let alone = try utterances.map { try speaker.speak($0) }
        let results = Locked([SpokenUtterance?](repeating: nil, count: utterances.count * 3))
        DispatchQueue.concurrentPerform(iterations: utterances.count * 3) { i in
            let spoken = try? speaker.speak(utterances[i % utterances.count])
            results.withLock { $0[i] = spoken }
        }
        let together = results.withLock { $0 }
        for (i, spoken) in together.enumerated() {
            let expected = alone[i % utterances.count]
            let spoken = try #require(spoken)
            Self.checkMarks(spoken)
            #expect(spoken.words.map(\.range) == expected.words.map(\.range))
            #expect(abs(spoken.duration - expected.duration) < 0.05 * expected.duration, "\(spoken.duration) s against \(expected.duration) s")
        }
    }

    /// A WAV file: RIFF header, PCM, one channel, 16 bits, little-endian samples.
    @Test func wavFilesHaveTheirHeader() throws {
        let bytes = try WAVEncoder.encode(samples: [0, 1, -1], sampleRate: 22_050)
        #expect(bytes.count == 50)
        #expect(Array(bytes[0..<4]) == Array("RIFF".utf8) && Array(bytes[8..<16]) == Array("WAVEfmt ".utf8))
        #expect(Array(bytes[4..<8]) == [42, 0, 0, 0])
        #expect(Array(bytes[20..<24]) == [1, 0, 1, 0])
        #expect(Array(bytes[24..<28]) == [0x22, 0x56, 0, 0])
        #expect(Array(bytes[34..<36]) == [16, 0])
        #expect(Array(bytes[36..<44]) == Array("data".utf8) + [6, 0, 0, 0])
        #expect(Array(bytes[44...]) == [0, 0, 1, 0, 0xFF, 0xFF])
    }
}
