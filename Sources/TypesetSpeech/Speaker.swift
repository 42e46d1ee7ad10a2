internal import CEspeak
import TypesetCore

/// Reads utterances aloud with eSpeak NG, into samples, with the time each word is spoken at.
///
/// ```swift
/// let speaker = try Speaker.shared()
/// for utterance in session.utterances().prefix(3) {
///     let spoken = try speaker.speak(utterance)        // the voice of the utterance's language
///     play(spoken.samples, rate: spoken.sampleRate)     // and light spoken.words[i].range at spoken.words[i].time
/// }
/// ```
///
/// **One per process, serialised.** eSpeak NG's API is global (one voice, one callback, one synthesis at a time)
/// and not thread-safe, so this class is its only owner: ``shared()`` initialises it once, and every call into
/// eSpeak, from any thread, goes through one lock. A synthesis on another thread waits for the one in progress.
public final class Speaker: Sendable {
    /// Samples a second of everything eSpeak produces (22,050 for its own voices).
    public let sampleRate: Int
    /// Every voice eSpeak has, in its order.
    public let voices: [SpeechVoice]
    /// Held for every call into eSpeak (see the type's documentation).
    private let lock = Locked(())

    private static let instance: Result<Speaker, SpeechError> = Result { () throws(SpeechError) -> Speaker in try Speaker() }

    /// The process's speaker, started on first use.
    ///
    /// - Throws: ``SpeechError`` `.unavailable` when eSpeak NG cannot start (its library, Debian's
    ///   `libespeak-ng1`, which is loaded here and not when the program starts, or its data, `espeak-ng-data`, is
    ///   not installed); the same error on every later call.
    public static func shared() throws(SpeechError) -> Speaker { try instance.get() }

