import TypesetCore

/// Utterances spoken one after the other into one track: the samples, and every utterance's and word's place in
/// the book and time in the audio (what `typeset speak` writes as a WAV file and its marks).
public struct SpeechTrack: Sendable {
    /// Samples a second.
    public let sampleRate: Int
    /// 16-bit mono samples of every utterance, in order.
    public private(set) var samples: [Int16] = []
    /// The utterances, in order, with the voice that spoke each and its time span.
    public private(set) var utterances: [Entry] = []
    /// The words, in order, with the utterance each belongs to and its time span (to the next word's start, or
    /// the utterance's end).
    public private(set) var words: [Word] = []

    /// One utterance of the track.
    public struct Entry: Sendable {
        /// The utterance.
        public let utterance: Utterance
        /// The voice that spoke it.
        public let voice: SpeechVoice
        /// When it starts and ends, in seconds from the start of the track.
        public let start: Double, end: Double
    }

    /// One word of the track.
    public struct Word: Hashable, Sendable {
        /// Its position in ``SpeechTrack/utterances``.
        public let utterance: Int
        /// Its UTF-16 range in `Publication.text`.
        public let range: Range<UTF16Offset>
        /// When it starts and ends, in seconds from the start of the track.
        public let start: Double, end: Double
    }

    /// An empty track.
    public init(sampleRate: Int) { self.sampleRate = sampleRate }

    /// The track's length in seconds.
    public var duration: Double { sampleRate > 0 ? Double(samples.count) / Double(sampleRate) : 0 }

    /// Appends a spoken utterance (of the same sample rate) after what the track holds.
    public mutating func append(_ spoken: SpokenUtterance) {
        let start = duration
        samples.append(contentsOf: spoken.samples)
        let end = duration
        utterances.append(Entry(utterance: spoken.utterance, voice: spoken.voice, start: start, end: end))
        for (i, mark) in spoken.words.enumerated() {
            let next = i + 1 < spoken.words.count ? spoken.words[i + 1].time : spoken.duration
            words.append(Word(utterance: utterances.count - 1, range: mark.range, start: start + mark.time,
                              end: start + max(mark.time, min(next, spoken.duration))))
        }
    }

    /// The track's marks: each utterance a segment (its range, span, language and voice), each word a word mark.
    public var marks: SpeechMarks {
        let segments = utterances.map {
            SpeechMarks.Segment(range: $0.utterance.range, start: $0.start, end: $0.end, language: $0.utterance.language,
                                voice: $0.voice.identifier)
        }
        return SpeechMarks(segments: segments, words: words.map { SpeechMarks.Word(segment: $0.utterance, range: $0.range, start: $0.start, end: $0.end) },
                           duration: duration)
    }

    /// The track as a WAV file.
    ///
    /// - Throws: ``SpeechError`` `.tooLong` past what a WAV file holds.
    public func wav() throws(SpeechError) -> [UInt8] { try WAVEncoder.encode(samples: samples, sampleRate: sampleRate) }
}
