import TypesetCore

/// An utterance spoken: its samples and the time each word starts.
public struct SpokenUtterance: Sendable {
    /// What was spoken.
    public let utterance: Utterance
    /// The voice that spoke it.
    public let voice: SpeechVoice
    /// 16-bit mono samples.
    public let samples: [Int16]
    /// Samples a second.
    public let sampleRate: Int
    /// The words, in order, each with the time it starts, in seconds from the first sample (see
    /// ``Speaker/speak(_:voice:)``).
    public let words: [WordMark]

    /// The audio's length in seconds.
    public var duration: Double { sampleRate > 0 ? Double(samples.count) / Double(sampleRate) : 0 }
}

/// A word of an utterance and when it is spoken.
public struct WordMark: Hashable, Sendable {
    /// The word's UTF-16 range in `Publication.text` (one of `Utterance.words`).
    public let range: Range<UTF16Offset>
    /// When it starts, in seconds from the start of its audio.
    public let time: Double
}