    private init() throws(SpeechError) {
        var message = [CChar](repeating: 0, count: 400)
        guard CEspeak_load(&message, message.count) == 0 else {
            throw SpeechError(.unavailable, String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        // DONT_EXIT: by default eSpeak calls exit() when it cannot find its data.
        let rate = CEspeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, espeakINITIALIZE_DONT_EXIT)
        guard rate > 0 else {
            throw SpeechError(.unavailable, "eSpeak NG cannot start: its voice data (Debian's espeak-ng-data) is missing")
        }
        sampleRate = Int(rate)
        CEspeak_SetSynthCallback(collectSynthesis)
        voices = Speaker.listVoices()
    }

    /// The voice for BCP 47 tag `language` (`best(for:)` over ``voices``); English with a reason when there is
    /// none for it or no language is given.
    public func voice(for language: String?) -> VoiceChoice {
        if let language, let voice = voices.best(for: language) { return VoiceChoice(voice: voice, fallbackReason: nil) }
        let fallback = voices.best(for: "en") ?? voices.first ?? SpeechVoice(identifier: "en", name: "English", languages: [])
        let reason = language.map { "eSpeak NG has no voice for \"\($0)\"" } ?? "the text does not say its language"
        return VoiceChoice(voice: fallback, fallbackReason: "\(reason); using \(fallback.name) (\(fallback.identifier))")
    }

    /// The voice with identifier or name `name` (`gmw/en-US`, `English (America)`), if eSpeak has it.
    public func voice(named name: String) -> SpeechVoice? {
        voices.first { $0.identifier == name } ?? voices.first { $0.name == name }
            ?? voices.first { $0.identifier.split(separator: "/").last.map(String.init) == name }
    }

    /// Speaks `utterance` in `voice` (by default the voice of its language), returning the samples and the time
    /// of each word eSpeak reports.
    ///
    /// Word marks come from eSpeak's word events: each event's character position in `Utterance.text` is mapped
    /// to the book and to the word of `Utterance.words` holding it. Events that fall on no word (punctuation, an
    /// emoji read as a name) or on the word already marked (the several words a number is read as) add no mark, so
    /// marks are whole words of the utterance, in order, with times that never decrease.
    ///
    /// - Throws: ``SpeechError`` when eSpeak refuses the voice or the text.
    public func speak(_ utterance: Utterance, voice: SpeechVoice? = nil) throws(SpeechError) -> SpokenUtterance {
        let chosen = voice ?? self.voice(for: utterance.language).voice
        let engineText = EngineText(utterance)
        let collector = SynthesisCollector()
        let status: Int32 = lock.withLock { _ in
            let selected = chosen.identifier.withCString { CEspeak_SetVoiceByName($0) }
            guard selected == EE_OK else { return -1 }
            activeCollector = collector
            defer { activeCollector = nil }
            let bytes = Array(engineText.string.utf8) + [0]
            let result = bytes.withUnsafeBufferPointer { buffer in
                CEspeak_Synth(buffer.baseAddress, buffer.count, 0, POS_CHARACTER, 0,
                              UInt32(espeakCHARS_UTF8 | espeakENDPAUSE | (engineText.isSSML ? espeakSSML : 0)), nil, nil)
            }
            guard result == EE_OK else { return Int32(result.rawValue) }
            return CEspeak_Synchronize() == EE_OK ? 0 : -2
        }
        switch status {
        case 0: break
        case -1: throw SpeechError(.unknownVoice, "eSpeak NG cannot select the voice \(chosen.identifier)")
        default: throw SpeechError(.synthesisFailed, "eSpeak NG failed to speak \"\(utterance.text.prefix(40))\" (error \(status))")
        }
        return SpokenUtterance(utterance: utterance, voice: chosen, samples: collector.samples, sampleRate: sampleRate,
                               words: Speaker.interpolated(engineText.isSSML ? Speaker.marks(ssml: collector.markEvents, in: utterance)
                                   : Speaker.marks(collector.wordEvents, in: utterance), in: utterance,
                                   duration: Double(collector.samples.count) / Double(max(sampleRate, 1))))
    }

    /// Word marks from eSpeak's word events (character position, 1-based, in code points of the text given to
    /// eSpeak; time in milliseconds).
    ///
    /// An event on no word of the utterance marks the next word not yet marked when no later event falls before
    /// it: eSpeak puts a word's event on the punctuation that opens it (`»Was`, `„Ja`, `(so`), and those words
    /// went unmarked.
    static func marks(_ events: [(position: Int, milliseconds: Int)], in utterance: Utterance) -> [WordMark] {
        let words = utterance.words
        // The word index of each event, or nil.
        var indices: [Int?] = []
        do {
            // The UTF-16 offset in the text of each code point.
            var starts: [Int] = []
            var offset = 0
            for scalar in utterance.text.unicodeScalars {
                starts.append(offset)
                offset += scalar.utf16.count
            }
            let sources = events.map { event -> UTF16Offset? in
                let index = event.position - 1
                guard index >= 0, index < starts.count else { return nil }
                return utterance.sourceRange(ofTextRange: starts[index]..<(starts[index] + 1)).lowerBound
            }
            for (k, source) in sources.enumerated() {
                guard let source else { indices.append(nil); continue }
                let containing = words.partitioningIndex { $0.upperBound > source }
                if containing < words.count, words[containing].contains(source) { indices.append(containing); continue }
                // Punctuation before a word: the word, unless the next event comes first.
                let nextEvent = sources[(k + 1)...].lazy.compactMap { $0 }.first
                if containing < words.count, nextEvent.map({ words[containing].lowerBound < $0 }) ?? true {
                    indices.append(containing)
                } else {
                    indices.append(nil)
                }
            }
        }
        return marks(indices.map { $0 }, times: events.map(\.milliseconds), words: words)
    }

    /// `marks` with a mark for every word of the utterance: a word eSpeak gave no event of its own (German `ist`
    /// in `es ist`, `nicht` in `noch nicht`: its dictionary reads such pairs as one word, and 39 of the first
    /// 10,290 words of Die Verwandlung went unmarked) starts at a time interpolated between the marks around it
    /// by the characters before it; after the last mark, towards the end of the audio.
    static func interpolated(_ marks: [WordMark], in utterance: Utterance, duration: Double) -> [WordMark] {
        let words = utterance.words
        guard !marks.isEmpty, marks.count < words.count else { return marks }
        var result: [WordMark] = []
        result.reserveCapacity(words.count)
        var next = 0  // the next mark
        var index = 0
        while index < words.count {
            if next < marks.count, marks[next].range == words[index] {
                result.append(marks[next])
                next += 1
                index += 1
                continue
            }
            guard let previous = result.last else { index += 1; continue }  // before the first mark: none
            // The unmarked words up to the next mark share the time from the previous mark to it by their length.
            var end = index
            while end < words.count, next >= marks.count || marks[next].range != words[end] { end += 1 }
            let until = next < marks.count ? marks[next].time : max(previous.time, duration * 0.95)
            let from = previous.range.lowerBound
            let to = end < words.count ? words[end].lowerBound : words[end - 1].upperBound
            for k in index..<end {
                let share = Double(words[k].lowerBound - from) / Double(max(1, to - from))
                result.append(WordMark(range: words[k], time: previous.time + (until - previous.time) * share))
            }
            index = end
        }
        return result
    }

    /// Word marks from the SSML marks of an ``EngineText``: each mark's name is its word's index.
    static func marks(ssml events: [(name: String, milliseconds: Int)], in utterance: Utterance) -> [WordMark] {
        marks(events.map { Int($0.name) }, times: events.map(\.milliseconds), words: utterance.words)
    }

    /// Marks for the words `indices` (nil: no word) at `times` (milliseconds): in order, each word once, times
    /// that never decrease.
    private static func marks(_ indices: [Int?], times: [Int], words: [Range<UTF16Offset>]) -> [WordMark] {
        var marks: [WordMark] = []
        for (milliseconds, index) in zip(times, indices) {
            guard let index, index < words.count else { continue }
            let word = words[index]
            if let last = marks.last, word.lowerBound < last.range.upperBound { continue }
            let time = Double(max(milliseconds, 0)) / 1000
            marks.append(WordMark(range: word, time: max(time, marks.last?.time ?? 0)))
        }
        return marks
    }

    /// eSpeak's voices: their identifiers, names and prioritised languages (a byte of priority, then the
    /// NUL-terminated language, until a zero byte).
    private static func listVoices() -> [SpeechVoice] {
        guard let list = CEspeak_ListVoices(nil) else { return [] }
        var voices: [SpeechVoice] = []
        var index = 0
        while let entry = list[index] {
            index += 1
            let voice = entry.pointee
            guard let identifier = voice.identifier.map({ String(cString: $0) }) else { continue }
            var languages: [(tag: String, priority: Int)] = []
            if var cursor = voice.languages {
                while cursor.pointee != 0 {
                    let priority = Int(UInt8(bitPattern: cursor.pointee))
                    let tag = String(cString: cursor + 1)
                    languages.append((tag.lowercased(), priority))
                    cursor += 2 + tag.utf8.count
                }
            }
            voices.append(SpeechVoice(identifier: identifier, name: voice.name.map { String(cString: $0) } ?? identifier,
                                      languages: languages))
        }
        return voices
    }
}

/// What one synthesis produced, filled by eSpeak's callback on the thread that called `espeak_Synth` (under the
/// speaker's lock), read after it returns.
final class SynthesisCollector {
    var samples: [Int16] = []
    var wordEvents: [(position: Int, milliseconds: Int)] = []
    var markEvents: [(name: String, milliseconds: Int)] = []
}

/// The collector of the synthesis in progress. Set, used by the callback and cleared only under the speaker's
/// lock, on the thread that holds it (eSpeak calls back synchronously), so no two threads ever touch it at once.
nonisolated(unsafe) private var activeCollector: SynthesisCollector?

/// eSpeak's synthesis callback: appends the samples and word events to the active collector.
private func collectSynthesis(_ wav: UnsafeMutablePointer<Int16>?, _ count: Int32,
                              _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let collector = activeCollector else { return 0 }
    if let wav, count > 0 { collector.samples.append(contentsOf: UnsafeBufferPointer(start: wav, count: Int(count))) }
    guard var event = events else { return 0 }
    while event.pointee.type != espeakEVENT_LIST_TERMINATED {
        if event.pointee.type == espeakEVENT_WORD {
            collector.wordEvents.append((Int(event.pointee.text_position), Int(event.pointee.audio_position)))
        } else if event.pointee.type == espeakEVENT_MARK, let name = event.pointee.id.name {
            collector.markEvents.append((String(cString: name), Int(event.pointee.audio_position)))
        }
        event += 1
    }
    return 0
}
